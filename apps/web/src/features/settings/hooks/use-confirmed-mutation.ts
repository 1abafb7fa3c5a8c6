// A change of security settings that may need the password again (issue 28, ASVS
// re-authentication): when the server answers REAUTH_REQUIRED, the call's callbacks wait, the
// Confirm your password dialog opens, and once the password is confirmed the same call is made
// again, once, so the user does not have to ask twice. Cancelling leaves everything as it was.
import { useCallback, useRef, useState } from 'react';
import type { Contract } from '@secure-vault/shared/contract';
import { type CallCallbacks, type MutationInput, useApiMutation } from '@/lib/api-query';

/** What the dialog of one guarded operation takes (ConfirmPasswordDialog's props). */
export interface PasswordConfirmation {
  isOpen: boolean;
  /** The password was accepted: the call that asked for it is made again. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * `useApiMutation` for an operation that answers REAUTH_REQUIRED. Its `mutate` takes the same
 * input and callbacks; a REAUTH_REQUIRED answer calls none of them but opens `confirmation`,
 * and the retry after it calls them as any answer would (a second REAUTH_REQUIRED is an error
 * like the others, so a confirmation never loops). Render
 * `<ConfirmPasswordDialog {...confirmation} />` beside the control that calls it.
 */
export function useConfirmedMutation<C extends Contract>(contract: C) {
  const mutation = useApiMutation(contract);
  const { mutate } = mutation;
  const [isOpen, setIsOpen] = useState(false);
  // A ref, not state: a confirmation that lands after Cancel finds nothing to retry.
  const retryRef = useRef<(() => void) | null>(null);

  const confirmedMutate = useCallback(
    (input: MutationInput<C>, callbacks: CallCallbacks<C> = {}) => {
      mutate(input, {
        ...callbacks,
        onError: (error, given) => {
          if (error.code === 'REAUTH_REQUIRED') {
            retryRef.current = () => mutate(input, callbacks);
            setIsOpen(true);
          } else callbacks.onError?.(error, given);
        },
        onSettled: (data, error, given) => {
          if (error?.code !== 'REAUTH_REQUIRED') callbacks.onSettled?.(data, error, given);
        },
      });
    },
    [mutate],
  );

  const onConfirmed = useCallback(() => {
    const retry = retryRef.current;
    retryRef.current = null;
    setIsOpen(false);
    retry?.();
  }, []);
  const onCancel = useCallback(() => {
    retryRef.current = null;
    setIsOpen(false);
  }, []);

  const confirmation: PasswordConfirmation = { isOpen, onConfirmed, onCancel };
  return { ...mutation, mutate: confirmedMutate, confirmation };
}
