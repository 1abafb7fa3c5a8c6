// /transfer-assets for a verified customer (SPEC §2, §5, §8; DESIGN §5): the valuables that can
// move, then Details → Review → done. One Idempotency-Key per intended transfer lives here, so
// going back to the details and confirming the same transfer again after a lost answer reuses it;
// a success settles it, and the next transfer gets a fresh one.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PackageOpen } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import type { Transfer } from '@secure-vault/shared/transfers';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import {
  hasTransferable,
  shortReference,
  type TransferFormValues,
  transferItems,
} from '../transfer-items';
import { TransferDetailsForm, type TransferDraft } from './transfer-details-form';
import { TransferDone } from './transfer-done';
import { TransferReview } from './transfer-review';
import { TransferSteps } from './transfer-steps';

type Step =
  | { name: 'details'; values?: TransferFormValues }
  | { name: 'review'; draft: TransferDraft }
  | { name: 'done'; draft: TransferDraft; transfer: Transfer };

export function TransferFlow({ ownAccountNumber }: { ownAccountNumber: string }) {
  const { t } = useTranslation('transfers');
  const valuables = useApiQuery(vault.getValuables, { query: {} });
  const items = useMemo(() => transferItems(valuables.data ?? []), [valuables.data]);
  const [step, setStep] = useState<Step>({ name: 'details' });
  const { keyFor, settle } = useIdempotencyKey();
  const heading = useRef<HTMLHeadingElement>(null);
  const isFirstStep = useRef(true);

  // Each step's heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    heading.current?.focus();
  }, [step.name]);

  if (valuables.isPending) {
    return (
      <Card aria-busy="true" aria-label={t('picker.loading')}>
        <CardContent className="grid gap-3 pt-6">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
          <Skeleton className="mt-3 h-10 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (valuables.isError) {
    return (
      <LoadError
        title={t('page.loadErrorTitle')}
        onRetry={() => void valuables.refetch()}
        isRetrying={valuables.isFetching}
      >
        {t('picker.loadError')}
      </LoadError>
    );
  }
  if (step.name === 'details' && !hasTransferable(items)) {
    return (
      <Card data-testid="transfer-empty">
        <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
          <PackageOpen aria-hidden className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{t('picker.emptyTitle')}</h2>
          <p className="max-w-md text-muted-foreground">{t('picker.emptyBody')}</p>
          <Button asChild variant="outline">
            <Link to={paths.dashboard}>{t('page.back')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const title =
    step.name === 'details'
      ? t('steps.detailsTitle')
      : step.name === 'review'
        ? t('review.title')
        : t('done.title');

  return (
    <Card>
      <CardHeader className="gap-3">
        <TransferSteps current={step.name} />
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {title}
        </h2>
      </CardHeader>
      <CardContent>
        {step.name === 'details' ? (
          <TransferDetailsForm
            items={items}
            ownAccountNumber={ownAccountNumber}
            initialValues={step.values}
            onContinue={(draft) => setStep({ name: 'review', draft })}
          />
        ) : step.name === 'review' ? (
          <TransferReview
            draft={step.draft}
            keyFor={keyFor}
            onBack={() => setStep({ name: 'details', values: step.draft.values })}
            onDone={(transfer) => {
              settle();
              toast.success(t('done.title'), {
                description: t('done.toast', { reference: shortReference(transfer.id) }),
              });
              setStep({ name: 'done', draft: step.draft, transfer });
            }}
          />
        ) : (
          <TransferDone
            transfer={step.transfer}
            draft={step.draft}
            onAnother={() => setStep({ name: 'details' })}
          />
        )}
      </CardContent>
    </Card>
  );
}
