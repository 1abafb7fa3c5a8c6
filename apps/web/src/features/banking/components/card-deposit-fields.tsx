// The card deposit dialog's fields: amount, cardholder name, card number (groups of four, the
// brand shown as it is typed), expiry (MM/YY) and CVV, each formatted as typed and named with the
// browser's card autocomplete tokens so a saved card fills them in.
import type { UseFormReturn } from 'react-hook-form';
import { cardTypeOf } from '@secure-vault/shared/transfers';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  type CardDepositForm,
  cardNumberMaxLength,
  cvvMaxLength,
  digitsOf,
  expiryLength,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from '../card';
import type { LimitFigures } from '../limits';

type Form = UseFormReturn<CardDepositForm, unknown, CardDepositForm>;
type Formatted = 'cardNumber' | 'expiry' | 'cvv';

const formatters: Record<Formatted, (text: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvv: formatCvv,
};

export function CardDepositFields({
  form,
  amountHint,
  limitFigures,
}: {
  form: Form;
  /** The deposit limits, when known. */
  amountHint?: string | undefined;
  /** What a limit's message on the amount names (features/banking/limits.ts). */
  limitFigures: LimitFigures;
}) {
  const { t } = useTranslation(['banking', 'transfers']);
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key, { ...limitFigures }) : undefined);
  const cardNumber = form.watch('cardNumber');

  // Formats what was typed or pasted in place; react-hook-form has already read the raw value.
  const formatted = (name: Formatted) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        const next = formatters[name](event.target.value);
        if (next !== event.target.value) form.setValue(name, next);
      },
    });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="card-amount"
        label={t('card.amount')}
        hint={amountHint}
        error={message(errors.amount?.message)}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('amount')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="rtl:text-right"
          />
        )}
      </FormField>
      <FormField
        id="card-name"
        label={t('card.cardholderName')}
        error={message(errors.cardholderName?.message)}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input {...control} {...form.register('cardholderName')} autoComplete="cc-name" />
        )}
      </FormField>
      <FormField
        id="card-number"
        label={t('card.number')}
        error={message(errors.cardNumber?.message)}
        className="sm:col-span-2"
      >
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              {...formatted('cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={cardNumberMaxLength}
              placeholder="0000 0000 0000 0000"
              dir="ltr"
              spellCheck={false}
              className="pe-28 font-mono rtl:pe-3 rtl:ps-28 rtl:text-right"
            />
            <CardBrand digits={digitsOf(cardNumber)} />
          </div>
        )}
      </FormField>
      <FormField id="card-expiry" label={t('card.expiry')} error={message(errors.expiry?.message)}>
        {(control) => (
          <Input
            {...control}
            {...formatted('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={expiryLength}
            placeholder={t('card.expiryPlaceholder')}
            dir="ltr"
            className="font-mono rtl:text-right"
          />
        )}
      </FormField>
      <FormField id="card-cvv" label={t('card.cvv')} error={message(errors.cvv?.message)}>
        {(control) => (
          <Input
            {...control}
            {...formatted('cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvMaxLength}
            dir="ltr"
            className="font-mono rtl:text-right"
          />
        )}
      </FormField>
    </div>
  );
}

const brandTones = {
  Visa: 'bg-primary/10 dark:bg-primary/20',
  Mastercard: 'bg-accent/20',
  Unknown: 'bg-muted',
} as const;

/** The brand the number's first digit names (SPEC §5), announced as it changes. */
function CardBrand({ digits }: { digits: string }) {
  const { t } = useTranslation('banking');
  const type = cardTypeOf(digits);
  return (
    <span
      aria-live="polite"
      className="pointer-events-none absolute end-2 top-1/2 inline-flex -translate-y-1/2"
    >
      {digits.length > 0 ? (
        <span
          data-testid="card-brand"
          data-brand={type}
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold text-foreground',
            brandTones[type],
          )}
        >
          {t(`card.brands.${type}`)}
        </span>
      ) : null}
    </span>
  );
}
