// Approvals (DESIGN §4 "Dual control"): every staff change of value on a customer's account waits
// here as a proposal until a staff member other than its maker approves it (the change then takes
// effect, once) or rejects it with a reason; its maker may withdraw it. Pending ones oldest first,
// as they are to be decided in turn; decided ones newest first, with how, by whom and why.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as approvals from '@secure-vault/shared/approvals/contracts';
import { proposalPageSize } from '@secure-vault/shared/approvals';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { apiQueryOptions } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import {
  ApprovalsDecisionDialog,
  type ProposalChoice,
  useDecidingProposals,
} from './approvals-decision-dialog';
import { ApprovalsList } from './approvals-list';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';

const pageSize = proposalPageSize.default;

type View = 'pending' | 'decided';

/** The list of one view and page; the first page of pending ones also feeds the tab's badge. */
export function proposalsQuery(state: View, page = 1) {
  return apiQueryOptions(approvals.listProposals, { query: { state, page, pageSize } });
}

function ViewSwitch({
  view,
  pending,
  onChange,
}: {
  view: View;
  /** Pending proposals in all, once loaded. */
  pending: number | undefined;
  onChange: (view: View) => void;
}) {
  const { t } = useTranslation('admin');
  const label = (option: View) =>
    option === 'pending' && pending !== undefined
      ? t('approvals.views.pendingCount', { count: pending })
      : t(`approvals.views.${option}`);
  return (
    <div
      role="group"
      aria-label={t('approvals.views.label')}
      className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1"
    >
      {(['pending', 'decided'] as const).map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={view === option ? 'outline' : 'ghost'}
          aria-pressed={view === option}
          className={view === option ? 'bg-card shadow-sm' : 'text-muted-foreground'}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </Button>
      ))}
    </div>
  );
}

export function ApprovalsTab() {
  const { t } = useTranslation(['admin', 'vault']);
  const [view, setView] = useState<View>('pending');
  const [page, setPage] = useState(1);
  const [choice, setChoice] = useState<ProposalChoice | null>(null);
  const decidingIds = useDecidingProposals();

  const list = useQuery({
    ...proposalsQuery(view, page),
    // While another page or view loads, the previous rows stay rather than a flash of
    // placeholders.
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  // A decision takes a row out of the queue, perhaps the last of the last page: show the page
  // that is now last.
  if (data && !list.isPlaceholderData && page > pages) setPage(pages);

  return (
    <Card>
      <ListCardHeader
        title={t('approvals.title')}
        description={t(`approvals.descriptions.${view}`)}
        count={data ? t('approvals.total', { count: data.total }) : null}
        refreshLabel={t('approvals.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="approvals"
      />
      <CardContent className="grid gap-4">
        <ViewSwitch
          view={view}
          pending={data?.pending}
          onChange={(next) => {
            setView(next);
            setPage(1);
          }}
        />
        <ListBody
          list={list}
          size={data?.items.length}
          texts={{
            empty: t(`approvals.empty.${view}`),
            loadErrorTitle: t('approvals.loadErrorTitle'),
            loadErrorBody: t('approvals.loadErrorBody'),
          }}
          skeleton={{ rows: 3, rowClassName: 'h-16' }}
          testId="approvals"
          pager={{ page, pages, onPage: setPage, label: t('approvals.pager.label') }}
          renderList={() =>
            data && (
              <ApprovalsList items={data.items} decidingIds={decidingIds} onChoose={setChoice} />
            )
          }
        />
      </CardContent>
      <ApprovalsDecisionDialog choice={choice} onClose={() => setChoice(null)} />
    </Card>
  );
}
