// POST /api/v1/admin/proposals/:id/withdraw (DESIGN §4 "Dual control"): the maker takes back a
// price change of their own while it waits; the book keeps its prices. The same operation
// Approvals' Withdraw sends.
import * as approvals from '@secure-vault/shared/approvals/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useWithdrawPriceChange() {
  return useApiMutation(approvals.withdrawProposal);
}
