// The ledger's functions refuse a movement by raising SQLSTATE SVL01 with the API's error code as
// the message and the figures as JSON in the detail (migration 0005); the statement, and with it
// everything the movement wrote, is rolled back. Here those become the errors the API answers,
// with SPEC §8's texts.
import { findAsset } from '@secure-vault/shared/catalogue';
import {
  type ErrorCode,
  isErrorCode,
  isRefusalCode,
  refusalDetailFields,
} from '@secure-vault/shared/errors';
import { dec } from '@secure-vault/shared/money';
import { AppError, fieldOf, invalidField } from '../errors.ts';
import { countRefusal } from '../metrics/metrics.ts';

const refusalState = 'SVL01';

type Detail = Record<string, string | undefined>;

/** Formats "$1,234.50" for server messages (the web app shows its own translation). */
export function usd(value: string): string {
  const fixed = dec(value).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  return `${fixed.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

function assetName(symbol: string | undefined): string {
  return (symbol && findAsset(symbol)?.name) ?? symbol ?? 'this asset';
}

function units(symbol: string | undefined): string {
  return symbol && findAsset(symbol)?.unit === 'mg' ? 'mg' : 'units';
}

const messages: Partial<Record<ErrorCode, (detail: Detail) => string>> = {
  INSUFFICIENT_CASH: (d) =>
    `You need ${usd(d.needed ?? '0')} but only have ${usd(d.balance ?? '0')} in cash.`,
  INSUFFICIENT_HOLDING: (d) =>
    `You want to ${d.action ?? 'sell'} ${dec(d.wanted ?? '0').toString()} ${units(d.symbol)} of ${assetName(d.symbol)} but only hold ${dec(d.held ?? '0').toString()}.`,
  ASSET_UNAVAILABLE: (d) => {
    if (d.action === 'change')
      return 'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.';
    const verb = pastTense[d.action ?? 'sell'] ?? 'sold';
    if (d.status === 'cash') return 'Cash cannot be fixed for a term.';
    if (d.status === 'no_value') return `${assetName(d.symbol)} has no value to fix for a term.`;
    if (d.status === 'negative')
      return `${assetName(d.symbol)} is not an asset that can be ${verb}.`;
    // Asked again for what it is already doing: "cannot be fixed for a term until it ends" would
    // read as if the term could be fixed later.
    if (d.status === 'locked' && d.action === 'fix')
      return `Your ${assetName(d.symbol)} is already fixed for a term.`;
    if (d.status === 'in_delivery' && d.action === 'deliver')
      return `Your ${assetName(d.symbol)} is already out for delivery.`;
    return d.status === 'locked'
      ? `Your ${assetName(d.symbol)} is fixed for a term and cannot be ${verb} until it ends.`
      : `Your ${assetName(d.symbol)} is out for delivery and cannot be ${verb}.`;
  },
  INSUFFICIENT_ASSETS: (d) =>
    `Insufficient asset balance: your unlocked holdings are worth ${usd(d.available ?? '0')}, less than ${usd(d.wanted ?? '0')}.`,
  NOT_DELIVERABLE: (d) =>
    d.what === 'cash'
      ? 'Cash is not delivered: withdraw it to your bank account with a withdrawal.'
      : 'Digital assets cannot be delivered',
  PRICE_CHANGED: (d) =>
    `The price changed: ${assetName(d.symbol)} is now $${dec(d.price ?? '0').toFixed()} per ${units(d.symbol) === 'mg' ? 'mg' : 'unit'}.`,
  PRICE_STALE: (d) =>
    `Trading in ${assetName(d.symbol)} is paused: its price is out of date. Try again shortly.`,
  KYC_REQUIRED: () => 'Please complete identity verification (KYC) first.',
  QUANTITY_INVALID: (d) =>
    d.what === 'whole'
      ? 'This valuable moves whole: leave the quantity out.'
      : d.what === 'cash'
        ? 'Enter an amount of cash above zero, in whole cents.'
        : `Enter a quantity of ${assetName(d.symbol)} above zero, within its decimals.`,
  RATE_LIMITED: () => 'Too many account lookups. Please try again later.',
  IDEMPOTENCY_KEY_REUSED: () => 'This Idempotency-Key was already used for a different request.',
  FORBIDDEN: (d) =>
    d.what === 'withdraw'
      ? 'Only the staff member who made a proposal may withdraw it.'
      : 'Staff cannot decide a request of their own; another staff member must.',
  OWN_ACCOUNT: () => 'Staff cannot act on their own account; another staff member must.',
  STAFF_ACCOUNT: () =>
    'Staff accounts cannot be changed from the admin panel; they are managed with the admin command.',
  SAME_STAFF: () =>
    'You proposed this change, or made the request while signed in as the customer; another staff member must approve it.',
  CONFLICT: (d) =>
    d.what === 'order'
      ? `This order is already ${d.status ?? 'closed'}; only an open order can be cancelled.`
      : d.what === 'book_balance'
        ? 'The pending book balance is no longer the one proposed; review it again.'
        : d.what === 'changed'
          ? 'This valuable changed after the proposal was made; reject it and propose again.'
          : d.proposal
            ? `This proposal is already ${d.proposal}; a decided proposal does not change.`
            : d.wanted
              ? `A delivery that is ${d.status ?? ''} cannot become ${d.wanted}.`
              : d.status
                ? `This request is already ${d.status}; a final state does not change.`
                : 'A request with this Idempotency-Key is still being processed.',
  NOT_FOUND: (d) => notFound[d.what ?? 'valuable'] ?? 'No such valuable.',
  UNPROCESSABLE: (d) =>
    d.what === 'traded'
      ? "A traded position's value follows its quantity at listed prices; staff can only delete it."
      : 'This change cannot be made.',
};

/** What a refusal was about, for its wording ("cannot be transferred"). */
const pastTense: Record<string, string> = {
  sell: 'sold',
  transfer: 'transferred',
  fix: 'fixed for a term',
  deliver: 'delivered',
};

const notFound: Record<string, string> = {
  user: 'No such user.',
  proposal: 'No such proposal.',
  valuable: 'No such valuable.',
  receiver: 'No customer has this account number.',
  bank_account: 'This bank account was not found.',
  transfer: 'This request was not found.',
  delivery: 'This delivery request was not found.',
  order: 'No such order.',
};

/**
 * Dual control's CHECKs (db/approvals-schema.ts): the database's last word when a route let a
 * maker approve their own proposal or act on their own account.
 */
const dualControlChecks: Record<string, ErrorCode> = {
  staff_proposals_maker_not_subject: 'OWN_ACCOUNT',
  staff_proposals_checker_not_maker: 'SAME_STAFF',
  staff_proposals_not_origin: 'SAME_STAFF',
};

/** The figures a refusal sends (RefusalDetails), exact decimals as the ledger wrote them. */
function detailsOf(code: ErrorCode, detail: Detail): Record<string, string> | undefined {
  if (!isRefusalCode(code)) return undefined;
  const { figures, symbol }: { figures: readonly string[]; symbol?: true } =
    refusalDetailFields[code];
  const details: Record<string, string> = {};
  if (symbol && detail.symbol) details.symbol = detail.symbol;
  for (const figure of figures) {
    const value = detail[figure];
    // A figure the function did not send: the message alone says what is wrong.
    if (value === undefined) return undefined;
    details[figure] = dec(value).toString();
  }
  return details;
}

/** The refusal a ledger function raised, as the API's error; anything else is rethrown as is. */
export function asRefusal(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  // Drizzle's builder wraps the driver's error (a trigger's refusal, a CHECK) in its cause.
  const cause = fieldOf(err, 'cause');
  const raised = cause instanceof Error ? cause : err;
  const constraint = fieldOf(raised, 'constraint');
  const checked = typeof constraint === 'string' ? dualControlChecks[constraint] : undefined;
  if (checked) return new AppError(checked, messages[checked]?.({}) ?? 'Not allowed.');
  if (fieldOf(raised, 'code') !== refusalState) return err;
  // A refusal raises its code as its message.
  const code = raised.message;
  if (!isErrorCode(code)) return err;
  const detailText = fieldOf(raised, 'detail');
  // cast: the ledger functions write the detail as this JSON (ledger/sql/*.sql).
  const detail = JSON.parse(typeof detailText === 'string' ? detailText : '{}') as Detail;
  // A field's rule the ledger checks under its lock (the open orders' count): said on the field.
  if (code === 'VALIDATION' && detail.field && detail.message) {
    return invalidField(detail.field, detail.message);
  }
  const message = messages[code];
  if (!message) return err;
  return new AppError(code, message(detail), { details: detailsOf(code, detail) });
}

/** Runs a ledger statement, turning its refusals into the API's errors. */
export async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const refusal = asRefusal(err);
    if (refusal instanceof AppError) countRefusal(refusal.code);
    throw refusal;
  }
}
