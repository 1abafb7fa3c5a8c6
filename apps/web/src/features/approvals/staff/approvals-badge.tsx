// How many proposals wait for a second staff member, on the Approvals tab itself, so staff on
// another tab see that something waits. The same query as the queue's first page: one request
// serves both, and every decision or proposal refreshes it.
import { useQuery } from '@tanstack/react-query';
import { numberFormat } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { proposalsQuery } from './approvals-tab';

export function ApprovalsBadge() {
  const { t } = useTranslation('admin');
  const { data } = useQuery(proposalsQuery('pending'));
  if (!data || data.pending === 0) return null;
  const count = numberFormat(currentLanguage(), 'approvals-badge', {}).format(data.pending);
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold tabular-nums text-accent-foreground"
      data-testid="approvals-badge"
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{t('approvals.badge', { count: data.pending })}</span>
    </span>
  );
}
