// How a verification's status looks: not started grey, in progress amber, under review blue,
// approved green, rejected red, so a customer waiting on staff never looks like one who has not
// begun.
import type { KycStatus } from '@secure-vault/shared/kyc';
import type { StatusTones } from '@/components/ui/status-badge';

export const kycStatusTones: StatusTones<KycStatus> = {
  not_started: 'grey',
  draft: 'amber',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};
