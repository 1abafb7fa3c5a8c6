// Fixed terms and physical delivery (SPEC §2 /fixed-assets and Settings' Delivery Services,
// admin Delivery Management and Tracking; §3 delivery_requests, delivery_tracking, fixed-asset
// term; §4, §5, §9; DESIGN §5). A fixed term locks a holding for 1, 3, 6 or 12 months and pays
// its profit as cash at maturity; a delivery takes a physical item or metal out of the vault.
// Messages are locale keys of the `custody` namespace.
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { fixedTerms } from './catalogue.ts';
import { decimalPattern } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';

const decimalString = z.string().regex(decimalPattern);

/** A quantity of a traded position (mg or units); its decimals are checked by the server. */
const quantitySchema = z
  .string('custody:errors.quantityInvalid')
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'custody:errors.quantityInvalid')
  .refine((value) => Number(value) > 0, 'custody:errors.quantityInvalid');

// ── Fixed terms ───────────────────────────────────────────────────────────────────────────
export const fixedTermMonths = [1, 3, 6, 12] as const;
export type FixedTermMonths = (typeof fixedTermMonths)[number];

export const fixedTermStatuses = ['active', 'matured'] as const;
export type FixedTermStatus = (typeof fixedTermStatuses)[number];

/** The rate of a term (SPEC §9), exact. */
export function fixedTermRate(months: FixedTermMonths): string {
  const term = fixedTerms.find((candidate) => candidate.months === months);
  if (!term) throw new Error(`No fixed term of ${String(months)} months`);
  return term.interestRate;
}

export const fixedTermOfferSchema = z.object({
  months: z.literal(fixedTermMonths),
  /** Profit as a fraction of the value ("0.05"). */
  interestRate: decimalString,
});
export type FixedTermOffer = z.infer<typeof fixedTermOfferSchema>;

/**
 * POST /api/v1/me/fixed-terms. Without `quantity` the whole valuable is fixed; with it, that part
 * of a traded position is split off as its own locked holding.
 */
export const fixedTermRequestSchema = z.strictObject({
  valuableId: z.uuid('custody:errors.assetRequired'),
  months: z.literal(fixedTermMonths, 'custody:errors.termRequired'),
  quantity: quantitySchema.optional(),
});
export type FixedTermRequest = z.input<typeof fixedTermRequestSchema>;

export const fixedTermSchema = z.object({
  id: z.uuid(),
  /** The locked holding (gone once a split-off part returned to its position at maturity). */
  valuableId: z.uuid(),
  itemName: z.string(),
  assetSymbol: z.string().nullable(),
  quantity: decimalString.nullable(),
  unit: z.string().nullable(),
  months: z.literal(fixedTermMonths),
  interestRate: decimalString,
  /** The holding's value when it was fixed. */
  principal: decimalString,
  /** principal × rate, paid as cash (whole cents, rounded down) at maturity. */
  profit: decimalString,
  status: z.enum(fixedTermStatuses),
  startedAt: z.string(),
  maturesAt: z.string(),
  maturedAt: z.string().nullable(),
});
export type FixedTerm = z.infer<typeof fixedTermSchema>;

// ── Delivery ──────────────────────────────────────────────────────────────────────────────
/** SPEC §4; DESIGN §5: in this order, cancelled only before shipped. */
export const deliveryStatuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** What each status may become (DESIGN §5: we differ from SPEC's free dropdown on purpose). */
export const deliveryTransitions: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** SPEC §4: the seven statuses a tracking record may carry. */
export const trackingStatuses = [
  'pending',
  'processing',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

const required = (max: number) =>
  singleLineText('custody:errors.allRequired')
    .trim()
    .min(1, 'custody:errors.allRequired')
    .max(max, 'custody:errors.tooLong');

export const deliveryRequestSchema = z.strictObject({
  valuableId: z.uuid('custody:errors.allRequired'),
  quantity: quantitySchema.optional(),
  recipientName: required(140),
  recipientEmail: emailSchema,
  /** International form (+44…); checked with libphonenumber-js. */
  recipientPhone: required(32).refine(
    (value) => isValidPhoneNumber(value),
    'custody:errors.phoneInvalid',
  ),
  recipientAddress: multiLineText('custody:errors.allRequired')
    .min(1, 'custody:errors.allRequired')
    .max(500, 'custody:errors.tooLong'),
});
export type DeliveryRequest = z.input<typeof deliveryRequestSchema>;

export const trackingRecordSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid(),
  status: z.enum(trackingStatuses),
  location: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

export const deliverySchema = z.object({
  id: z.uuid(),
  valuableId: z.uuid().nullable(),
  /** The item as it was when asked for (a delivered item has left the vault). */
  itemName: z.string(),
  itemType: z.string(),
  assetSymbol: z.string().nullable(),
  quantity: decimalString.nullable(),
  unit: z.string().nullable(),
  estimatedValue: decimalString.nullable(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string(),
  recipientAddress: z.string(),
  status: z.enum(deliveryStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Newest first. */
  tracking: z.array(trackingRecordSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const adminDeliverySchema = deliverySchema.extend({
  userId: z.uuid(),
  userEmail: z.string(),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

export const deliveryParamsSchema = z.strictObject({ id: z.uuid() });

export const deliveryListQuerySchema = z.strictObject({
  status: z.enum(deliveryStatuses).optional(),
});

export const deliveryStatusChangeSchema = z.strictObject({
  status: z.enum(deliveryStatuses),
});

export const trackingInputSchema = z.strictObject({
  status: z.enum(trackingStatuses, 'custody:errors.statusRequired'),
  location: singleLineText().max(200, 'custody:errors.tooLong').optional(),
  message: multiLineText().max(1000, 'custody:errors.tooLong').optional(),
});
export type TrackingInput = z.input<typeof trackingInputSchema>;

/** SPEC §3: the staff's list of every record, with the request's recipient and the user's email. */
export const adminTrackingRecordSchema = trackingRecordSchema.extend({
  recipientName: z.string(),
  userId: z.uuid(),
  userEmail: z.string(),
});
export type AdminTrackingRecord = z.infer<typeof adminTrackingRecordSchema>;
