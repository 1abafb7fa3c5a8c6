// "Fix an asset" on /fixed-assets (SPEC §2, §8, §9; DESIGN §5): pick a holding, how much of a
// traded position, and a term from the table; review; "Fix asset" starts it. One Idempotency-Key
// per intended term lives here, so confirming the same term again after a lost answer reuses it;
// a success settles it, and the next term gets a fresh one. The holdings refresh afterwards: the
// one fixed is locked now.
import { useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Info, PackageOpen } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import { paths } from '@secure-vault/shared/paths';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { normalizeDecimal } from '@/lib/money';
import { toast } from '@/lib/toast';
import { holdingName } from '@/lib/valuable-text';
import { fixedFormDefaults, fixedFormSchema, quantityProblem } from '../fixed-form';
import { type FixedItem, fixedItems, fixedValue, hasFixable, termFigures } from '../fixed-items';
import { fixFailureText, formatTermDate, termName } from '../fixed-text';
import { addMonthsUtc, useNow } from '../fixed-time';
import { FixedAssetPicker } from './fixed-asset-picker';
import { FixedQuantityField } from './fixed-quantity-field';
import { type FixedDraft, FixedReviewDialog } from './fixed-review-dialog';
import { FixedTermTable, type OffersState } from './fixed-term-table';

export function FixedTermForm() {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  const valuables = useApiQuery(vault.getValuables, { query: {} });
  const offers = useApiQuery(custody.listFixedTermOffers);
  const items = useMemo(() => fixedItems(valuables.data ?? []), [valuables.data]);

  return (
    <Card>
      {/* Narrower sides on a phone, so the term table's three columns fit. */}
      <CardHeader className="px-4 sm:px-6">
        <h2 className="text-lg font-semibold leading-tight">{t('fixed.form.title')}</h2>
        <CardDescription>{t('fixed.form.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {valuables.isPending ? (
          <div
            role="status"
            className="grid gap-3"
            aria-busy="true"
            aria-label={t('fixed.picker.loading')}
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        ) : valuables.isError ? (
          <LoadError
            title={t('fixed.page.loadErrorTitle')}
            onRetry={() => void valuables.refetch()}
            isRetrying={valuables.isFetching}
          >
            {t('fixed.page.loadError')}
          </LoadError>
        ) : items.length === 0 ? (
          <NothingToFix />
        ) : (
          <FixForm items={items} offers={offers} />
        )}
      </CardContent>
    </Card>
  );
}

function NothingToFix() {
  const { t } = useTranslation('custody');
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" data-testid="fixed-empty">
      <PackageOpen aria-hidden className="size-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">{t('fixed.picker.emptyTitle')}</h3>
      <p className="max-w-md text-muted-foreground">{t('fixed.picker.emptyBody')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to={paths.preciousMetals}>{t('fixed.picker.buyMetals')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.crypto}>{t('fixed.picker.buyCrypto')}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The dollars the table prices: none until a holding, and a valid quantity of a position. */
function valueOf(item: FixedItem | undefined, quantity: string): string | null {
  if (!item || item.unavailable) return null;
  if (item.kind === 'whole') return item.valuable.estimatedValue;
  if (quantity.trim() === '' || quantityProblem(item, quantity) !== null) return null;
  return fixedValue(item, normalizeDecimal(quantity));
}

function FixForm({ items, offers }: { items: readonly FixedItem[]; offers: OffersState }) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault', 'auth', 'common']);
  const schema = useMemo(() => fixedFormSchema(items), [items]);
  const form = useSchemaForm(schema, { defaultValues: fixedFormDefaults });
  const [valuableId, months, quantity] = useWatch({
    control: form.control,
    name: ['valuableId', 'months', 'quantity'],
  });
  const item = items.find((candidate) => candidate.valuable.id === valuableId);
  const value = valueOf(item, quantity);
  // A minute's tick is enough for the dates: they change at midnight UTC.
  const start = new Date(useNow(60_000));
  const create = useApiMutation(custody.createFixedTerm);
  const { keyFor, settle } = useIdempotencyKey();
  const [draft, setDraft] = useState<FixedDraft | null>(null);
  // Set at the press itself, before React re-renders the button disabled: a double click sends once.
  const isSending = useRef(false);
  const { errors } = form.formState;
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  const onSubmit = form.handleSubmit((body) => {
    const chosen = items.find((candidate) => candidate.valuable.id === body.valuableId);
    const offer = offers.data?.find((candidate) => candidate.months === body.months);
    const fixed = chosen ? fixedValue(chosen, body.quantity) : null;
    if (!chosen || !offer || fixed === null) return;
    setDraft({
      item: chosen,
      body,
      quantity: chosen.kind === 'position' ? (body.quantity ?? chosen.available) : null,
      value: fixed,
      interestRate: offer.interestRate,
      figures: termFigures(fixed, offer.interestRate),
      maturesAt: addMonthsUtc(new Date(), offer.months),
    });
  });

  const onConfirm = () => {
    if (!draft || isSending.current) return;
    isSending.current = true;
    create.mutate(
      { body: draft.body, idempotencyKey: keyFor(draft.body) },
      {
        onSuccess: (term) => {
          settle();
          setDraft(null);
          form.reset(fixedFormDefaults);
          toast.success(t('fixed.success.title'), {
            description: t('fixed.success.body', {
              name: holdingName(t, term) ?? term.itemName,
              term: termName(t, term.months),
              date: formatTermDate(term.maturesAt),
            }),
          });
        },
        onError: (error) => {
          setDraft(null);
          if (setServerIssues(form, error)) return;
          toast.error(t('fixed.failure.title'), { description: fixFailureText(t, error) });
        },
        onSettled: () => {
          isSending.current = false;
        },
      },
    );
  };

  const valuableField = form.register('valuableId', {
    onChange: (event: { target: { value: string } }) => {
      // Another holding: a position starts at the whole of it, which the customer may lower.
      const next = items.find((candidate) => candidate.valuable.id === event.target.value);
      form.setValue('quantity', next?.available ? normalizeDecimal(next.available) : '');
      form.clearErrors(['valuableId', 'quantity']);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t('fixed.form.title')}>
      {hasFixable(items) ? null : (
        <Alert data-testid="fixed-none-available">
          <Info aria-hidden />
          <p>{t('fixed.picker.noneAvailable')}</p>
        </Alert>
      )}
      <FixedAssetPicker
        items={items}
        selectedId={valuableId}
        registration={valuableField}
        error={errorText(errors.valuableId?.message)}
      />
      {item && !item.unavailable ? (
        item.kind === 'whole' ? (
          <p className="text-sm text-muted-foreground" data-testid="whole-item-note">
            {t('fixed.quantity.wholeItem')}
          </p>
        ) : (
          <FixedQuantityField
            item={item}
            registration={form.register('quantity')}
            error={errorText(errors.quantity?.message)}
            onWhole={(whole) => form.setValue('quantity', whole, { shouldValidate: true })}
          />
        )
      ) : null}
      <FixedTermTable
        offers={offers}
        value={value}
        selected={months}
        start={start}
        registration={form.register('months')}
        onSelect={(next) => form.setValue('months', next, { shouldValidate: true })}
        error={errorText(errors.months?.message)}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
        {t('fixed.form.review')}
      </Button>
      <FixedReviewDialog
        draft={draft}
        isPending={create.isPending}
        onConfirm={onConfirm}
        onCancel={() => setDraft(null)}
      />
    </form>
  );
}
