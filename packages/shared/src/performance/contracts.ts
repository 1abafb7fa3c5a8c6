// What the customer's vault did: its value over time, and each holding's cost, value and gains.
import { defineContract } from '../contract.ts';
import {
  performanceSchema,
  portfolioHistoryQuerySchema,
  portfolioHistorySchema,
} from '../performance.ts';

const tag = 'performance';

export const getPortfolioHistory = defineContract({
  method: 'GET',
  path: '/api/v1/me/portfolio/history',
  access: 'user',
  tag,
  summary: "The vault's value over a range (1w, 1m, 1y or all): cash, listed assets and custody",
  query: portfolioHistoryQuerySchema,
  status: 200,
  response: portfolioHistorySchema,
  errors: [],
});

export const getPerformance = defineContract({
  method: 'GET',
  path: '/api/v1/me/performance',
  access: 'user',
  tag,
  summary:
    'Per listed holding: average cost, value at the book now, unrealised and realised gain by year',
  status: 200,
  response: performanceSchema,
  errors: [],
});
