// Deliveries (contracts: shared/custody/contracts.ts; SPEC §2 Settings and admin, §3, §4;
// DESIGN §5): the customer asks for one and may cancel it before it ships; staff move it on in
// order and add tracking records. Every step is emailed to the customer in the language they
// asked in, and their pages are told.
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type {
  AdminDelivery,
  AdminTrackingRecord,
  Delivery,
  DeliveryRequest,
  DeliveryStatus,
  TrackingInput,
  TrackingRecord,
} from '@secure-vault/shared/custody';
import { isLanguage } from '@secure-vault/shared/i18n';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { deliveries, deliveryTracking } from '../../db/custody-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  cancelDeliveryAsCustomer,
  moveDeliveryAsStaff,
  requestDelivery,
} from '../../ledger/custody.ts';
import { notifyUser } from '../../ledger/journal.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { trackingUpdate } from '../../mail/custody-templates.ts';
import { writeAudit } from '../../auth/audit.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';

/**
 * Sends the customer's email of where their delivery stands, queued with the change by the
 * ledger's function (delivery_mail), after the answer.
 */
function tell(ctx: AppContext): void {
  runAfterAnswer(ctx, 'delivery_email', async () => {
    await ctx.mailer.deliverQueued(ctx.clock.now());
  });
}

export async function createDelivery(
  ctx: AppContext,
  caller: Caller,
  input: {
    body: Omit<DeliveryRequest, 'quantity'> & { quantity?: string | undefined };
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<Delivery>> {
  const { body } = input;
  const outcome = await requestDelivery(ctx.database, caller, {
    id: randomUUID(),
    valuableId: body.valuableId,
    quantity: body.quantity ?? null,
    recipient: {
      name: body.recipientName,
      email: body.recipientEmail,
      phone: body.recipientPhone,
      address: body.recipientAddress,
    },
    language: input.meta.language,
    at: ctx.clock.now(),
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}

export async function getMyDeliveries(ctx: AppContext, userId: string): Promise<Delivery[]> {
  const rows = await ctx.db
    .select({ json: sql<Delivery>`delivery_json(${deliveries})` })
    .from(deliveries)
    .where(eq(deliveries.userId, userId))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
  return rows.map((row) => row.json);
}

export async function cancelDelivery(
  ctx: AppContext,
  caller: Caller,
  input: { id: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Delivery>> {
  const outcome = await cancelDeliveryAsCustomer(ctx.database, caller, {
    id: input.id,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}

export async function listDeliveries(
  ctx: AppContext,
  status: DeliveryStatus | undefined,
): Promise<AdminDelivery[]> {
  const rows = await ctx.db
    .select({ json: sql<AdminDelivery>`admin_delivery_json(${deliveries})` })
    .from(deliveries)
    .where(status ? eq(deliveries.status, status) : undefined)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
  return rows.map((row) => row.json);
}

export async function setDeliveryStatus(
  ctx: AppContext,
  caller: Caller,
  input: {
    staffId: string;
    id: string;
    status: DeliveryStatus;
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<AdminDelivery>> {
  await assertStaffMayActOnDelivery(ctx, input.staffId, input.id);
  const outcome = await moveDeliveryAsStaff(ctx.database, caller, {
    id: input.id,
    status: input.status,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}

/**
 * Nobody moves a delivery of their own, nor a staff account's (DESIGN §4): delivered takes the
 * item out of the vault. A delivery's customer never changes, so asking first is enough.
 */
async function assertStaffMayActOnDelivery(ctx: AppContext, staffId: string, deliveryId: string) {
  const [delivery] = await ctx.db
    .select({ userId: deliveries.userId })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  if (delivery) await assertStaffMayActOn(ctx.db, staffId, delivery.userId);
}

export async function listTracking(ctx: AppContext): Promise<AdminTrackingRecord[]> {
  const rows = await ctx.db
    .select({
      id: deliveryTracking.id,
      deliveryId: deliveryTracking.deliveryId,
      status: deliveryTracking.status,
      location: deliveryTracking.location,
      message: deliveryTracking.message,
      createdAt: deliveryTracking.createdAt,
      recipientName: deliveries.recipientName,
      userId: deliveries.userId,
      userEmail: users.email,
    })
    .from(deliveryTracking)
    .innerJoin(deliveries, eq(deliveries.id, deliveryTracking.deliveryId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .orderBy(desc(deliveryTracking.createdAt), desc(deliveryTracking.id));
  return rows.map((row) => ({
    ...row,
    status: row.status as AdminTrackingRecord['status'],
    createdAt: row.createdAt.toISOString(),
  }));
}

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
      status: row.status as TrackingRecord['status'],
      location: row.location,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    };
    // A tracking record is a step of the delivery the customer follows: they are told, as of
    // every status change, in the language they asked in — kept with the record.
    await ctx.mailer.keep(
      tx,
      {
        to: delivery.email,
        ...trackingUpdate(isLanguage(delivery.language) ? delivery.language : 'en', {
          itemName: delivery.itemName,
          recipientName: delivery.recipientName,
          status: record.status,
          location: record.location,
          message: record.message,
          reference: delivery.id,
        }),
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
