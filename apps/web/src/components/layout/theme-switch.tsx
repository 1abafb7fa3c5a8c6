import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { setTheme, type Theme, themes, useTheme } from '@/lib/theme';
import { Tooltip } from '@/components/ui/tooltip';

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * Light, dark or system, as a small radio group of icon buttons. The checked look follows
 * aria-checked, so the prerendered home page (src/home.ts) only has to set that.
 */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label={t('theme.label')}
      className="inline-flex rounded-md border bg-card p-0.5"
    >
      {themes.map((option: Theme) => {
        const Icon = icons[option];
        const isChecked = theme === option;
        return (
          <Tooltip key={option} content={t(`theme.${option}`)} side="bottom">
            <button
              type="button"
              role="radio"
              aria-checked={isChecked}
              aria-label={t(`theme.${option}`)}
              onClick={() => setTheme(option)}
              data-theme-option={option}
              className="inline-flex size-8 cursor-pointer items-center justify-center rounded-sm text-muted-foreground transition-colors hover:text-foreground aria-checked:bg-muted aria-checked:text-foreground"
            >
              <Icon className="size-4" aria-hidden />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
