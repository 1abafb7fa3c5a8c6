// What a screen shows when its data did not load: the reason in the page's language and a
// retry button, announced to screen readers. The one place this markup lives: a boxed notice, or
// `inline` inside a line of figures.
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { Alert } from './alert';
import { Button } from './button';

export function LoadError({
  children,
  title,
  onRetry,
  isRetrying = false,
  inline = false,
  className,
}: {
  /** What did not load, e.g. "The users could not be loaded." */
  children: ReactNode;
  /** A heading above the text, for a whole section that did not load. */
  title?: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
  inline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const retry = (
    <Button
      variant={inline ? 'link' : 'outline'}
      size="sm"
      className={inline ? 'h-auto p-0' : undefined}
      aria-busy={isRetrying}
      // Not disabled while retrying: a disabled button would drop the keyboard focus.
      onClick={() => {
        if (!isRetrying) onRetry();
      }}
    >
      {t('retry')}
    </Button>
  );
  if (inline) {
    return (
      <span role="alert" className={cn('inline-flex flex-wrap items-center gap-2', className)}>
        {children}
        {retry}
      </span>
    );
  }
  return (
    <Alert tone="danger" role="alert" className={className}>
      <div className="grid gap-2">
        {title ? <h3 className="font-semibold">{title}</h3> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p>{children}</p>
          {retry}
        </div>
      </div>
    </Alert>
  );
}
