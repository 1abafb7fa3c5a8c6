// "Save this recipient" after a transfer (DESIGN §5): the receiver's account number, under a
// nickname the customer types, joins their saved recipients for next time. Not offered when the
// number is saved already (its nickname is said instead) or the list is full; saving refuses
// what confirmation of payee refuses, and says why.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { BookmarkPlus } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { savedRecipientLimit } from '@secure-vault/shared/banking/recipients';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { NicknameForm } from './saved-recipient-nickname';

function saveFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    return t('transfers:recipient.notFound');
  }
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return t('banking:recipients.errors.full', { limit: savedRecipientLimit });
  }
  return apiErrorText(t, error, t('banking:recipients.failedFallback'));
}

export function SaveRecipientOffer({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation(['banking', 'transfers', 'auth', 'common']);
  const saved = useApiQuery(banking.getSavedRecipients);
  const save = useApiMutation(banking.saveRecipient);
  const [isOpen, setOpen] = useState(false);
  // The offer is a convenience: until the list is known (or if it fails) it waits.
  if (!saved.data) return null;
  const existing = saved.data.find((recipient) => recipient.accountNumber === accountNumber);
  if (existing) {
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="recipient-saved-as">
        {t('recipients.savedAs', { nickname: isolate(existing.nickname) })}
      </p>
    );
  }
  if (saved.data.length >= savedRecipientLimit) return null;
  if (!isOpen) {
    return (
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        onClick={() => setOpen(true)}
      >
        <BookmarkPlus aria-hidden />
        {t('recipients.save')}
      </Button>
    );
  }
  return (
    <section aria-labelledby="save-recipient-title" className="grid gap-3 rounded-md border p-4">
      <h3 id="save-recipient-title" className="font-semibold">
        {t('recipients.saveTitle')}
      </h3>
      <NicknameForm
        id="save-recipient-nickname"
        defaultNickname=""
        submitLabel={t('recipients.save')}
        pendingLabel={t('recipients.saving')}
        isPending={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(body, setServerError) =>
          save.mutate(
            { body: { accountNumber, nickname: body.nickname } },
            {
              onSuccess: (recipient) =>
                toast.success(t('recipients.saved'), {
                  description: t('recipients.savedAs', { nickname: isolate(recipient.nickname) }),
                }),
              onError: (error) => {
                if (setServerError(error)) return;
                toast.error(t('recipients.saveFailed'), { description: saveFailureText(t, error) });
              },
            },
          )
        }
      />
    </section>
  );
}
