// The deposit and withdrawal limits as the forms use them (contract getRequestLimits; README
// "Deposit and withdrawal limits"): the hint under the amount, the check of a typed amount
// against them before anything is sent, and the text of the server's refusal when the limits
// moved since they were read (another tab, a request of the last 24 hours).
import type { TFunction } from 'i18next';
import type { RequestLimit, RequestLimitKind } from '@secure-vault/shared/banking/limits';
import { dec } from '@secure-vault/shared/money';
import { ApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/money';

export const overRequestLimit = 'banking:limits.errors.overRequest';
export const overDailyLimit = 'banking:limits.errors.overDaily';

/** The message key of an amount the limits refuse, or null (an amount that is not one yet too). */
export function limitProblem(amount: string, limit: RequestLimit | undefined): string | null {
  if (!limit || !/^\d+(\.\d+)?$/.test(amount)) return null;
  if (dec(amount).greaterThan(limit.perRequest)) return overRequestLimit;
  if (dec(amount).greaterThan(limit.remainingToday)) return overDailyLimit;
  return null;
}

/** The refusal's message key, when the server refused the amount for a limit. */
export function limitRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'OVER_REQUEST_LIMIT') return overRequestLimit;
  if (error.code === 'OVER_DAILY_LIMIT') return overDailyLimit;
  return null;
}

export interface LimitFigures {
  /** The message's context (`…_deposit`, `…_withdrawal`). */
  context: RequestLimitKind;
  perRequest: string;
  daily: string;
  remaining: string;
}

/** The figures a limit's message names: the server's when it refused, else the limits read. */
export function limitFigures(
  kind: RequestLimitKind,
  limit: RequestLimit | undefined,
  refusal?: Record<string, string>,
): LimitFigures {
  return {
    context: kind,
    perRequest: formatUsd(refusal?.limit ?? limit?.perRequest ?? '0'),
    daily: formatUsd(refusal?.limit ?? limit?.daily ?? '0'),
    remaining: formatUsd(refusal?.remaining ?? limit?.remainingToday ?? '0'),
  };
}

/** "Up to $50,000.00 per deposit and $100,000.00 in any 24 hours; $2,500.00 left now." */
export function limitHint(t: TFunction, kind: RequestLimitKind, limit: RequestLimit): string {
  return t('banking:limits.hint', { ...limitFigures(kind, limit) });
}
