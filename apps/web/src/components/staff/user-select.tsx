// The customer a staff form acts on: every account by email, after a "Select a user" prompt.
import type { ComponentProps } from 'react';
import type { AdminUser } from '@secure-vault/shared/vault';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';

export function UserSelect({
  users,
  ...props
}: { users: AdminUser[] } & ComponentProps<typeof NativeSelect>) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect {...props}>
      <option value="">{t('valuables.selectUser')}</option>
      {users.map((user) => (
        <option key={user.userId} value={user.userId}>
          {user.email}
        </option>
      ))}
    </NativeSelect>
  );
}
