// What each change topic makes stale (`changeTopics` in @secure-vault/shared/changes): a call
// refetches the queries of the topics its contract's `changes` names once it settles
// (useApiMutation), and a realtime notice those of its topic (lib/realtime.ts), so a change made
// in this tab and one made elsewhere refresh the same screens.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeTopic } from '@secure-vault/shared/changes';
import { sessionQueryKey } from './auth/get-session';

/**
 * The operations' keys (`apiKey(contract)`), written out: importing the contracts here would put
 * their schemas (the delivery form's phone-number rules among them) into every page that calls
 * the API. change-keys.test.ts holds them equal to the contracts' keys.
 */
export const queryKeys = {
  valuables: ['me', 'valuables'],
  summary: ['me', 'summary'],
  holdings: ['me', 'holdings'],
  history: ['me', 'history'],
  account: ['me', 'account'],
  transfers: ['me', 'transfers'],
  bankAccounts: ['me', 'bank-accounts'],
  recipients: ['me', 'recipients'],
  limits: ['me', 'limits'],
  fixedTerms: ['me', 'fixed-terms'],
  deliveries: ['me', 'deliveries'],
  profile: ['me', 'profile'],
  kyc: ['me', 'kyc'],
  sessions: ['auth', 'sessions'],
  passkeys: ['me', 'passkeys'],
  notifications: ['me', 'notifications'],
  notificationPreferences: ['me', 'notification-preferences'],
  priceAlerts: ['me', 'price-alerts'],
  recurringBuys: ['me', 'recurring-buys'],
  orders: ['me', 'orders'],
  // The dashboard's charts: the vault's value over time, and each holding's cost and gains.
  portfolio: ['me', 'portfolio', 'history'],
  performance: ['me', 'performance'],
  // The public price book and each asset's history (decision 028) share the key's first segment.
  prices: ['prices'],
  // Every staff operation's path is under /api/v1/admin: a change refreshes the whole panel, its
  // lists, the proposals waiting for approval, the net worths and the audit log together.
  adminPanel: ['admin'],
} as const satisfies Record<string, QueryKey>;

/** The queries each topic makes stale (a key is a prefix: it reaches every input). */
export const changeQueryKeys: Record<ChangeTopic, readonly QueryKey[]> = {
  // Cash or a holding moved (a trade, a transfer, a term matured, a staff credit): the vault and
  // its totals, the Sell tab's holdings, the account overview, the movements, the terms, and the
  // dashboard's value over time and performance.
  valuables: [
    queryKeys.valuables,
    queryKeys.summary,
    queryKeys.holdings,
    queryKeys.history,
    queryKeys.account,
    queryKeys.transfers,
    queryKeys.fixedTerms,
    queryKeys.portfolio,
    queryKeys.performance,
    // A recurring buy's period bought (or was skipped), which moved the cash.
    queryKeys.recurringBuys,
    // A limit order filled, which moved its reservation into the asset or the cash.
    queryKeys.orders,
  ],
  // The account overview carries the KYC status beside the cash.
  profile: [queryKeys.profile, queryKeys.summary, queryKeys.kyc, queryKeys.account],
  // A request was made or its status changed (a deposit completed, a withdrawal failed and
  // refunded, a delivery moved on or got a tracking record…), which moves what is left of the
  // day's deposit and withdrawal limits; the server also says `requests` when the bank accounts
  // change in another tab.
  requests: [
    queryKeys.deliveries,
    queryKeys.transfers,
    queryKeys.account,
    queryKeys.bankAccounts,
    queryKeys.limits,
  ],
  // Who is signed in, and how (two-factor on or off).
  session: [sessionQueryKey],
  sessions: [queryKeys.sessions],
  passkeys: [queryKeys.passkeys],
  bankAccounts: [queryKeys.bankAccounts],
  recipients: [queryKeys.recipients],
  // A notice arrived or was read; what is mailed changed. A price alert that fired, a recurring
  // buy's period that ran and a limit order that filled or expired are told by a notice, so they
  // are read again to show it.
  notifications: [
    queryKeys.notifications,
    queryKeys.notificationPreferences,
    queryKeys.priceAlerts,
    queryKeys.recurringBuys,
    queryKeys.orders,
  ],
  // A price alert was set or removed.
  priceAlerts: [queryKeys.priceAlerts],
  // A recurring buy was set up, paused, resumed or cancelled.
  recurringBuys: [queryKeys.recurringBuys],
  // A limit order was placed or cancelled.
  orders: [queryKeys.orders],
  admin: [queryKeys.adminPanel],
  // A staff price change was approved: every screen quoting from the book, and its charts.
  // The dashboard's value over time and performance value holdings at the book too.
  prices: [queryKeys.prices, queryKeys.portfolio, queryKeys.performance],
};

/** Marks the queries of these topics stale and refetches the ones on screen; done when they are. */
export async function refetchChanges(
  queryClient: QueryClient,
  topics: readonly ChangeTopic[],
): Promise<void> {
  const stale = new Set(topics.flatMap((topic) => changeQueryKeys[topic]));
  await Promise.all([...stale].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
