// What asking for, or cancelling, a delivery changes, refetched once the call settles (it may have
// happened even when the answer was lost): the customer's deliveries, and the vault, where the
// item is now in delivery (or back), a metal position split, and the totals that count them.
import * as banking from '@secure-vault/shared/banking/contracts';
import * as custody from '@secure-vault/shared/custody/contracts';
import * as history from '@secure-vault/shared/history/contracts';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { apiKey } from '@/lib/api-query';

export const deliveryChanges = [
  apiKey(custody.getMyDeliveries),
  apiKey(vault.getValuables),
  apiKey(vault.getSummary),
  apiKey(trading.getHolding),
  apiKey(banking.getAccount),
  apiKey(history.getHistory),
] as const;
