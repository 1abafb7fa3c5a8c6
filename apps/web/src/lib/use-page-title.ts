import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

/** "<page> · Secure Vault", or the brand alone for a page without a title of its own. */
export function pageTitle(title: string, brand: string): string {
  return title ? `${title} · ${brand}` : brand;
}

/** Sets the document title to "<page> · Secure Vault" in the current language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = pageTitle(title, brand);
  }, [title, brand]);
}
