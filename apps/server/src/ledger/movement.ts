// What every movement shares: who asked (a Caller, db/caller.ts), when, under which
// Idempotency-Key, and the outcome the ledger function returns — the answer to send, or the
// first answer replayed.
import { type Caller, queryAs } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import type { Notice } from '../db/notices.ts';
import { callerActor, callerUser, type SqlCall } from '../db/sql-function.ts';
import { countMovement } from '../metrics/metrics.ts';
import { refusing } from './refusals.ts';

export interface Idempotency {
  key: string;
  /** SHA-256 of method, path and body: the same key with another body is refused. */
  requestHash: string;
}

export interface Outcome<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  isReplay: boolean;
}

/** The one signature of the ledger's operations. */
export type LedgerOperation<Input, Result, C extends Caller = Caller> = (
  database: Database,
  caller: C,
  input: Input,
) => Promise<Result>;

export interface StoredOutcome<T> {
  replayed: boolean;
  status: number;
  body: T;
}

/** The arguments a customer's movement starts with: who, for whom, when, under which key. */
export function movementArgs(at: Date, idempotency: Idempotency) {
  return {
    p_user: callerUser,
    p_actor: callerActor,
    p_at: at.toISOString(),
    p_key: idempotency.key,
    p_hash: idempotency.requestHash,
  };
}

/**
 * The arguments of a decision on a request or delivery: the caller acts and owns the key; a
 * customer's own cancellation also names them as the customer.
 */
export function decisionArgs(by: 'staff' | 'customer', at: Date, idempotency: Idempotency | null) {
  return {
    p_actor: callerUser,
    p_customer: by === 'customer' ? callerUser : null,
    p_at: at.toISOString(),
    p_key_owner: callerUser,
    p_key: idempotency?.key ?? null,
    p_hash: idempotency?.requestHash ?? null,
  };
}

export function toOutcome<T>(stored: StoredOutcome<T>): Outcome<T> {
  return { status: stored.status, body: stored.body, isReplay: stored.replayed };
}

/**
 * One movement: a ledger function's call (ledger/functions.ts) made as the caller
 * (db/caller.ts), whose refusals become the API's errors (refusals.ts) and whose stored outcome
 * is the answer to send. The notices it noted are sent once it has committed (db/notices.ts).
 */
export async function moveAs<T>(
  database: Database,
  caller: Caller,
  call: SqlCall,
): Promise<Outcome<T>> {
  return toOutcome(await movedAs<StoredOutcome<T>>(database, caller, call));
}

/**
 * A movement whose function answers more than a stored outcome (ledger_transfer's miss, or the
 * data of the emails sent after the answer): what it returned, its notices sent after commit.
 */
export async function movedAs<R extends object>(
  database: Database,
  caller: Caller,
  call: SqlCall,
): Promise<R> {
  const [row] = await refusing(() =>
    queryAs<{ outcome: R & { notices: Notice[] } }>(
      database,
      caller,
      call.key,
      (from, $) =>
        `select c.*, ledger_noticed(p_outcome => ${call.text($)}) as outcome from ${from}`,
      call.params,
    ),
  );
  const { notices, ...outcome } = row.outcome;
  database.publish(notices);
  countMovement(call.key);
  // cast: the ledger function's outcome less the notices it carried.
  return outcome as unknown as R;
}
