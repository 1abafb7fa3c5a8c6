// The price book, public like a price list (decision 028): every asset's current prices, and
// one asset's history for its chart.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { priceBookSchema, priceHistoryQuerySchema, priceHistorySchema } from '../prices.ts';
import { assetSymbolSchema } from '../trading.ts';

const tag = 'prices';

export const getPrices = defineContract({
  method: 'GET',
  path: '/api/v1/prices',
  access: 'public',
  tag,
  summary:
    'Every listed asset: the price a customer pays and receives, since when, and its 24 h change',
  description:
    "Prices are USD per mg (metals) or per unit (crypto). `buy` is what a buyer pays, `sell` what a seller receives and what holdings are valued at. With no feed and no staff change they are SPEC §9's listed prices.",
  status: 200,
  response: priceBookSchema,
  errors: [],
});

export const getPriceHistory = defineContract({
  method: 'GET',
  path: '/api/v1/prices/:symbol/history',
  access: 'public',
  tag,
  summary: "One asset's prices over a range (1d, 1w, 1m, 1y or all), downsampled for a chart",
  params: z.strictObject({ symbol: assetSymbolSchema }),
  query: priceHistoryQuerySchema,
  status: 200,
  response: priceHistorySchema,
  errors: ['UNKNOWN_ASSET'],
});
