// Realtime notices from TypeScript transactions (a KYC decision, a delivery's tracking record…);
// the ledger's functions note theirs with ledger_notify. Journal rows are written only by the
// ledger's SQL functions (ledger_journal).
import { sql } from 'drizzle-orm';
import type { RealtimeTopic } from '@secure-vault/shared/realtime';
import type { Tx } from '../db/in-transaction.ts';
import { assertNoticing } from '../db/notices.ts';

export type { Tx };

/**
 * Notes that the user's open pages should refetch the topic; `Database.transaction` sends it once
 * the transaction has committed (db/notices.ts).
 */
export async function notifyUser(tx: Tx, userId: string, topic: RealtimeTopic): Promise<void> {
  assertNoticing(tx);
  await tx.execute(sql`select ledger_notify(p_user => ${userId}::uuid, p_topic => ${topic}::text)`);
}
