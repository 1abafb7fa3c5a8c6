// SPEC §2: shown once KYC is complete; every field falls back to "Not provided".
import { IdCard } from 'lucide-react';
import type { Profile } from '@secure-vault/shared/vault';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDate, regionName } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';

export function addressOf(profile: Profile): string {
  // KYC approval stores the country as its ISO code; older profiles may hold a name.
  const country = profile.country ? regionName(profile.country.trim()) : null;
  return [profile.streetAddress, profile.city, country, profile.postalCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** A calendar date ("1985-04-02") in the page's language; anything else as it was stored. */
function dateOfBirthText(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  // A date without a time: formatted in UTC so no time zone moves it to the day before.
  return formatDate(`${value}T00:00:00Z`, currentLanguage(), {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
}

export function AccountInfoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('vault');
  const rows: { key: string; value: string | null; isLtr?: boolean }[] = [
    { key: 'fullName', value: profile.fullName },
    { key: 'email', value: profile.email, isLtr: true },
    { key: 'dateOfBirth', value: dateOfBirthText(profile.dateOfBirth) },
    { key: 'address', value: addressOf(profile) },
    { key: 'phone', value: profile.phoneNumber, isLtr: true },
  ];
  return (
    <Card data-testid="account-information">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <IdCard aria-hidden className="size-5 text-accent-strong" />
          {t('account.title')}
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(({ key, value, isLtr }) => (
            <div key={key} className="grid min-w-0 gap-1">
              <dt className="text-sm text-muted-foreground">{t(`account.${key}`)}</dt>
              <dd className="break-words font-medium">
                {value?.trim() ? (
                  isLtr ? (
                    <bdi dir="ltr">{value}</bdi>
                  ) : (
                    value
                  )
                ) : (
                  <span className="text-muted-foreground">{t('account.notProvided')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
