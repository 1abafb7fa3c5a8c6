// Sent mail is kept for a while, then deleted (decision 022). Once sent, a message has only its
// recipient and subject left (its text was cleared as it went): enough to answer "did my email
// go?" for a month, no reason to keep them for ever. Every process's job runner deletes them
// (jobs/runner.ts), in batches of a bounded size and number so that no pass runs long or holds
// many rows; two runners at once skip each other's rows. Given-up messages are not touched:
// staff may still send them again.
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';

/** How long a sent message is kept after it went. */
export const sentMailRetentionMs = 30 * 24 * 60 * 60_000;
/** Rows deleted by one statement. */
export const mailPurgeBatchSize = 500;
/** Statements in one pass; what is left waits for the next. */
export const mailPurgeMaxBatches = 10;

export interface MailPurgeLimits {
  batchSize?: number;
  maxBatches?: number;
}

/** Deletes messages sent before `at` minus the retention, oldest first; how many went. */
export async function purgeSentMail(
  db: Db,
  at: Date,
  { batchSize = mailPurgeBatchSize, maxBatches = mailPurgeMaxBatches }: MailPurgeLimits = {},
): Promise<number> {
  const sentBefore = new Date(at.getTime() - sentMailRetentionMs);
  let purged = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const oldest = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(lt(mailQueue.sentAt, sentBefore))
      .orderBy(mailQueue.sentAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(mailQueue)
      .where(inArray(mailQueue.id, oldest))
      .returning({ id: mailQueue.id });
    purged += deleted.length;
    if (deleted.length < batchSize) break;
  }
  return purged;
}
