// Idempotency-Keys for staff changes written in TypeScript transactions (DESIGN §3, issue 15:
// "Idempotency-Key on every admin route that changes valuables or cash"). The ledger's own
// functions claim their key in the statement that moves (ledger_claim_key); staff changes span
// several statements, so here the key is claimed, the change made and its answer stored in one
// transaction. A second request with the key waits on the first's uncommitted key row, then
// replays its answer; a refused change rolls its key back with it, so a retry runs again.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { databaseIn, rowsIn } from '../db/in-transaction.ts';
import { idempotencyKeys } from '../db/vault-schema.ts';
import type { Tx } from './journal.ts';
import type { Idempotency, Outcome } from './movement.ts';
import { refusing } from './refusals.ts';

/** What ledger_claim_key answers for a key already used: the answer stored under it. */
const storedAnswerSchema = z.object({
  replayed: z.literal(true),
  status: z.number().int(),
  body: z.unknown(),
});

/**
 * Runs a staff change once per Idempotency-Key of `staffId`: claims the key, runs `change`
 * with the transaction's database, stores its answer (`status`, the JSON body) and commits them
 * together. A repeat with the same key and body gets the stored answer and changes nothing.
 */
export async function onceForKey<T>(
  database: Database,
  staffId: string,
  idempotency: Idempotency,
  at: Date,
  status: number,
  change: (inTx: Database, tx: Tx) => Promise<T>,
): Promise<Outcome<T>> {
  return database.transaction(async (tx) => {
    const [claimed] = await refusing(() =>
      rowsIn<{ replay: unknown }>(
        tx,
        sql`select ledger_claim_key(p_user => ${staffId}::uuid, p_key => ${idempotency.key}::text,
          p_hash => ${idempotency.requestHash}::text, p_at => ${at.toISOString()}::timestamptz)
          as replay`,
      ),
    );
    const replay = claimed?.replay ?? null;
    if (replay !== null) {
      // The drivers answer jsonb as text or parsed: read either.
      const stored = storedAnswerSchema.parse(
        typeof replay === 'string' ? JSON.parse(replay) : replay,
      );
      // cast: the body stored was the T of the same operation under the same key.
      return { status: stored.status, body: stored.body as T, isReplay: true };
    }
    const body = await refusing(() => change(databaseIn(database, tx), tx));
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body ?? null })
      .where(and(eq(idempotencyKeys.userId, staffId), eq(idempotencyKeys.key, idempotency.key)));
    return { status, body, isReplay: false };
  });
}
