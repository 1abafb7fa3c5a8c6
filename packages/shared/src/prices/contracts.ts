// The price book, public like a price list (decision 028): every asset's current prices, and
// one asset's history for its chart. Staff see the feed's health and propose price changes,
// which a second staff member approves (the approvals queue).
import { z } from 'zod';
import { proposalSchema } from '../approvals.ts';
import { defineContract } from '../contract.ts';
import {
  publicPriceBookSchema,
  priceChangeSchema,
  priceHistoryQuerySchema,
  priceHistorySchema,
  staffPriceBookSchema,
} from '../prices.ts';
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
  response: publicPriceBookSchema,
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

export const getStaffPrices = defineContract({
  method: 'GET',
  path: '/api/v1/admin/prices',
  access: 'admin',
  tag,
  summary: 'The book with each price’s source, the feed’s health and pending price changes',
  status: 200,
  response: staffPriceBookSchema,
  errors: [],
});

export const proposePriceChange = defineContract({
  method: 'POST',
  path: '/api/v1/admin/prices/:symbol',
  access: 'admin',
  tag,
  summary:
    "Propose an asset's buy and sell prices; another staff member approves them into the book",
  description:
    'Nothing changes until a different staff member approves the proposal (DESIGN §4 "Dual ' +
    'control"); CONFLICT while another change to the asset waits, and on approval when the ' +
    "book's price moved since it was proposed. Sell may not exceed buy; each has at most 8 decimals.",
  params: z.strictObject({ symbol: assetSymbolSchema }),
  body: priceChangeSchema,
  status: 202,
  response: proposalSchema,
  errors: ['UNKNOWN_ASSET'],
  idempotent: true,
  changes: ['admin', 'notifications'],
});
