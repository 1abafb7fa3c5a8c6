// Price alerts (issue 29): a customer asks to be told once an asset's price — the book's sell
// price, what their holding is valued at — reaches a level, above or below. An alert fires once,
// in the notification centre and by email in the customer's language, and is then kept as fired.
import { z } from 'zod';
import { isBookPrice } from './prices.ts';
import { assetSymbolSchema } from './trading.ts';

export const alertDirections = ['above', 'below'] as const;
export type AlertDirection = (typeof alertDirections)[number];

/** How many alerts a customer may have waiting at once. */
export const maxActiveAlerts = 50;

export const priceAlertInputSchema = z.strictObject({
  symbol: assetSymbolSchema,
  direction: z.enum(alertDirections, 'trading:alerts.errors.directionRequired'),
  price: z
    .string('trading:alerts.errors.priceInvalid')
    .trim()
    .max(40, 'trading:alerts.errors.priceInvalid')
    .refine(isBookPrice, 'trading:alerts.errors.priceInvalid'),
});
export type PriceAlertInput = z.input<typeof priceAlertInputSchema>;

export const priceAlertSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  direction: z.enum(alertDirections),
  /** The level, per mg (metals) or per unit (crypto). */
  price: z.string(),
  createdAt: z.iso.datetime(),
  /** When the book's sell price reached the level; null while it waits. */
  firedAt: z.iso.datetime().nullable(),
  /** The book's sell price that fired it. */
  firedPrice: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertListSchema = z.object({
  /** Waiting ones first (newest first), then the last fired ones (newest first). */
  items: z.array(priceAlertSchema),
});
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;
