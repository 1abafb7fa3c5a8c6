// The frame every staff decision shares (Approvals, Transfer Management): an alert dialog that
// cannot be closed while its decision is on its way, goes straight to the reason when one is
// asked, and ends in Back and a confirm button that spins while sending. The decision's own
// texts, effect and sending stay with its dialog.
import type { ReactNode } from 'react';
import { useMutationState } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldOf } from '@secure-vault/shared/guards';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** The ids (`params.id`) of the rows whose decision under `mutationKey` is on its way. */
export function useDecidingIds(mutationKey: readonly string[]): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => fieldOf(fieldOf(mutation.state.variables, 'params'), 'id'),
  });
  return new Set(ids.filter((id) => typeof id === 'string'));
}

export function DecisionDialog({
  open,
  isSending,
  onClose,
  testId,
  reasonId,
  children,
}: {
  open: boolean;
  isSending: boolean;
  onClose: () => void;
  testId: string;
  /** The reason's field, focused on opening; none when the decision asks no reason. */
  reasonId: string | null;
  children: ReactNode;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isSending) onClose();
      }}
    >
      {open ? (
        <AlertDialogContent
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            if (!reasonId) return;
            event.preventDefault();
            document.getElementById(reasonId)?.focus();
          }}
        >
          {children}
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}

/** The reason the customer or the proposer will read: one line, at most 500 characters. */
export function DecisionReason({
  id,
  label,
  hint,
  error,
  field,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...field} maxLength={500} autoComplete="off" />}
    </FormField>
  );
}

export function DecisionFooter({
  back,
  confirm,
  sending,
  destructive,
  isSending,
}: {
  back: string;
  confirm: string;
  /** Said by the spinner while the decision is on its way. */
  sending: string;
  destructive: boolean;
  isSending: boolean;
}) {
  return (
    <AlertDialogFooter>
      <AlertDialogCancel type="button" disabled={isSending}>
        {back}
      </AlertDialogCancel>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={isSending}>
        {isSending ? <Spinner label={sending} /> : confirm}
      </Button>
    </AlertDialogFooter>
  );
}
