import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A one-time link (60 s) that opens a session as the customer (DESIGN §4). */
export function impersonateUser(userId: string): Promise<{ actionLink: string }> {
  return api.post<{ actionLink: string }>(`/admin/users/${encodeURIComponent(userId)}/impersonate`);
}

export function useImpersonateUser() {
  return useMutation({ mutationFn: impersonateUser });
}
