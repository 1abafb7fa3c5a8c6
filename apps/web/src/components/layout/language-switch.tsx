import { Languages } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

/**
 * Switches between English and Arabic; the label is the other language, in that language. Its
 * accessible name says what it does and ends with what it shows ("Switch language to Arabic:
 * العربية"), so a voice user can say the word they see (WCAG 2.5.3).
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const current = currentLanguage();
  const other = current === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      size="sm"
      data-language-switch={other}
      onClick={() => void changeLanguage(other)}
    >
      <Languages aria-hidden />
      <span className="sr-only" lang={current}>
        {t('language.switchTo')}:{' '}
      </span>
      <span lang={other}>{other === 'ar' ? 'العربية' : 'English'}</span>
    </Button>
  );
}
