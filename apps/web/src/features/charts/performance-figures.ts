// What the holdings table shows of the performance answer, worked out exactly: the realised gain
// of the year the answer was made in (UTC, as the server counts years), and a total's percentage.
import { dec } from '@secure-vault/shared/money';
import type { Performance } from '@secure-vault/shared/performance';
import { percentChange } from '@secure-vault/shared/prices';

type Realised = Performance['totals']['realised'];

/** The calendar year (UTC) of the answer. */
export function yearOf(at: string): number {
  return new Date(at).getUTCFullYear();
}

/** The amount realised in `year`, "0" when nothing was. */
export function realisedIn(realised: Realised, year: number): string {
  return realised.find((entry) => entry.year === year)?.amount ?? '0';
}

/** Unrealised as a percentage of the cost basis, to 2 decimals; null with no cost. */
export function unrealisedPercent(costBasis: string, unrealised: string): string | null {
  return percentChange(costBasis, dec(costBasis).plus(unrealised).toFixed());
}
