import { describe, expect, it } from 'vitest';
import { directionOf, languageFromHeader } from './i18n.ts';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-AE,ar;q=0.9,en;q=0.8', 'ar'],
    ['fr-FR,ar;q=0.5', 'ar'],
    ['fr-FR,de;q=0.5', 'en'],
    ['EN-gb', 'en'],
  ])('reads %j as %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});

describe('directionOf', () => {
  it('is right-to-left only for Arabic', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
