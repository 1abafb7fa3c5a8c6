// KYC Management (SPEC §2 tab 7, DESIGN §5): every customer's verification in the server's order
// (not completed first, then newest account first), filtered by status and searched by email;
// Review opens the answers and documents, where staff approve or reject with a reason.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { isOneOf } from '@secure-vault/shared/guards';
import { kycStatuses, type KycStatus } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { apiQueryOptions } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { KycList } from './kyc-list';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';
import { KycReviewDialog } from './kyc-review-dialog';

/** How long typing may pause before the search is sent. */
export const kycSearchDelayMs = 300;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function isStatus(value: string): value is KycStatus {
  return isOneOf(kycStatuses, value);
}

export function KycTab() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<KycStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), kycSearchDelayMs);
  // The customer whose verification is open for review.
  const [reviewing, setReviewing] = useState<string | null>(null);

  const query = { ...(status ? { status } : {}), ...(search ? { search } : {}) };
  const list = useQuery({
    ...apiQueryOptions(kyc.listKyc, { query }),
    // While a new filter loads, the previous rows stay rather than a flash of placeholders.
    placeholderData: keepPreviousData,
  });
  const isFiltered = Boolean(status || search);

  return (
    <Card>
      <ListCardHeader
        title={t('kyc.title')}
        description={t('kyc.description')}
        count={list.data ? t('kyc.count', { count: list.data.length }) : null}
        refreshLabel={t('kyc.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="kyc"
      />
      <CardContent className="grid gap-4">
        <div
          role="search"
          aria-label={t('kyc.filtersLabel')}
          className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]"
        >
          <div className="grid gap-2">
            <Label htmlFor="kyc-status-filter">{t('kyc.filterLabel')}</Label>
            <NativeSelect
              id="kyc-status-filter"
              value={status}
              onChange={(event) =>
                setStatus(isStatus(event.target.value) ? event.target.value : '')
              }
            >
              <option value="">{t('kyc.allStatuses')}</option>
              {kycStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`kyc.statuses.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="kyc-search">{t('kyc.searchLabel')}</Label>
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="kyc-search"
                type="search"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                className="ps-9"
                placeholder={t('kyc.searchPlaceholder')}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
        </div>
        <ListBody
          list={list}
          size={list.data?.length}
          texts={{
            empty: isFiltered ? t('kyc.emptyFiltered') : t('kyc.empty'),
            loadErrorTitle: t('kyc.loadErrorTitle'),
            loadErrorBody: t('kyc.loadErrorBody'),
          }}
          skeleton={{ rows: 4, rowClassName: 'h-12' }}
          testId="kyc"
          renderList={() => list.data && <KycList items={list.data} onReview={setReviewing} />}
        />
      </CardContent>
      <KycReviewDialog userId={reviewing} onClose={() => setReviewing(null)} />
    </Card>
  );
}
