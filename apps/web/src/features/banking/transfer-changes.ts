// What a transfer changes, refetched once it settles (it may have moved value even when the answer
// was lost): the vault's valuables and totals, the account overview, the Sell tab's holdings,
// the customer's transfers and the history.
import * as banking from '@secure-vault/shared/banking/contracts';
import * as history from '@secure-vault/shared/history/contracts';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { apiKey } from '@/lib/api-query';

export const transferChanges = [
  apiKey(vault.getValuables),
  apiKey(vault.getSummary),
  apiKey(banking.getAccount),
  apiKey(trading.getHolding),
  apiKey(banking.getMyTransfers),
  apiKey(history.getHistory),
] as const;
