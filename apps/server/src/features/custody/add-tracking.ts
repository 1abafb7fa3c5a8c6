// Staff add a tracking record to a delivery (contract: addTracking): audited, the customer's
// pages told, and the customer emailed in the language they asked in, kept with the record.
import { eq } from 'drizzle-orm';
import type { TrackingInput, TrackingRecord } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import { deliveries, deliveryTracking } from '../../db/custody-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { notifyCustomer } from '../../mail/notify.ts';
import { writeAudit } from '../../auth/audit.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';

export async function addTracking(
  ctx: AppContext,
  staffId: string,
  deliveryId: string,
  input: TrackingInput,
  meta: RequestMeta,
): Promise<TrackingRecord> {
  const now = ctx.clock.now();
  const record = await ctx.database.transaction(async (tx) => {
    const [delivery] = await tx
      .select({
        id: deliveries.id,
        userId: deliveries.userId,
        itemName: deliveries.itemName,
        recipientName: deliveries.recipientName,
        language: deliveries.language,
        email: users.email,
      })
      .from(deliveries)
      .innerJoin(users, eq(users.id, deliveries.userId))
      .where(eq(deliveries.id, deliveryId));
    if (!delivery) throw new AppError('NOT_FOUND', 'This delivery request was not found.');
    await assertStaffMayActOn(tx, staffId, delivery.userId);
    const [row] = await tx
      .insert(deliveryTracking)
      .values({
        deliveryId,
        status: input.status,
        location: input.location || null,
        message: input.message || null,
        createdBy: staffId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The tracking record was not saved.');
    await writeAudit(tx, {
      action: 'delivery.tracking_added',
      actorId: staffId,
      subjectUserId: delivery.userId,
      ip: meta.ip,
      details: { deliveryId, trackingId: row.id, status: row.status },
      at: now,
    });
    await notifyUser(tx, delivery.userId, 'requests');
    const record: TrackingRecord = {
      id: row.id,
      deliveryId: row.deliveryId,
      status: row.status,
      location: row.location,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    };
    // A tracking record is a step of the delivery the customer follows: they are told, as of
    // every status change, in the language they asked in — kept with the record.
    await notifyCustomer(
      tx,
      delivery.userId,
      'delivery_tracking',
      {
        language: delivery.language,
        itemName: delivery.itemName,
        recipientName: delivery.recipientName,
        status: record.status,
        location: record.location,
        message: record.message,
        reference: delivery.id,
      },
      now,
    );
    return record;
  });
  runAfterAnswer(ctx, 'delivery_tracking_email', async () => {
    await ctx.mailer.deliverQueued(now);
  });
  return record;
}
