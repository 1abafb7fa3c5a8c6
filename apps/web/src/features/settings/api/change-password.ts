import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PASSWORD_INCORRECT when the current password is wrong; other devices are signed out on success. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api.post<unknown>('/auth/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
