// GET /api/v1/admin/prices (decision 028): the book with each price's source, the feed's health
// and the price changes waiting for a second staff member. Under the panel's key, so any staff
// change (a proposal sent, withdrawn or decided) reads it again; read every 30 s besides, as the
// feed's state and the prices it sets move on their own.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as prices from '@secure-vault/shared/prices/contracts';
import { apiQueryOptions } from '@/lib/api-query';

const staffPricesRefreshMs = 30_000;

function staffPricesQueryOptions() {
  return queryOptions({
    ...apiQueryOptions(prices.getStaffPrices),
    refetchInterval: staffPricesRefreshMs,
  });
}

/** The tab's data: `data` once read, with `dataUpdatedAt` the time it arrived. */
export function useStaffPrices() {
  return useQuery(staffPricesQueryOptions());
}
