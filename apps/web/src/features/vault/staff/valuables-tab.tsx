// Valuables Management (SPEC §2): the add/edit form on the left, every valuable on the right.
// Adding, editing and deleting are proposals another staff member approves in Approvals.
import { useRef, useState } from 'react';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AdminValuable } from '@secure-vault/shared/vault';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { ValuableForm } from './valuable-form';
import { ValuablesList } from './valuables-list';

export function ValuablesTab() {
  const { t } = useTranslation(['admin', 'vault']);
  const users = useApiQuery(admin.getUsers);
  const valuables = useApiQuery(admin.getAllValuables);
  const [editing, setEditing] = useState<AdminValuable | null>(null);
  const list = useRef<HTMLUListElement>(null);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {users.data ? (
        <ValuableForm
          key={editing?.id ?? 'new'}
          users={users.data}
          editing={editing}
          onDone={() => {
            // After an edit the form starts afresh; the keyboard goes back to the list.
            if (editing) list.current?.focus();
            setEditing(null);
          }}
        />
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching}>
          {t('users.loadError')}
        </LoadError>
      ) : (
        <Card className="grid gap-4 p-6" aria-busy="true">
          <Skeleton className="h-6 w-40" />
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </Card>
      )}
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-semibold leading-tight">{t('valuables.listTitle')}</h3>
            {valuables.data ? (
              <p className="text-sm text-muted-foreground" data-testid="admin-valuables-count">
                {t('valuables.count', { count: valuables.data.length })}
              </p>
            ) : null}
          </div>
          <CardDescription>{t('valuables.listDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {valuables.data ? (
            <ValuablesList
              valuables={valuables.data}
              editingId={editing?.id ?? null}
              listRef={list}
              onEdit={setEditing}
            />
          ) : valuables.isError ? (
            <LoadError onRetry={() => void valuables.refetch()} isRetrying={valuables.isFetching}>
              {t('valuables.loadError')}
            </LoadError>
          ) : (
            <div className="grid gap-3" aria-busy="true">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-20 w-full" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
