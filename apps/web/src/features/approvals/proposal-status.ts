// How a proposal's status looks in Approvals: waiting amber, approved green, rejected red,
// withdrawn grey.
import type { ProposalStatus } from '@secure-vault/shared/approvals';
import type { StatusTones } from '@/components/ui/status-badge';

export const proposalStatusTones: StatusTones<ProposalStatus> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'grey',
};
