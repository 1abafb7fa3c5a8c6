// A country picker over every country with a dial code (SPEC §2): flag and name in the page's
// language, and the dial code when it is for a phone number.
import { useMemo } from 'react';
import type { ComponentProps } from 'react';
import { isLanguage } from '@secure-vault/shared/i18n';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { countryLabel, countryOptions } from '../countries';

export function CountrySelect({
  withDialCode,
  placeholder,
  ...props
}: {
  withDialCode: boolean;
  /** A first, empty choice. */
  placeholder?: string;
} & ComponentProps<'select'>) {
  const { i18n } = useTranslation('kyc');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const options = useMemo(() => countryOptions(language), [language]);
  return (
    <NativeSelect {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.iso} value={option.iso}>
          {countryLabel(option, withDialCode)}
        </option>
      ))}
    </NativeSelect>
  );
}
