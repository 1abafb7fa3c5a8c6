import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { loadCatalogs } from '@/test/render';
import { formatMetal, fromMilligrams, storedMetalUnit, storeMetalUnit } from './metal-unit';

beforeAll(() => loadCatalogs(['catalogue']));
afterEach(() => localStorage.clear());

describe('metal units', () => {
  it('converts milligrams exactly: 1 g = 1,000 mg, 1 troy oz = 31,103.4768 mg', () => {
    expect(fromMilligrams('1234.567', 'g')).toBe('1.234567');
    expect(fromMilligrams('31103.4768', 'ozt')).toBe('1.000000');
    expect(fromMilligrams('1000000', 'ozt')).toBe('32.150747');
    // A float would drift: 0.1 + 0.2 mg is exactly 0.0003 g.
    expect(fromMilligrams('0.3', 'g')).toBe('0.000300');
    expect(fromMilligrams('1234.567', 'mg')).toBe('1234.567');
  });

  it('writes the figure with its unit, in English and Arabic', async () => {
    const t = i18next.getFixedT('en');
    expect(formatMetal(t, '1234567.891', 'g', 'en')).toBe('1,234.567891 g');
    expect(formatMetal(t, '31103.4768', 'ozt', 'en')).toBe('1.0000 oz t');
    expect(formatMetal(t, '1000', 'g', 'en')).toBe('1.000 g');
    expect(formatMetal(t, '1234.567', 'ozt', 'en')).toBe('0.039692 oz t');
    await i18next.changeLanguage('ar');
    await loadCatalogs(['catalogue']);
    expect(formatMetal(i18next.t, '1500', 'g', 'ar')).toBe('\u20661.500\u2069 غ');
    await i18next.changeLanguage('en');
  });

  it('remembers the choice, and falls back to milligrams', () => {
    expect(storedMetalUnit()).toBe('mg');
    storeMetalUnit('ozt');
    expect(storedMetalUnit()).toBe('ozt');
    localStorage.setItem('metalUnit', 'stone');
    expect(storedMetalUnit()).toBe('mg');
  });
});
