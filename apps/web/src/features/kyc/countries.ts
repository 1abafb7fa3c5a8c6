// Countries for the personal, phone and document steps (SPEC §2, DESIGN §6), from maintained
// data: the countries and their dial codes from libphonenumber-js's metadata, names in the page's
// language from Intl.DisplayNames. Flags are SVG pictures (flags.ts), not emoji: a machine
// without an emoji font shows those as empty boxes.
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.min.json';
import { isOneOf } from '@secure-vault/shared/guards';
import type { Language } from '@secure-vault/shared/i18n';
import { localeOf } from '@/lib/format';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. "AE". */
  iso: string;
  /** "+971". */
  dialCode: string;
  name: string;
}

/** SPEC §9: the phone country code starts at +1 (the United States). */
export const defaultCountry = 'US';

const countries = getCountries(metadata);

function isCountry(iso: string): iso is CountryCode {
  return isOneOf(countries, iso);
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
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, options);
  return options;
}

/** An option's text: the name and the dial code kept left to right inside Arabic text. */
export function countryLabel(option: CountryOption, withDialCode: boolean): string {
  // LRI … PDI: the "+" stays before the digits in a right-to-left line.
  return withDialCode ? `${option.name} (\u2066${option.dialCode}\u2069)` : option.name;
}
