import { Languages } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

/** Switches between English and Arabic; the label is the other language, in that language. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const other = currentLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      size="sm"
      lang={other}
      aria-label={t('language.switchTo')}
      data-language-switch={other}
      onClick={() => void changeLanguage(other)}
    >
      <Languages aria-hidden />
      <span>{other === 'ar' ? 'العربية' : 'English'}</span>
    </Button>
  );
}
