// Transfer Management (SPEC §2 tab 3, §4, §8; DESIGN §5): every asset transfer, deposit,
// withdrawal and asset-to-cash request, newest first, filtered by type and status and paged, with
// the total count and Refresh. A pending request is completed, failed or cancelled here, once:
// we differ from SPEC's free status dropdown on purpose, as each effect must happen exactly once.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as banking from '@secure-vault/shared/banking/contracts';
import {
  type AdminTransfer,
  type FinalTransferStatus,
  type TransferStatus,
  type TransferType,
  transferPageSize,
} from '@secure-vault/shared/transfers';
import { Card, CardContent } from '@/components/ui/card';
import { apiQueryOptions } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import {
  type Decision,
  TransfersDecisionDialog,
  useUpdatingTransfers,
} from './transfers-decision-dialog';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';
import { TransfersFilters } from './transfers-filters';
import { TransfersList } from './transfers-list';

const pageSize = transferPageSize.default;

export function TransfersTab() {
  const { t } = useTranslation('admin');
  const [type, setType] = useState<TransferType | ''>('');
  const [status, setStatus] = useState<TransferStatus | ''>('');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision | null>(null);
  const updatingIds = useUpdatingTransfers();

  const query = { ...(type ? { type } : {}), ...(status ? { status } : {}), page, pageSize };
  const list = useQuery({
    ...apiQueryOptions(banking.listTransfers, { query }),
    // While another page or filter loads, the previous rows stay rather than a flash of
    // placeholders.
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  // A decision can take the last row of the last page out of a status filter: show the page
  // that is now last.
  if (data && !list.isPlaceholderData && page > pages) setPage(pages);

  const onDecide = (transfer: AdminTransfer, next: FinalTransferStatus) =>
    setDecision({ transfer, status: next });

  return (
    <Card>
      <ListCardHeader
        title={t('transfers.title')}
        description={t('transfers.description')}
        count={data ? t('transfers.total', { count: data.total }) : null}
        refreshLabel={t('transfers.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="transfers"
      />
      <CardContent className="grid gap-4">
        <TransfersFilters
          type={type}
          status={status}
          counts={data?.counts}
          onTypeChange={(value) => {
            setType(value);
            setPage(1);
          }}
          onStatusChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <ListBody
          list={list}
          size={data?.items.length}
          texts={{
            empty: t('transfers.empty'),
            loadErrorTitle: t('transfers.loadErrorTitle'),
            loadErrorBody: t('transfers.loadErrorBody'),
          }}
          skeleton={{ rows: 4, rowClassName: 'h-12' }}
          testId="transfers"
          pager={{ page, pages, onPage: setPage, label: t('transfers.pager.label') }}
          renderList={() =>
            data && (
              <TransfersList items={data.items} updatingIds={updatingIds} onDecide={onDecide} />
            )
          }
        />
      </CardContent>
      <TransfersDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
