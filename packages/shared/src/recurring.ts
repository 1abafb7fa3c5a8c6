// Recurring buys (issue 29): a fixed amount of cash into a listed asset every week or every month
// on a chosen day, bought at the book's price by the job runner exactly once per period. A
// period whose cash is short (or whose asset is halted) is skipped, with a notice; the customer
// pauses, resumes and cancels a plan. A monthly day past a short month's end runs on its last day.
import { z } from 'zod';
import { assetSymbolSchema } from './trading.ts';

export const recurringFrequencies = ['weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

export const recurringStatuses = ['active', 'paused', 'cancelled'] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];

/** The hour of the day (UTC) a plan buys on its day. */
export const recurringHourUtc = 12;
/** How many plans a customer may keep that are not cancelled. */
export const maxRecurringBuys = 20;
/** The least a period may buy, and the most. */
export const recurringAmountLimits = { min: '10', max: '100000' } as const;

export const recurringBuyInputSchema = z
  .strictObject({
    symbol: assetSymbolSchema,
    /** Dollars, with at most 2 decimals. */
    amount: z
      .string('trading:recurring.errors.amountInvalid')
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'trading:recurring.errors.amountInvalid')
      .refine(
        (value) =>
          Number(value) >= Number(recurringAmountLimits.min) &&
          Number(value) <= Number(recurringAmountLimits.max),
        'trading:recurring.errors.amountRange',
      ),
    frequency: z.enum(recurringFrequencies, 'trading:recurring.errors.frequencyRequired'),
    /** Weekly: 1 (Monday) to 7 (Sunday), ISO weekdays. Monthly: 1 to 31. */
    day: z.number('trading:recurring.errors.dayInvalid').int('trading:recurring.errors.dayInvalid'),
  })
  .refine((plan) => plan.day >= 1 && plan.day <= (plan.frequency === 'weekly' ? 7 : 31), {
    message: 'trading:recurring.errors.dayInvalid',
    path: ['day'],
  });
export type RecurringBuyInput = z.input<typeof recurringBuyInputSchema>;

export const recurringOutcomes = ['bought', 'skipped'] as const;

export const recurringRunSchema = z.object({
  /** The period's run time. */
  at: z.iso.datetime(),
  outcome: z.enum(recurringOutcomes),
  /** What was bought; null when skipped. */
  quantity: z.string().nullable(),
  /** The cash it took, in dollars; null when skipped. */
  total: z.string().nullable(),
  /** Why it was skipped (an error code: INSUFFICIENT_CASH, PRICE_STALE…); null when bought. */
  reason: z.string().nullable(),
});
export type RecurringRun = z.infer<typeof recurringRunSchema>;

export const recurringBuySchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  amount: z.string(),
  frequency: z.enum(recurringFrequencies),
  day: z.number().int(),
  status: z.enum(recurringStatuses),
  /** When it buys next; null once paused or cancelled. */
  nextRunAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Its last periods, newest first (at most 12). */
  runs: z.array(recurringRunSchema),
});
export type RecurringBuy = z.infer<typeof recurringBuySchema>;

export const recurringBuyListSchema = z.object({
  /** Active and paused plans first (newest first), then cancelled ones. */
  items: z.array(recurringBuySchema),
});
export type RecurringBuyList = z.infer<typeof recurringBuyListSchema>;
