// Asset transfers and money requests for the customer (contracts: shared/banking/contracts.ts;
// DESIGN §5, decision 015): confirmation of payee, sending a valuable or part of a holding to
// another customer, card and bank-transfer deposits, withdrawals and their cancel, and asset to
// cash. The movements are the ledger's (ledger/transfers.ts); here are the checks that need no
// lock, the references, and the emails sent after the answer.
import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import {
  type AssetToCashRequest,
  type BankDeposit,
  type CardDepositRequest,
  platformBankDetails,
  type Recipient,
  type Transfer,
  type TransferRequest,
  type WithdrawalRequest,
} from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { profiles, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import {
  cancelAsCustomer,
  type MoneyRequest,
  openRequest,
  transferAsset,
} from '../../ledger/transfers.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { forgetHits, limits, limitWindow, recordHits } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';

interface User {
  id: string;
  email: string;
}

/** A customer by account number, masked (auth/sql/masked_name.sql). */
async function partyByAccountNumber(
  ctx: AppContext,
  accountNumber: string,
): Promise<{ userId: string; accountNumber: string; maskedName: string } | null> {
  const [row] = await ctx.db
    .select({
      userId: profiles.userId,
      accountNumber: profiles.accountNumber,
      maskedName: sql<string>`masked_name(${profiles.fullName}, ${users.email})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.accountNumber, accountNumber));
  return row ?? null;
}

function ownAccount(path: string): AppError {
  const issues: ErrorIssue[] = [{ path, message: 'transfers:errors.ownAccount' }];
  return new AppError('VALIDATION', 'You cannot transfer to your own account.', { issues });
}

const unknownReceiver = () => new AppError('NOT_FOUND', 'No customer has this account number.');

/**
 * Counts one account lookup of the user's (recorded before counting, so concurrent lookups
 * cannot all slip under the limit); past the limit it is taken back and refused. Returns the
 * recorded hit, which the caller may take back when it should not count.
 */
async function countLookup(ctx: AppContext, user: User): Promise<string[]> {
  const hits = await recordHits(ctx.db, ctx.config.dataKey, ctx.clock.now(), [
    { limit: limits.recipientLookupUser, value: user.id },
  ]);
  if (hits.over.length > 0) {
    await forgetHits(ctx.db, hits.ids);
    throw tooManyLookups();
  }
  return hits.ids;
}

const tooManyLookups = () =>
  new AppError('RATE_LIMITED', 'Too many account lookups. Please try again later.');

/** The receiver a transfer would reach, masked; counted against enumeration per user. */
export async function findRecipient(
  ctx: AppContext,
  user: User,
  accountNumber: string,
): Promise<Recipient> {
  await countLookup(ctx, user);
  const party = await partyByAccountNumber(ctx, accountNumber);
  if (party?.userId === user.id) throw ownAccount('querystring.accountNumber');
  if (!party) throw unknownReceiver();
  return { accountNumber: party.accountNumber, maskedName: party.maskedName };
}

export async function createTransfer(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: {
    body: Required<Pick<TransferRequest, 'receiverAccountNumber' | 'valuableId'>> & {
      quantity?: string | undefined;
    };
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<Transfer>> {
  const { body, idempotency, meta } = input;
  const at = ctx.clock.now();
  // A transfer names an account number too, and answers an unknown one with NOT_FOUND: such a
  // miss counts like a lookup, or the transfer would list the accounts the lookup's limit
  // protects. A transfer that reaches a real customer counts nothing (and moves value). Once
  // the limit is reached every transfer is refused alike, a real receiver's too: otherwise its
  // other refusals (a valuable that is not the caller's, 404) would still tell the two apart.
  // The limit, both parties and the movement are one statement (ledger_transfer).
  const result = await transferAsset(ctx.database, caller, {
    id: randomUUID(),
    receiverAccountNumber: body.receiverAccountNumber,
    valuableId: body.valuableId,
    quantity: body.quantity ?? null,
    language: meta.language,
    lookups: limitWindow(ctx.config.dataKey, at, {
      limit: limits.recipientLookupUser,
      value: user.id,
    }),
    at,
    idempotency,
  });
  if ('miss' in result) {
    await countLookup(ctx, user);
    throw result.miss === 'own' ? ownAccount('body.receiverAccountNumber') : unknownReceiver();
  }
  // Its two emails were queued with it; they go now, after the answer (any process's job runner
  // sends them should this one stop first).
  if (!result.outcome.isReplay) {
    runAfterAnswer(ctx, 'transfer_emails', async () => {
      await ctx.mailer.deliverQueued(ctx.clock.now());
    });
  }
  return result.outcome;
}

/** SPEC §9: TXN (deposit) or WTH (withdrawal), then a timestamp and a number below 1000. */
export function transactionReference(prefix: 'TXN' | 'WTH', at: Date): string {
  return `${prefix}${at.getTime()}${String(randomInt(1000)).padStart(3, '0')}`;
}

const isReferenceTaken = (err: unknown) =>
  err instanceof Error &&
  (err as { code?: unknown }).code === '23505' &&
  String((err as { constraint?: unknown }).constraint) === 'transfers_reference_unique';

/** Opens the request, drawing a new reference on the rare clash (the key rolled back with it). */
async function open<T extends Transfer>(
  ctx: AppContext,
  caller: Caller,
  user: User,
  request: Omit<MoneyRequest, 'id' | 'reference' | 'at'> & { prefix: 'TXN' | 'WTH' | null },
): Promise<Outcome<T>> {
  const { prefix, ...rest } = request;
  for (let attempt = 1; ; attempt++) {
    const at = ctx.clock.now();
    try {
      const outcome = await openRequest<T>(ctx.database, caller, {
        ...rest,
        id: randomUUID(),
        reference: prefix ? transactionReference(prefix, at) : null,
        at,
      });
      // Its email was queued with it; it goes now, after the answer.
      if (!outcome.isReplay) {
        runAfterAnswer(ctx, 'request_email', async () => {
          await ctx.mailer.deliverQueued(ctx.clock.now());
        });
      }
      return outcome;
    } catch (err) {
      if (!isReferenceTaken(err) || attempt >= 5) throw err;
    }
  }
}

export function requestCardDeposit(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: { body: CardDepositRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return open(ctx, caller, user, {
    type: 'card_deposit',
    prefix: 'TXN',
    amount: input.body.amount,
    details: { cardLastFour: input.body.cardLastFour, cardType: input.body.cardType },
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}

export function requestBankDeposit(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: { amount: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<BankDeposit>> {
  return open<BankDeposit>(ctx, caller, user, {
    type: 'bank_deposit',
    prefix: 'TXN',
    amount: input.amount,
    details: {},
    extra: { bankDetails: platformBankDetails },
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}

export function requestWithdrawal(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: { body: WithdrawalRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return open(ctx, caller, user, {
    type: 'withdrawal',
    prefix: 'WTH',
    amount: input.body.amount,
    details: { bankAccountId: input.body.bankAccountId },
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}

export function requestAssetToCash(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: { body: AssetToCashRequest; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  return open(ctx, caller, user, {
    type: 'asset_to_cash',
    prefix: null,
    amount: input.body.amount,
    details: {},
    extra: null,
    language: input.meta.language,
    idempotency: input.idempotency,
  });
}

export async function cancelWithdrawal(
  ctx: AppContext,
  caller: Caller,
  user: User,
  input: { id: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Transfer>> {
  const outcome = await cancelAsCustomer(ctx.database, caller, {
    id: input.id,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  // Its email was queued with it (ledger_settle); it goes now, after the answer.
  if (!outcome.isReplay) {
    runAfterAnswer(ctx, 'request_decided_email', async () => {
      await ctx.mailer.deliverQueued(ctx.clock.now());
    });
  }
  return outcome;
}
