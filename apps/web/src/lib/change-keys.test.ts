import { describe, expect, it } from 'vitest';
import * as alerts from '@secure-vault/shared/alerts/contracts';
import * as auth from '@secure-vault/shared/auth/contracts';
import * as banking from '@secure-vault/shared/banking/contracts';
import { changeTopics } from '@secure-vault/shared/changes';
import { allContracts } from '@secure-vault/shared/contracts';
import * as custody from '@secure-vault/shared/custody/contracts';
import * as history from '@secure-vault/shared/history/contracts';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import * as passkeys from '@secure-vault/shared/passkeys/contracts';
import * as performance from '@secure-vault/shared/performance/contracts';
import * as prices from '@secure-vault/shared/prices/contracts';
import * as recurring from '@secure-vault/shared/recurring/contracts';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import * as orders from '@secure-vault/shared/orders/contracts';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { apiKey } from './api-query';
import { changeQueryKeys, queryKeys } from './change-keys';

describe('change keys', () => {
  it('are written as the contracts make them', () => {
    expect(queryKeys).toEqual({
      valuables: apiKey(vault.getValuables),
      summary: apiKey(vault.getSummary),
      holdings: apiKey(trading.getHolding),
      history: apiKey(history.getHistory),
      account: apiKey(banking.getAccount),
      transfers: apiKey(banking.getMyTransfers),
      bankAccounts: apiKey(banking.getBankAccounts),
      recipients: apiKey(banking.getSavedRecipients),
      limits: apiKey(banking.getRequestLimits),
      fixedTerms: apiKey(custody.getMyFixedTerms),
      deliveries: apiKey(custody.getMyDeliveries),
      profile: apiKey(vault.getProfile),
      kyc: apiKey(kyc.getKyc),
      sessions: apiKey(auth.getSessions),
      passkeys: apiKey(passkeys.getPasskeys),
      notifications: apiKey(notifications.getNotifications),
      notificationPreferences: apiKey(notifications.getNotificationPreferences),
      priceAlerts: apiKey(alerts.listPriceAlerts),
      recurringBuys: apiKey(recurring.listRecurringBuys),
      orders: apiKey(orders.listLimitOrders),
      portfolio: apiKey(performance.getPortfolioHistory),
      performance: apiKey(performance.getPerformance),
      prices: apiKey(prices.getPrices),
      adminPanel: apiKey({ path: '/api/v1/admin' }),
    });
    // Every staff operation is under the panel's key, so a change there refreshes all of it.
    for (const contract of allContracts.filter(({ access }) => access === 'admin')) {
      expect(apiKey(contract).slice(0, 1), contract.path).toEqual(queryKeys.adminPanel);
    }
  });

  it('cover every topic a contract may declare or the server push', () => {
    expect(Object.keys(changeQueryKeys).sort()).toEqual([...changeTopics].sort());
  });

  it('make stale what each topic changes', () => {
    expect(changeQueryKeys.valuables).toEqual([
      ['me', 'valuables'],
      ['me', 'summary'],
      ['me', 'holdings'],
      ['me', 'history'],
      ['me', 'account'],
      ['me', 'transfers'],
      ['me', 'fixed-terms'],
      ['me', 'portfolio', 'history'],
      ['me', 'performance'],
      ['me', 'recurring-buys'],
      ['me', 'orders'],
    ]);
    expect(changeQueryKeys.profile).toEqual([
      ['me', 'profile'],
      ['me', 'summary'],
      ['me', 'kyc'],
      ['me', 'account'],
    ]);
    expect(changeQueryKeys.requests).toEqual([
      ['me', 'deliveries'],
      ['me', 'transfers'],
      ['me', 'account'],
      ['me', 'bank-accounts'],
      ['me', 'limits'],
    ]);
    expect(changeQueryKeys.session).toEqual([['session']]);
    expect(changeQueryKeys.sessions).toEqual([['auth', 'sessions']]);
    expect(changeQueryKeys.bankAccounts).toEqual([['me', 'bank-accounts']]);
    expect(changeQueryKeys.recipients).toEqual([['me', 'recipients']]);
    // The list (in every language), the bell's count, what is mailed, the price alerts, the
    // recurring buys and the limit orders (an alert that fires, a period that runs and an order
    // that fills or expires are told by a notice).
    expect(changeQueryKeys.notifications).toEqual([
      ['me', 'notifications'],
      ['me', 'notification-preferences'],
      ['me', 'price-alerts'],
      ['me', 'recurring-buys'],
      ['me', 'orders'],
    ]);
    expect(changeQueryKeys.priceAlerts).toEqual([['me', 'price-alerts']]);
    expect(changeQueryKeys.recurringBuys).toEqual([['me', 'recurring-buys']]);
    expect(changeQueryKeys.orders).toEqual([['me', 'orders']]);
    expect(apiKey(notifications.getUnreadNotifications).slice(0, 2)).toEqual(
      queryKeys.notifications,
    );
    expect(changeQueryKeys.admin).toEqual([['admin']]);
    // The book and every asset's history; the staff Prices tab is under the panel's key.
    expect(changeQueryKeys.prices).toEqual([
      ['prices'],
      ['me', 'portfolio', 'history'],
      ['me', 'performance'],
    ]);
    expect(apiKey(prices.getPriceHistory)).toEqual(queryKeys.prices);
    expect(apiKey(prices.getStaffPrices).slice(0, 1)).toEqual(queryKeys.adminPanel);
  });
});
