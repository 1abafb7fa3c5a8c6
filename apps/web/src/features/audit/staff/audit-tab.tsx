// The audit viewer (issue 15 item 3): every security event and staff action, newest first,
// filtered by actor, customer, action and days, paged, with the total and a CSV export of the
// same filters (a link the browser downloads, not a fetch).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { auditExportLimit, type AuditFilter, auditPageSize } from '@secure-vault/shared/audit';
import * as audit from '@secure-vault/shared/audit/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { apiUrl } from '@/lib/api-client';
import { apiQueryOptions } from '@/lib/api-query';
import { numberFormat } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';
import { AuditFilters } from './audit-filters';
import { AuditList } from './audit-list';

const pageSize = auditPageSize.default;

export function AuditTab() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);

  const list = useQuery({
    ...apiQueryOptions(audit.listAuditLog, { query: { ...filter, page, pageSize } }),
    // While another page or filter loads, the previous rows stay rather than a flash of
    // placeholders.
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const csvUrl = apiUrl(audit.exportAuditLog, {
    query: { ...filter, language: currentLanguage() },
  });

  return (
    <Card>
      <ListCardHeader
        title={t('audit.title')}
        description={t('audit.description')}
        count={data ? t('audit.total', { count: data.total }) : null}
        refreshLabel={t('audit.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="audit"
      >
        <Button asChild variant="outline">
          <a href={csvUrl} download data-testid="audit-csv">
            <Download aria-hidden />
            {t('audit.exportCsv')}
          </a>
        </Button>
      </ListCardHeader>
      <CardContent className="grid gap-4">
        <AuditFilters
          value={filter}
          onApply={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {data && data.total > auditExportLimit ? (
          <p className="text-sm text-muted-foreground" data-testid="audit-export-capped">
            {t('audit.exportCapped', {
              limit: numberFormat(currentLanguage(), 'audit-integer', {}).format(auditExportLimit),
            })}
          </p>
        ) : null}
        <ListBody
          list={list}
          size={data?.entries.length}
          texts={{
            empty: t('audit.empty'),
            loadErrorTitle: t('audit.loadErrorTitle'),
            loadErrorBody: t('audit.loadErrorBody'),
          }}
          skeleton={{ rows: 4, rowClassName: 'h-12' }}
          testId="audit"
          pager={{ page, pages, onPage: setPage, label: t('audit.pager.label') }}
          renderList={() => data && <AuditList entries={data.entries} />}
        />
      </CardContent>
    </Card>
  );
}
