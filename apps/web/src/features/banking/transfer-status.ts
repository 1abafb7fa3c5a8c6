// How a transfer's status looks (SPEC §4), the same in the customer's requests and in staff's
// Transfer Management: pending amber, completed green, failed red, cancelled grey.
import type { TransferStatus } from '@secure-vault/shared/transfers';
import type { StatusTones } from '@/components/ui/status-badge';

export const transferStatusTones: StatusTones<TransferStatus> = {
  pending: 'amber',
  completed: 'green',
  failed: 'red',
  cancelled: 'grey',
};
