// GET /api/v1/me/performance: each listed holding's average cost, value and gains. Under
// ['me', 'performance'], which the `valuables` topic refetches (lib/change-keys.ts).
import * as performance from '@secure-vault/shared/performance/contracts';
import { useApiQuery } from '@/lib/api-query';

export function usePerformance() {
  return useApiQuery(performance.getPerformance);
}
