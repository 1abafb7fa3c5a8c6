// Every answer of a customer's verification, grouped as the wizard asks them (SPEC §2/§3): the
// fields and their order come from shared/kyc's one field list (a new field shows here with its
// `kyc:fields` label and nothing else to add), the option values with the wizard's own labels in
// the page's language, countries and currencies named by Intl, the phone with whether the emailed
// code confirmed it.
import type { ReactNode } from 'react';
import { BadgeCheck, CircleX } from 'lucide-react';
import type { TFunction } from 'i18next';
import {
  type KycDraftData,
  type KycField,
  kycFieldNames,
  type KycReview,
  type KycScreen,
  screenOfField,
} from '@secure-vault/shared/kyc';
import type { Language } from '@secure-vault/shared/i18n';
import { localeOf } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';

type Field = KycField;

/** Where the wizard's catalog (`kyc`) keeps the label of each option a field holds. */
const optionLabels: Partial<Record<Field, string>> = {
  experience: 'kyc:experience.options',
  employment: 'kyc:employment.options',
  industry: 'kyc:industry.options',
  income: 'kyc:income.options',
  wealth: 'kyc:wealth.options',
  incomeOrigin: 'kyc:incomeOrigin.options',
  documentType: 'kyc:documentSelection.types',
};

/** Fields holding a country code, shown by the country's name. */
const countryFields: readonly Field[] = ['nationality', 'documentCountry'];
/** Fields shown left to right whatever the page's direction (addresses, dates, numbers). */
const latinFields: readonly Field[] = [
  'email',
  'dateOfBirth',
  'postcode',
  'documentNumber',
  'documentExpiry',
];

/** The review's sections, by the wizard's screens that ask their fields. */
const groupOfScreen: Record<KycScreen, string | null> = {
  introduction: null,
  personal: 'personal',
  dateOfBirth: 'personal',
  address: 'address',
  phone: 'phone',
  otp: null,
  experience: 'financial',
  employment: 'financial',
  industry: 'financial',
  income: 'financial',
  wealth: 'financial',
  incomeOrigin: 'financial',
  completion: null,
  terms: 'account',
  currency: 'account',
  verification: null,
  documentSelection: 'document',
  documentUpload: 'document',
};

const groups = ['personal', 'address', 'phone', 'financial', 'account', 'document'].map((key) => ({
  key,
  // The country code is shown with the phone number.
  fields: kycFieldNames.filter(
    (field) =>
      field !== 'countryCode' && groupOfScreen[screenOfField(field) ?? 'introduction'] === key,
  ),
}));

/** A code's name in the language, "United Arab Emirates (AE)"; the code alone if Intl has none. */
export function displayName(
  code: string,
  type: 'region' | 'currency',
  language: Language = currentLanguage(),
): string {
  try {
    const name = new Intl.DisplayNames([localeOf(language)], { type, fallback: 'none' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** An option's label in the page's language, as the customer saw it in the wizard. */
function optionLabel(t: TFunction, field: Field, value: string): string {
  const prefix = optionLabels[field];
  return prefix ? t(`${prefix}.${value}`, { defaultValue: value }) : value;
}

function valueOf(t: TFunction, language: Language, data: KycDraftData, field: Field): ReactNode {
  const value = data[field];
  if (value === undefined || value === '') return null;
  if (field === 'incomeOrigin' && Array.isArray(value)) {
    if (value.length === 0) return null;
    const labels = value.map((item) => optionLabel(t, field, item));
    return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(labels);
  }
  if (field === 'termsAccepted') return t('kyc.detail.termsAccepted');
  if (typeof value !== 'string') return null;
  if (optionLabels[field]) return optionLabel(t, field, value);
  if (countryFields.includes(field)) return displayName(value, 'region', language);
  if (field === 'currency') return displayName(value, 'currency', language);
  if (latinFields.includes(field)) return <bdi dir="ltr">{value}</bdi>;
  return <bdi>{value}</bdi>;
}

function PhoneValue({ review }: { review: KycReview }) {
  const { t } = useTranslation('admin');
  const { countryCode, phoneNumber } = review.data;
  if (!phoneNumber) return null;
  const number = `${countryCode ?? ''}${phoneNumber}`;
  const isVerified = review.verifiedPhone !== null && review.verifiedPhone === number;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <bdi dir="ltr">{countryCode ? `${countryCode} ${phoneNumber}` : phoneNumber}</bdi>
      {isVerified ? (
        <span
          className="inline-flex items-center gap-1 text-sm font-semibold"
          data-testid="kyc-phone-verified"
        >
          <BadgeCheck aria-hidden className="size-4 text-success" />
          {t('kyc.detail.phoneVerified')}
        </span>
      ) : (
        <span
          className="inline-flex items-center gap-1 text-sm font-semibold"
          data-testid="kyc-phone-unverified"
        >
          <CircleX aria-hidden className="size-4 text-destructive" />
          {t('kyc.detail.phoneNotVerified')}
        </span>
      )}
    </span>
  );
}

export function KycAnswers({ review }: { review: KycReview }) {
  const { t } = useTranslation(['admin', 'kyc']);
  const language = currentLanguage();
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="kyc-answers">
      {groups.map(({ key, fields }) => (
        <section
          key={key}
          aria-labelledby={`kyc-group-${key}`}
          className="grid content-start gap-3 rounded-md border p-4"
        >
          <h3 id={`kyc-group-${key}`} className="font-semibold">
            {t(`kyc.groups.${key}`)}
          </h3>
          <dl className="grid gap-2 text-sm">
            {fields.map((field) => {
              // Industry is asked of the employed and self-employed only (SPEC §4).
              if (field === 'industry' && review.data.industry === undefined) return null;
              const value =
                field === 'phoneNumber' ? (
                  <PhoneValue review={review} />
                ) : (
                  valueOf(t, language, review.data, field)
                );
              return (
                <div
                  key={field}
                  className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3"
                  data-testid={`kyc-answer-${field}`}
                >
                  <dt className="text-muted-foreground">{t(`kyc:fields.${field}`)}</dt>
                  <dd className="break-words font-medium">
                    {value ?? (
                      <span className="font-normal text-muted-foreground">
                        {t('kyc.notProvided')}
                      </span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
