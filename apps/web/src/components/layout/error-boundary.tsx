import { Component, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';

export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('errors.title')}</h1>
      <p className="text-muted-foreground">{t('errors.unexpected')}</p>
      <Button onClick={onRetry ?? (() => window.location.reload())}>{t('errors.reload')}</Button>
    </div>
  );
}

interface State {
  hasError: boolean;
}

/** Catches render errors anywhere below it and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Unhandled render error', error);
  }

  override render() {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}
