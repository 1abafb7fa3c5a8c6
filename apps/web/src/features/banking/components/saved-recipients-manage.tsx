// Managing the saved recipients (DESIGN §5): each with its nickname and number, renamed in place
// (the nickname's rule is the contract's) or removed after a confirmation, and a new one added.
// Nicknames are the customer's own text, shown as text and isolated, so one in Latin letters
// keeps its order in an Arabic line and nothing in it can turn the number around.
import { useEffect, useRef, useState } from 'react';
import { Pencil, Trash2, Users } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { type SavedRecipient, savedRecipientLimit } from '@secure-vault/shared/banking/recipients';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { AddSavedRecipient } from './saved-recipient-add';
import { NicknameForm } from './saved-recipient-nickname';

export function ManageSavedRecipients({
  recipients,
  isOpen,
  onOpenChange,
}: {
  recipients: readonly SavedRecipient[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('banking');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="justify-self-start">
          <Users aria-hidden />
          {t('recipients.manage')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('recipients.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('recipients.manageTitle')}</DialogTitle>
          <DialogDescription>
            {t('recipients.manageDescription', { limit: savedRecipientLimit })}
          </DialogDescription>
        </DialogHeader>
        {recipients.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="manage-recipients-empty">
            {t('recipients.manageEmpty')}
          </p>
        ) : (
          <ul
            className="grid max-h-[60vh] divide-y divide-border overflow-y-auto"
            data-testid="manage-recipients"
          >
            {recipients.map((recipient) => (
              <ManagedRecipient key={recipient.id} recipient={recipient} />
            ))}
          </ul>
        )}
        <AddSavedRecipient isFull={recipients.length >= savedRecipientLimit} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{t('recipients.done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ManagedRecipient({ recipient }: { recipient: SavedRecipient }) {
  const { t } = useTranslation('banking');
  const [isRenaming, setRenaming] = useState(false);
  const rename = useApiMutation(banking.renameRecipient);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  // Back from the nickname field (saved or cancelled): the focus returns to the row's Rename.
  useEffect(() => {
    if (wasRenaming.current && !isRenaming) renameButton.current?.focus();
    wasRenaming.current = isRenaming;
  }, [isRenaming]);

  return (
    <li className="grid gap-2 py-3" data-testid="managed-recipient">
      {isRenaming ? (
        <NicknameForm
          id={`rename-${recipient.id}`}
          defaultNickname={recipient.nickname}
          submitLabel={t('recipients.renameSave')}
          pendingLabel={t('recipients.renaming')}
          isPending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSubmit={(body, setServerError) =>
            rename.mutate(
              { params: { id: recipient.id }, body },
              {
                onSuccess: () => {
                  setRenaming(false);
                  toast.success(t('recipients.renamed'));
                },
                onError: (error) => {
                  if (setServerError(error)) return;
                  toast.error(t('recipients.renameFailed'), {
                    description: apiErrorText(t, error, t('recipients.failedFallback')),
                  });
                },
              },
            )
          }
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="grid min-w-0 gap-0.5">
            {/* Each isolate inside a line of the page's direction, so both start where it does. */}
            <span className="font-medium break-words" data-testid="managed-nickname">
              <bdi>{recipient.nickname}</bdi>
            </span>
            <span className="text-sm text-muted-foreground">
              <bdi dir="ltr" className="font-mono tracking-wider">
                {recipient.accountNumber}
              </bdi>
            </span>
          </div>
          <div className="flex gap-2">
            <Button
              ref={renameButton}
              type="button"
              variant="outline"
              size="sm"
              aria-label={t('recipients.renameLabel', { nickname: recipient.nickname })}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden />
              {t('recipients.rename')}
            </Button>
            <RemoveRecipient recipient={recipient} />
          </div>
        </div>
      )}
    </li>
  );
}

function RemoveRecipient({ recipient }: { recipient: SavedRecipient }) {
  const { t } = useTranslation('banking');
  const remove = useApiMutation(banking.deleteRecipient);
  const onConfirm = () =>
    remove.mutate(
      { params: { id: recipient.id } },
      {
        onSuccess: () => toast.success(t('recipients.removed')),
        onError: (error) =>
          toast.error(t('recipients.removeFailed'), {
            description: apiErrorText(t, error, t('recipients.failedFallback')),
          }),
      },
    );
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={remove.isPending}
          aria-label={t('recipients.removeLabel', { nickname: recipient.nickname })}
        >
          <Trash2 aria-hidden />
          {t('recipients.remove')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('recipients.removeTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('recipients.removeDescription', {
              nickname: isolate(recipient.nickname),
              number: isolate(recipient.accountNumber),
            })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('recipients.removeCancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('recipients.removeConfirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
