// The limits on money requests (README "Configuration"): how much one deposit or withdrawal may
// be, and how much of each a customer may ask for in any 24 hours. The server enforces them; the
// forms show them (contract getRequestLimits) and say which one a refusal hit from its details.
import { z } from 'zod';
import { decimalPattern } from '../money.ts';

/** What a limit applies to: card and bank-transfer deposits together, or withdrawals. */
export const requestLimitKinds = ['deposit', 'withdrawal'] as const;
export type RequestLimitKind = (typeof requestLimitKinds)[number];

/** The daily limit counts the requests of the last 24 hours, not a calendar day. */
export const dailyLimitWindowHours = 24;

const usd = z.string().regex(decimalPattern);

export const requestLimitSchema = z.strictObject({
  /** The most one request may be, in US dollars. */
  perRequest: usd,
  /** The most the requests of any 24 hours may add up to. */
  daily: usd,
  /** What the customer's pending and completed requests of the last 24 hours add up to. */
  usedToday: usd,
  /** What the customer may still ask for now: the daily limit less what is used, not below 0. */
  remainingToday: usd,
});
export type RequestLimit = z.infer<typeof requestLimitSchema>;

export const requestLimitsSchema = z.strictObject({
  deposit: requestLimitSchema,
  withdrawal: requestLimitSchema,
});
export type RequestLimits = z.infer<typeof requestLimitsSchema>;

/**
 * The details of a limit's refusal (error body `details`, exact decimals in US dollars):
 * OVER_REQUEST_LIMIT names the per-request limit, OVER_DAILY_LIMIT the daily one and what is
 * left of it.
 */
export interface RequestLimitDetails {
  OVER_REQUEST_LIMIT: { kind: RequestLimitKind; limit: string };
  OVER_DAILY_LIMIT: { kind: RequestLimitKind; limit: string; remaining: string };
}

/**
 * CODE_TOO_SOON's details on a code's send (bank registration): the whole seconds before
 * another code may be asked for.
 */
export interface CodeWaitDetails {
  retryAfterSeconds: string;
}
