// What an operation's effect changes, said once in its contract (`changes`): the web app refetches
// the queries of each topic once a call settles, and the same names serve the realtime notices,
// so a change made here and one pushed from elsewhere refresh the same screens.
import { realtimeTopics } from './realtime.ts';

/**
 * Every change topic: the ones the server also pushes to the customer's other tabs
 * (`realtimeTopics`), then ones only the caller's own screens follow — the signed-in session,
 * the list of the account's sessions, its registered bank accounts, its saved recipients, the
 * staff panel, and the customer's price alerts, recurring buys and limit orders.
 */
export const changeTopics = [
  ...realtimeTopics,
  'session',
  'sessions',
  'passkeys',
  'bankAccounts',
  'recipients',
  'admin',
  'priceAlerts',
  'recurringBuys',
  'orders',
] as const;
export type ChangeTopic = (typeof changeTopics)[number];
