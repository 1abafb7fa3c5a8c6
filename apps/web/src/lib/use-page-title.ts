import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

/** Sets the document title to "<page> · Secure Vault" in the current language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
