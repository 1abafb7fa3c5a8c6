// Who receives the delivery (SPEC §2, §5: recipient name, email, phone and address, all
// required). The phone is one international number, since the recipient may live anywhere: the
// line under it names the country the number is from as it is typed, so a missing or wrong
// country code shows before submitting, with its flag as an SVG picture (no emoji font needed).
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { AsYouType } from 'libphonenumber-js';
import type { DeliveryRequest } from '@secure-vault/shared/custody';
import { CountryFlag } from '@/components/ui/country-flag';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { regionName } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { DeliveryFormValues } from '../delivery-items';

/** The country a typed international number is from, once its prefix says so. */
function countryOfNumber(value: string): string | undefined {
  if (!value.trim().startsWith('+')) return undefined;
  const typer = new AsYouType();
  typer.input(value);
  return typer.getCountry();
}

export function DeliveryRecipientFields({
  form,
}: {
  form: UseFormReturn<DeliveryFormValues, unknown, DeliveryRequest>;
}) {
  const { t } = useTranslation(['custody', 'auth', 'common']);
  const { errors } = form.formState;
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  const phone = useWatch({ control: form.control, name: 'recipientPhone' });
  const country = countryOfNumber(phone);

  return (
    <fieldset className="grid gap-5">
      <legend className="mb-3 text-sm font-semibold">{t('delivery.recipient.legend')}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="delivery-recipient-name"
          label={t('delivery.recipient.name')}
          error={errorText(errors.recipientName?.message)}
        >
          {(control) => (
            <Input {...control} autoComplete="name" {...form.register('recipientName')} />
          )}
        </FormField>
        <FormField
          id="delivery-recipient-email"
          label={t('delivery.recipient.email')}
          error={errorText(errors.recipientEmail?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              dir="ltr"
              className="rtl:text-right"
              autoComplete="email"
              {...form.register('recipientEmail')}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="delivery-recipient-phone"
        label={t('delivery.recipient.phone')}
        hint={
          country ? (
            <span data-testid="delivery-phone-country">
              <CountryFlag iso={country} className="me-1.5 align-[-2px]" />
              {t('delivery.recipient.phoneCountry', { country: regionName(country) })}
            </span>
          ) : (
            t('delivery.recipient.phoneHint')
          )
        }
        error={errorText(errors.recipientPhone?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            dir="ltr"
            className="rtl:text-right sm:max-w-xs"
            autoComplete="tel"
            {...form.register('recipientPhone')}
          />
        )}
      </FormField>
      <FormField
        id="delivery-recipient-address"
        label={t('delivery.recipient.address')}
        hint={t('delivery.recipient.addressHint')}
        error={errorText(errors.recipientAddress?.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            autoComplete="street-address"
            {...form.register('recipientAddress')}
          />
        )}
      </FormField>
    </fieldset>
  );
}
