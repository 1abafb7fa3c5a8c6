// How an undelivered message's state looks in the Mail tab: waiting amber, given up red.
import type { UndeliveredMail } from '@secure-vault/shared/mail-queue/contracts';
import type { StatusTones } from '@/components/ui/status-badge';

export const mailStateTones: StatusTones<UndeliveredMail['state']> = {
  waiting: 'amber',
  given_up: 'red',
};
