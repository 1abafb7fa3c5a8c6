// What the staff screens that propose a change (DESIGN §4 "Dual control": Valuables Management,
// Book Balance, Transfer Management) say once it is sent: nothing has changed yet, another staff
// member must approve it in Approvals; or that a change to the same item or request already waits
// there (CONFLICT), which must be decided or withdrawn first.
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function reportProposed(t: TFunction): void {
  toast.success(t('admin:approvals.proposed.title'), {
    description: t('admin:approvals.proposed.body'),
  });
}

/** True (and said) when a proposal for the same item or request is already waiting. */
export function reportProposalConflict(t: TFunction, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return false;
  toast.error(t('admin:approvals.proposed.conflictTitle'), {
    description: t('admin:approvals.proposed.conflictBody'),
  });
  return true;
}
