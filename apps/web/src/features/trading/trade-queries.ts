// The queries a trade or a swap changes, refetched once it settles: the cash and net worth, the
// vault's valuables, the Sell tab's holdings and the history.
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { apiKey } from '@/lib/api-query';

export const tradeChanges = [
  apiKey(vault.getSummary),
  apiKey(vault.getValuables),
  apiKey(trading.getHolding),
  ['me', 'history'],
] as const;
