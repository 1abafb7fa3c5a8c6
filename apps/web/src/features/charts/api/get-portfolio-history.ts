// GET /api/v1/me/portfolio/history: the vault's value over a range, split into cash, listed assets
// and custody. Under ['me', 'portfolio'], which the `valuables` topic refetches (lib/change-keys.ts);
// the previous range stays drawn while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortfolioRange } from '@secure-vault/shared/performance';
import * as performance from '@secure-vault/shared/performance/contracts';
import { apiQueryOptions } from '@/lib/api-query';

export function usePortfolioHistory(range: PortfolioRange) {
  return useQuery({
    ...apiQueryOptions(performance.getPortfolioHistory, { query: { range } }),
    placeholderData: keepPreviousData,
  });
}
