// What a screen shows when its data did not load: the reason in the page's language and a
// retry button, announced to screen readers. The one place this markup lives.
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Alert } from './alert';
import { Button } from './button';

export function LoadError({
  children,
  onRetry,
  isRetrying = false,
  className,
}: {
  /** What did not load, e.g. "The users could not be loaded." */
  children: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert tone="danger" role="alert" className={className}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p>{children}</p>
        <Button
          variant="outline"
          size="sm"
          aria-busy={isRetrying}
          // Not disabled while retrying: a disabled button would drop the keyboard focus.
          onClick={() => {
            if (!isRetrying) onRetry();
          }}
        >
          {t('retry')}
        </Button>
      </div>
    </Alert>
  );
}
