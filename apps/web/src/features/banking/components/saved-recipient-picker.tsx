// The customer's saved recipients on /transfer-assets (DESIGN §5): picking one fills in its
// account number, which then goes through confirmation of payee like a typed one (the masked
// name, the lookup's limit), so a saved recipient is never sent to without its name shown. The
// list can be renamed and removed from here (saved-recipients-manage.tsx).
import { useState } from 'react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { FormField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { ManageSavedRecipients } from './saved-recipients-manage';

export function SavedRecipientPicker({
  accountNumber,
  onPick,
}: {
  /** The number in the field: the saved recipient that has it shows as chosen. */
  accountNumber: string;
  onPick: (accountNumber: string) => void;
}) {
  const { t } = useTranslation('banking');
  const saved = useApiQuery(banking.getSavedRecipients);
  // The dialog stays open while its last recipient is removed: it then says the list is empty.
  const [isManaging, setManaging] = useState(false);
  if (saved.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t('recipients.loading')}>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (saved.isError) {
    return (
      <LoadError inline onRetry={() => void saved.refetch()} isRetrying={saved.isFetching}>
        {t('recipients.loadError')}
      </LoadError>
    );
  }
  const empty = (
    <p className="text-sm text-muted-foreground" data-testid="saved-recipients-empty">
      {t('recipients.empty')}
    </p>
  );
  const chosen = saved.data.find((recipient) => recipient.accountNumber === accountNumber);
  return (
    <div className="grid gap-3">
      {saved.data.length === 0 ? (
        empty
      ) : (
        <FormField
          id="transfer-saved-recipient"
          label={t('recipients.pickLabel')}
          hint={t('recipients.pickHint')}
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={chosen?.id ?? ''}
              onChange={(event) => {
                const picked = saved.data.find((recipient) => recipient.id === event.target.value);
                if (picked) onPick(picked.accountNumber);
              }}
            >
              <option value="">{t('recipients.pickPlaceholder')}</option>
              {saved.data.map((recipient) => (
                <option key={recipient.id} value={recipient.id}>
                  {/* Isolated, so a nickname in either script keeps the number after it in order. */}
                  {t('recipients.option', {
                    nickname: isolate(recipient.nickname),
                    number: isolate(recipient.accountNumber),
                  })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <ManageSavedRecipients
        recipients={saved.data}
        isOpen={isManaging}
        onOpenChange={setManaging}
      />
    </div>
  );
}
