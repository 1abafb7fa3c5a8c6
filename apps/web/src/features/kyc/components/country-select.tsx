// A country picker over every country with a dial code (SPEC §2): names in the page's language,
// the dial code when it is for a phone number, and the chosen country's flag beside it (an SVG
// picture: a native list cannot show one per option, and emoji flags need a font).
import { useMemo } from 'react';
import type { ComponentProps } from 'react';
import { isLanguage } from '@secure-vault/shared/i18n';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { countryLabel, countryOptions } from '../countries';
import { CountryFlag } from '@/components/ui/country-flag';

export function CountrySelect({
  withDialCode,
  placeholder,
  selected,
  ...props
}: {
  withDialCode: boolean;
  /** A first, empty choice. */
  placeholder?: string;
  /** The country chosen now, whose flag is shown. */
  selected: string | undefined;
} & ComponentProps<'select'>) {
  const { i18n } = useTranslation('kyc');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const options = useMemo(() => countryOptions(language), [language]);
  return (
    <div className="flex items-center gap-2">
      <CountryFlag iso={selected || undefined} />
      <NativeSelect {...props} className="min-w-0 flex-1">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.iso} value={option.iso}>
            {countryLabel(option, withDialCode)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
