// A customer's passkeys (issue 28): listed with when each was last used, registered under a name
// and removed. Registering and removing change how the account signs in: both need the password
// (or a passkey) given in the last 10 minutes, are refused to an impersonating staff member (the
// contracts), and are security notices, always mailed.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { addPasskeySchema, Passkey } from '@secure-vault/shared/passkeys';
import type { AppContext } from '../../context.ts';
import { passkeys } from '../../db/passkeys-schema.ts';
import { users } from '../../db/schema.ts';
import type { Tx } from '../../db/in-transaction.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { requireRecentPassword } from '../../auth/confirm-password.ts';
import { passkeyInvalid, registrationOptions, verifyRegistration } from '../../auth/passkeys.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { forgetSecondFactors, type RequestAuth } from '../../auth/sessions.ts';
import { notifyCustomer, sendQueuedAfterAnswer } from '../../mail/notify.ts';

type StoredPasskey = typeof passkeys.$inferSelect;

function passkeyBody(row: StoredPasskey): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isBackedUp: row.isBackedUp,
  };
}

export async function listPasskeys(ctx: AppContext, userId: string): Promise<Passkey[]> {
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(passkeyBody);
}

export async function startRegistration(ctx: AppContext, auth: RequestAuth) {
  await requireRecentPassword(ctx.db, auth, ctx.clock.now());
  return { options: await registrationOptions(ctx, auth.user) };
}

export async function addPasskey(
  ctx: AppContext,
  auth: RequestAuth,
  input: z.infer<typeof addPasskeySchema>,
  meta: RequestMeta,
): Promise<Passkey> {
  const now = ctx.clock.now();
  await requireRecentPassword(ctx.db, auth, now);
  const added = await ctx.database.transaction(async (tx) => {
    const verified = await verifyRegistration(ctx, tx, auth.user.id, input.credential, now);
    if (!verified) return null;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: auth.user.id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        name: input.name,
        isBackedUp: verified.isBackedUp,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError('CONFLICT', 'This passkey is already registered.');
    await writeAudit(tx, {
      action: 'auth.passkey_added',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { name: row.name },
      at: now,
    });
    await tellPasskeyChanged(ctx, tx, auth.user.id, meta, now, { name: row.name, added: true });
    return row;
  });
  if (!added) throw passkeyInvalid();
  sendQueuedAfterAnswer(ctx, 'passkey_notice', now);
  return passkeyBody(added);
}

export async function removePasskey(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  await requireRecentPassword(ctx.db, auth, now);
  await ctx.database.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, auth.user.id)))
      .returning({ name: passkeys.name });
    if (!removed) throw new AppError('NOT_FOUND', 'Not found.');
    const [left] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, auth.user.id))
      .limit(1);
    // With no second factor left, one added later must be shown again in each session.
    if (!left && !(await hasAuthenticatorApp(tx, auth.user.id))) {
      await forgetSecondFactors(tx, auth.user.id);
    }
    await writeAudit(tx, {
      action: 'auth.passkey_removed',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { name: removed.name },
      at: now,
    });
    await tellPasskeyChanged(ctx, tx, auth.user.id, meta, now, {
      name: removed.name,
      added: false,
    });
  });
  sendQueuedAfterAnswer(ctx, 'passkey_notice', now);
}

async function hasAuthenticatorApp(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.totpSecret);
}

/** The security notice of a passkey added or removed. */
function tellPasskeyChanged(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  meta: RequestMeta,
  at: Date,
  change: { name: string; added: boolean },
): Promise<void> {
  const data = {
    language: meta.language,
    appUrl: ctx.config.appUrl,
    at: at.toISOString(),
    ...change,
  };
  return notifyCustomer(tx, userId, 'passkey_changed', data, at);
}
