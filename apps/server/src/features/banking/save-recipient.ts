// Saving a recipient (contract: saveRecipient): another customer's account number under the
// customer's nickname. Saving names an account number as confirmation of payee does, so it is
// counted as one of its lookups (account-lookups.ts) and refuses what the lookup refuses, an
// unknown number or the customer's own: the list can never say whose numbers exist faster than
// the lookup's limit lets anyone find out. What the customer can be told without a lookup (the
// list is full, the number is already in it, it is their own) is refused first, at no cost.
import { and, count, eq } from 'drizzle-orm';
import { type SavedRecipient, savedRecipientLimit } from '@secure-vault/shared/banking/recipients';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { savedRecipients } from '../../db/banking-schema.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  type BankingUser,
  countLookup,
  partyByAccountNumber,
  unknownReceiver,
} from './account-lookups.ts';
import { toSavedRecipient } from './saved-recipients.ts';

const numberRefused = (message: string, key: string) => {
  const issues: ErrorIssue[] = [{ path: 'body.accountNumber', message: key }];
  return new AppError('VALIDATION', message, { issues });
};
const alreadySaved = () =>
  numberRefused('This account number is already saved.', 'banking:recipients.errors.alreadySaved');
const listFull = () =>
  new AppError('CONFLICT', `You can save at most ${savedRecipientLimit} recipients.`);

async function savedCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedRecipients)
    .where(eq(savedRecipients.userId, userId));
  return row?.n ?? 0;
}

/** The refusals that need no lookup: the list is full, the number is in it, or it is one's own. */
async function refuseWithoutLookup(ctx: AppContext, userId: string, accountNumber: string) {
  const [own] = await ctx.db
    .select({ accountNumber: profiles.accountNumber })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (own?.accountNumber === accountNumber) {
    throw numberRefused(
      'You cannot save your own account number.',
      'banking:recipients.errors.ownAccount',
    );
  }
  const [saved] = await ctx.db
    .select({ id: savedRecipients.id })
    .from(savedRecipients)
    .where(
      and(eq(savedRecipients.userId, userId), eq(savedRecipients.accountNumber, accountNumber)),
    );
  if (saved) throw alreadySaved();
  if ((await savedCount(ctx.db, userId)) >= savedRecipientLimit) throw listFull();
}

export async function saveRecipient(
  ctx: AppContext,
  user: BankingUser,
  input: { accountNumber: string; nickname: string },
): Promise<SavedRecipient> {
  await refuseWithoutLookup(ctx, user.id, input.accountNumber);
  await countLookup(ctx, user);
  const party = await partyByAccountNumber(ctx, input.accountNumber);
  if (!party) throw unknownReceiver();
  return ctx.database.transaction(async (tx) => {
    // The customer's profile row, as the request limits take it: two saves at once are counted
    // one after the other, so together they cannot pass the limit.
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .for('update');
    if ((await savedCount(tx, user.id)) >= savedRecipientLimit) throw listFull();
    const [row] = await tx
      .insert(savedRecipients)
      .values({
        userId: user.id,
        accountNumber: party.accountNumber,
        nickname: input.nickname,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    // The same number saved a moment ago by another request of the customer's.
    if (!row) throw alreadySaved();
    return toSavedRecipient(row);
  });
}
