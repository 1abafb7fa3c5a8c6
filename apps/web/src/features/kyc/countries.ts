// Countries for the phone and document steps (SPEC §2, DESIGN §6), from maintained data: the
// countries and their dial codes from libphonenumber-js's metadata, names in the page's language
// from Intl.DisplayNames, flags from regional-indicator letters. And the account currencies
// offered for a country (SPEC §3).
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.min.json';
import { countryCurrencies, type kycCurrencies } from '@secure-vault/shared/kyc';
import type { Language } from '@secure-vault/shared/i18n';
import { localeOf } from '@/lib/format';

export type KycCurrency = (typeof kycCurrencies)[number];

export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. "AE". */
  iso: string;
  /** "+971". */
  dialCode: string;
  name: string;
  flag: string;
}

/** SPEC §9: the phone country code starts at +1 (the United States). */
export const defaultCountry = 'US';

const countries = getCountries(metadata);

function isCountry(iso: string): iso is CountryCode {
  return (countries as string[]).includes(iso);
}

/** The flag emoji of a country: its two letters as regional indicator symbols. */
export function flagOf(iso: string): string {
  return String.fromCodePoint(
    ...[...iso.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

/** "+971" for "AE"; undefined for a code the metadata does not know. */
export function dialCodeOf(iso: string): string | undefined {
  return isCountry(iso) ? `+${getCountryCallingCode(iso, metadata)}` : undefined;
}

/**
 * The country a dial code stands for: the main one where several share it (+1 is the United
 * States, +44 the United Kingdom), as the saved answer holds only the dial code.
 */
export function countryOfDialCode(dialCode: string | undefined): string | undefined {
  if (!dialCode) return undefined;
  return metadata.country_calling_codes[dialCode.replace(/^\+/, '')]?.[0];
}

const cache = new Map<Language, CountryOption[]>();

/** Every country with a dial code, named in the language and sorted by that name. */
export function countryOptions(language: Language): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const locale = localeOf(language);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const options = countries
    .map((iso) => ({
      iso,
      dialCode: `+${getCountryCallingCode(iso, metadata)}`,
      name: names.of(iso) ?? iso,
      flag: flagOf(iso),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, options);
  return options;
}

/** An option's text: flag, name and the dial code kept left to right inside Arabic text. */
export function countryLabel(option: CountryOption, withDialCode: boolean): string {
  const name = `${option.flag} ${option.name}`;
  // LRI … PDI: the "+" stays before the digits in a right-to-left line.
  return withDialCode ? `${name} (\u2066${option.dialCode}\u2069)` : name;
}

/**
 * SPEC §3: USD (the default), EUR, and the currency of the customer's country when it is not one
 * of those two, otherwise GBP.
 */
export function currencyChoices(iso: string | undefined): KycCurrency[] {
  const mapped = iso ? countryCurrencies[iso] : undefined;
  const extra = mapped && mapped !== 'USD' && mapped !== 'EUR' ? mapped : 'GBP';
  return ['USD', 'EUR', extra];
}
