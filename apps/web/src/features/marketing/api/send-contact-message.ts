import type { ContactMessage } from '@secure-vault/shared/contact';
import { api } from '@/lib/api-client';

export function sendContactMessage(message: ContactMessage): Promise<{ id: string }> {
  return api.post<{ id: string }>('/contact', message);
}
