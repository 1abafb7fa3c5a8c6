// How a receipt's status looks: a transfer's or request's state, as the banking screens tone it
// (pending amber, completed green, failed red, cancelled grey); a movement without one is done.
import type { TransferStatus } from '@secure-vault/shared/transfers';
import type { StatusTones } from '@/components/ui/status-badge';

export const receiptStatusTones: StatusTones<TransferStatus> = {
  pending: 'amber',
  completed: 'green',
  failed: 'red',
  cancelled: 'grey',
};
