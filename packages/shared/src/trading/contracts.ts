// Trading's operations: buy and sell at listed prices, swap one holding for another (both
// money-moving, with an Idempotency-Key), and the Sell tab's holding of one asset. An
// impersonating staff member may trade; the journal names them.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  assetSymbolSchema,
  holdingSchema,
  swapRequestSchema,
  swapResultSchema,
  tradeRequestSchema,
  tradeResultSchema,
} from '../trading.ts';

const tag = 'trading';

export const placeTrade = defineContract({
  method: 'POST',
  path: '/api/v1/trades',
  access: 'user',
  tag,
  summary: "Buy or sell a metal or cryptocurrency at the price book's price",
  description:
    "Give either `quantity` (mg or units) or `total` (USD, whole cents: a buy pays exactly that for quantity = total ÷ price rounded down to the step; a sell sells total ÷ price rounded up). A buy is priced at the book's `buy` price, a sale at its `sell` price (GET /api/v1/prices). Name the price you were shown in `price`: if the book has moved further than the tolerance (0.5% by default) from it, the order is refused with PRICE_CHANGED and the new price in `details.price`. Cash moves in whole cents: a buy by quantity pays the value rounded up to the cent, a sale receives it rounded down. Repeating the Idempotency-Key with the same body returns the first answer and trades nothing. While a price feed is configured and has not vouched for the asset's price recently, trading in it is halted: PRICE_STALE (`halted` in GET /api/v1/prices).",
  body: tradeRequestSchema,
  status: 201,
  response: tradeResultSchema,
  errors: [
    'QUANTITY_INVALID',
    'UNKNOWN_ASSET',
    'ASSET_UNAVAILABLE',
    'BELOW_MINIMUM',
    'PRICE_CHANGED',
    'PRICE_STALE',
    'INSUFFICIENT_CASH',
    'INSUFFICIENT_HOLDING',
  ],
  idempotent: true,
  changes: ['valuables'],
});

export const swapAssets = defineContract({
  method: 'POST',
  path: '/api/v1/swaps',
  access: 'user',
  tag,
  summary: "Swap a quantity of one traded holding for another at the price book's prices",
  description:
    'Sells `from` at its book `sell` price, at the value rounded down to the cent, and buys `to` at its `buy` price with those cents, rounded down to its quantity step; the cents left are credited as cash. `fromPrice` and `toPrice`, the prices you were shown, are checked as `price` is for a trade (PRICE_CHANGED), and either asset halted refuses the swap with PRICE_STALE.',
  body: swapRequestSchema,
  status: 201,
  response: swapResultSchema,
  errors: [
    'QUANTITY_INVALID',
    'UNKNOWN_ASSET',
    'ASSET_UNAVAILABLE',
    'BELOW_MINIMUM',
    'PRICE_CHANGED',
    'PRICE_STALE',
    'INSUFFICIENT_HOLDING',
  ],
  idempotent: true,
  changes: ['valuables'],
});

export const getHolding = defineContract({
  method: 'GET',
  path: '/api/v1/me/holdings/:symbol',
  access: 'user',
  tag,
  summary: 'Your holding of one asset, for the sell tab',
  params: z.strictObject({ symbol: assetSymbolSchema }),
  status: 200,
  response: holdingSchema,
  errors: ['UNKNOWN_ASSET'],
});
