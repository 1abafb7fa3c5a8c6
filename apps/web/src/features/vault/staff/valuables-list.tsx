// Valuables Management, the list (SPEC §2): every valuable with name, type, owner, value (N/A
// when empty) and date added; edit and delete (after a confirmation). At most 24rem tall. A
// deletion is proposed: the valuable stays until another staff member approves its removal
// (DESIGN §4 "Dual control").
import { memo, type RefObject, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AdminValuable } from '@secure-vault/shared/vault';
import type { Language } from '@secure-vault/shared/i18n';
import type { TFunction } from 'i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { formatDate, isolate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd } from '@/lib/money';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { holdingName } from '@/lib/valuable-text';
import { reportProposalConflict, reportProposed } from '@/components/staff/approvals-proposed';
import { EmailAddress } from '@/components/ui/email-address';
import { Tooltip } from '@/components/ui/tooltip';

/** Traded positions (metals, crypto) follow listed prices: staff may delete them, not edit. */
export function isEditable(valuable: AdminValuable): boolean {
  return valuable.itemType === 'cash' || valuable.assetSymbol === null;
}

const Row = memo(function Row({
  valuable,
  isSelected,
  onEdit,
  onDelete,
  t,
  language,
}: {
  valuable: AdminValuable;
  isSelected: boolean;
  onEdit: (valuable: AdminValuable) => void;
  onDelete: (valuable: AdminValuable) => void;
  t: TFunction;
  language: Language;
}) {
  const canEdit = isEditable(valuable);
  const name = holdingName(t, valuable);
  return (
    <li
      className={cn(
        'flex gap-3 p-4 [contain-intrinsic-size:auto_6rem] [content-visibility:auto]',
        isSelected && 'bg-accent/10',
      )}
      data-testid="admin-valuable"
    >
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="break-words font-semibold">
          <bdi>{name}</bdi>
        </p>
        <p className="text-muted-foreground">
          {t(`vault:itemTypes.${valuable.itemType}`)}
          <span aria-hidden> · </span>
          <EmailAddress email={valuable.userEmail} />
        </p>
        <p className="flex flex-wrap gap-x-3 text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">
            <span className="sr-only">{t('valuables.value')}: </span>
            {valuable.estimatedValue === null
              ? t('valuables.notAvailable')
              : formatUsd(valuable.estimatedValue, { language })}
          </span>
          <span>
            <span className="sr-only">{t('valuables.dateAdded')}: </span>
            {formatDate(valuable.createdAt, language)}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 items-start gap-1">
        <Tooltip content={canEdit ? t('valuables.editNamed', { name }) : t('valuables.tradedHint')}>
          {/* A disabled button takes no pointer or focus: its wrapper shows why it is off. */}
          <span tabIndex={canEdit ? -1 : 0} className="inline-flex">
            <Button
              variant="ghost"
              size="icon"
              disabled={!canEdit}
              aria-label={t('valuables.editNamed', { name })}
              onClick={() => onEdit(valuable)}
            >
              <Pencil aria-hidden />
            </Button>
          </span>
        </Tooltip>
        <Tooltip content={t('valuables.deleteNamed', { name })}>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:bg-destructive/10"
            aria-label={t('valuables.deleteNamed', { name })}
            onClick={() => onDelete(valuable)}
          >
            <Trash2 aria-hidden />
          </Button>
        </Tooltip>
      </div>
    </li>
  );
});

export function ValuablesList({
  valuables,
  editingId,
  onEdit,
  listRef,
}: {
  valuables: AdminValuable[];
  editingId: string | null;
  onEdit: (valuable: AdminValuable) => void;
  /** The scrolling list, where the tab takes the keyboard back after an edit. */
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const { t } = useTranslation(['admin', 'vault', 'catalogue']);
  const language = currentLanguage();
  const [toDelete, setToDelete] = useState<AdminValuable | null>(null);
  const remove = useApiMutation(admin.deleteValuable);
  // A retry of the same proposal reuses its key, so it is made once.
  const intention = useIdempotencyKey();

  if (valuables.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
        {t('valuables.empty')}
      </p>
    );
  }
  return (
    <>
      {/* Focusable as a whole too: rows scrolled out of view skip rendering (content-visibility),
          so the keyboard must be able to scroll the list itself. */}
      <ul
        ref={listRef}
        tabIndex={0}
        aria-label={t('valuables.listTitle')}
        className="relative max-h-96 divide-y overflow-y-auto rounded-md border"
        data-testid="admin-valuables-list"
      >
        {valuables.map((valuable) => (
          <Row
            key={valuable.id}
            valuable={valuable}
            isSelected={valuable.id === editingId}
            onEdit={onEdit}
            onDelete={setToDelete}
            t={t}
            language={language}
          />
        ))}
      </ul>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !remove.isPending) setToDelete(null);
        }}
      >
        {/* The row stays until the removal is approved: the keyboard returns to its button. */}
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('valuables.deleteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {toDelete
                ? t('valuables.deleteDescription', {
                    name: isolate(holdingName(t, toDelete)),
                    email: isolate(toDelete.userEmail),
                  })
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>
              {t('valuables.deleteCancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (!toDelete) return;
                const request = { params: { id: toDelete.id } };
                remove.mutate(
                  { ...request, idempotencyKey: intention.keyFor(request) },
                  {
                    onSuccess: () => {
                      intention.settle();
                      reportProposed(t);
                      setToDelete(null);
                    },
                    onError: (error) => {
                      setToDelete(null);
                      if (reportProposalConflict(t, error)) {
                        intention.settle();
                        return;
                      }
                      toast.error(t('valuables.deleteError'), {
                        description: apiErrorText(t, error, t('valuables.tryAgain')),
                      });
                    },
                  },
                );
              }}
            >
              {remove.isPending ? t('valuables.deleting') : t('valuables.deleteConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
