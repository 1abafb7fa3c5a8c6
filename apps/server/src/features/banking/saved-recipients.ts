// The customer's saved recipients (contracts: getSavedRecipients, renameRecipient,
// deleteRecipient; saving one is save-recipient.ts): listed by nickname, renamed and removed by
// their owner only. Ownership is in every where clause, so another customer's recipient is
// answered exactly as a missing one. None of these looks an account number up.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SavedRecipient } from '@secure-vault/shared/banking/recipients';
import type { AppContext } from '../../context.ts';
import { savedRecipients } from '../../db/banking-schema.ts';
import { AppError } from '../../errors.ts';

type SavedRecipientRow = typeof savedRecipients.$inferSelect;

export function toSavedRecipient(row: SavedRecipientRow): SavedRecipient {
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'This saved recipient was not found.');

export async function getSavedRecipients(
  ctx: AppContext,
  userId: string,
): Promise<SavedRecipient[]> {
  const rows = await ctx.db
    .select()
    .from(savedRecipients)
    .where(eq(savedRecipients.userId, userId))
    .orderBy(
      asc(sql`lower(${savedRecipients.nickname})`),
      asc(savedRecipients.createdAt),
      asc(savedRecipients.id),
    );
  return rows.map(toSavedRecipient);
}

export async function renameRecipient(
  ctx: AppContext,
  userId: string,
  id: string,
  nickname: string,
): Promise<SavedRecipient> {
  const [row] = await ctx.db
    .update(savedRecipients)
    .set({ nickname })
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toSavedRecipient(row);
}

export async function deleteRecipient(ctx: AppContext, userId: string, id: string): Promise<void> {
  const [row] = await ctx.db
    .delete(savedRecipients)
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)))
    .returning({ id: savedRecipients.id });
  if (!row) throw notFound();
}
