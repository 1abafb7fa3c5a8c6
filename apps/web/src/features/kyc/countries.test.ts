import { describe, expect, it } from 'vitest';
import { countryLabel, countryOfDialCode, countryOptions, dialCodeOf } from './countries';
import { hasFlag, loadFlag } from '@/lib/flags';

describe('KYC countries', () => {
  it('lists every country with a dial code, about 240, named in each language', () => {
    const english = countryOptions('en');
    const arabic = countryOptions('ar');
    expect(english.length).toBeGreaterThan(230);
    expect(arabic).toHaveLength(english.length);
    expect(english.find((c) => c.iso === 'AE')).toEqual({
      iso: 'AE',
      dialCode: '+971',
      name: 'United Arab Emirates',
    });
    expect(arabic.find((c) => c.iso === 'AE')?.name).toBe('الإمارات العربية المتحدة');
    expect(new Set(english.map((c) => c.iso)).size).toBe(english.length);
  });

  it('sorts by the name in the language', () => {
    const names = countryOptions('en').map((c) => c.name);
    expect(names.indexOf('Afghanistan')).toBeLessThan(names.indexOf('Zimbabwe'));
  });

  it('maps dial codes to countries and back, the main country for a shared code', () => {
    expect(dialCodeOf('US')).toBe('+1');
    expect(dialCodeOf('CA')).toBe('+1');
    expect(dialCodeOf('GB')).toBe('+44');
    expect(dialCodeOf('ZZ')).toBeUndefined();
    expect(countryOfDialCode('+1')).toBe('US');
    expect(countryOfDialCode('+44')).toBe('GB');
    expect(countryOfDialCode('+971')).toBe('AE');
    expect(countryOfDialCode('+999')).toBeUndefined();
    expect(countryOfDialCode(undefined)).toBeUndefined();
  });

  it('has an SVG flag for every country listed, loaded on demand', async () => {
    for (const { iso } of countryOptions('en')) expect(hasFlag(iso), iso).toBe(true);
    const flag = await loadFlag('AE');
    expect(flag).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(flag ?? '')).toContain('<svg');
    expect(await loadFlag('ZZ')).toBeUndefined();
  });

  it('keeps the dial code left to right in an option, with no emoji flag', () => {
    const uae = countryOptions('ar').find((c) => c.iso === 'AE')!;
    expect(countryLabel(uae, true)).toBe('الإمارات العربية المتحدة (\u2066+971\u2069)');
    expect(countryLabel(uae, false)).toBe('الإمارات العربية المتحدة');
  });
});
