import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { directionOf } from '@secure-vault/shared/i18n';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import { useTheme, watchSystemTheme } from '@/lib/theme';
import { LazyToaster } from '@/lib/toast';
import { ErrorBoundary } from '@/components/layout/error-boundary';

/**
 * At the bottom, on the side where a line ends (full width on phones): toasts never cover the
 * sticky header, its navigation or the impersonation banner above it.
 */
function ThemedToaster() {
  const theme = useTheme();
  useTranslation();
  const dir = directionOf(currentLanguage());
  return (
    <LazyToaster
      theme={theme}
      dir={dir}
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      richColors
      closeButton
      duration={5000}
    />
  );
}

export function PageLoading() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-muted-foreground">
      <Spinner />
    </div>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => watchSystemTheme(), []);
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        {children}
        <ThemedToaster />
      </Suspense>
    </ErrorBoundary>
  );
}
