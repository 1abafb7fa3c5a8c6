// TanStack Query over contracts: a screen reads `useApiQuery(vault.getSummary)` and changes
// things with `useApiMutation(trading.placeTrade)`; the key, the fetcher and the types all come
// from the contract. An operation's key is its path's fixed segments after /api/v1
// (`['me', 'summary']`), then its input, so invalidating `apiKey(contract)` reaches every input.
// What a change makes stale is its contract's `changes`, refetched through lib/change-keys.ts.
import { useCallback } from 'react';
import {
  type QueryKey,
  queryOptions,
  useMutation,
  type UseMutationOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Contract,
  ContractInput,
  ContractResponse,
  NeedsNoInput,
} from '@secure-vault/shared/contract';
import { type ApiError, type CallArgs, callApi } from './api-client';
import { refetchChanges } from './change-keys';

/** The fixed segments of an operation's path: `/api/v1/me/holdings/:symbol` → me, holdings. */
export function apiKey(contract: Pick<Contract, 'path'>): readonly string[] {
  const segments = contract.path.replace(/^\/api(\/v\d+)?\//, '').split('/');
  const firstParameter = segments.findIndex((segment) => segment.startsWith(':'));
  return firstParameter === -1 ? segments : segments.slice(0, firstParameter);
}

/** The key of one call: the operation's key, then its input when it has one. */
export function apiQueryKey<C extends Contract>(contract: C, ...[input]: CallArgs<C>): QueryKey {
  return input === undefined ? apiKey(contract) : [...apiKey(contract), input];
}

export function apiQueryOptions<C extends Contract>(contract: C, ...args: CallArgs<C>) {
  const [input] = args;
  return queryOptions({
    queryKey: apiQueryKey(contract, ...args),
    queryFn: ({ signal }) =>
      callApi(
        contract,
        // cast: args are CallArgs<C>, and adding a signal keeps them so (CallOptions is part of
        // every call's input); TypeScript cannot follow CallArgs' conditional type through it.
        ...([{ ...input, signal }] as unknown as CallArgs<C>),
      ),
  });
}

/** Reads an operation's answer; the data is typed by the contract's response schema. */
export function useApiQuery<C extends Contract>(contract: C, ...args: CallArgs<C>) {
  return useQuery(apiQueryOptions(contract, ...args));
}

/** What `mutate` takes: the contract's input, or nothing when it needs none. */
export type MutationInput<C extends Contract> =
  NeedsNoInput<C> extends true ? ContractInput<C> | void : ContractInput<C>;

export type ApiMutationOptions<C extends Contract> = Omit<
  UseMutationOptions<ContractResponse<C>, ApiError, MutationInput<C>>,
  'mutationFn'
>;

/** What one call's own callbacks get: the answer or the error, and the input it was given. */
export interface CallCallbacks<C extends Contract> {
  onSuccess?: (data: ContractResponse<C>, input: MutationInput<C>) => void;
  onError?: (error: ApiError, input: MutationInput<C>) => void;
  onSettled?: (
    data: ContractResponse<C> | undefined,
    error: ApiError | null,
    input: MutationInput<C>,
  ) => void;
}

/**
 * Calls an operation that changes something, and once it has settled, whether it worked or not
 * (the change may have been made when the answer was lost), refetches what its contract says it
 * changes (`changes`) before the callbacks run.
 *
 * One difference from TanStack's `mutate`: the callbacks given to one call run even when the
 * component that made it is gone by then. The refresh finishes before they would run, and it
 * often unmounts the caller (an approved verification no longer shows its Approve button), which
 * made TanStack drop them, and with them the toast saying it worked.
 */
export function useApiMutation<C extends Contract>(
  contract: C,
  { onSettled, ...options }: ApiMutationOptions<C> = {},
) {
  const queryClient = useQueryClient();
  const mutation = useMutation<ContractResponse<C>, ApiError, MutationInput<C>>({
    ...options,
    mutationFn: (input) =>
      callApi(
        contract,
        // cast: MutationInput<C> is ContractInput<C>, or nothing (void) exactly when CallArgs<C>
        // lets the input be left out; TypeScript cannot match the two conditional types.
        ...([input ?? undefined] as unknown as CallArgs<C>),
      ),
    onSettled: async (...settled) => {
      await refetchChanges(queryClient, contract.changes ?? []);
      await onSettled?.(...settled);
    },
  });
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (input: MutationInput<C>, callbacks: CallCallbacks<C> = {}) => {
      mutateAsync(input).then(
        (data) => {
          callbacks.onSuccess?.(data, input);
          callbacks.onSettled?.(data, null, input);
        },
        (error: ApiError) => {
          callbacks.onError?.(error, input);
          callbacks.onSettled?.(undefined, error, input);
        },
      );
    },
    [mutateAsync],
  );
  return { ...mutation, mutate };
}
