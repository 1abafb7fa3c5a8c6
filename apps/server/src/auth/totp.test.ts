import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUri,
  totpCode,
} from './totp.ts';

// RFC 6238 appendix B, SHA1, with the ASCII seed "12345678901234567890".
const seed = Buffer.from('12345678901234567890', 'ascii');
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(text);
  });

  it('decodes padding, spaces and lower case, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('round-trips generated secrets of 160 bits', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});

describe('TOTP (RFC 6238, SHA1)', () => {
  it.each(rfcVectors)('at %i s gives %s (8 digits) and its last 6 digits', (seconds, expected) => {
    const at = new Date(seconds * 1000);
    const secret = base32Encode(seed);
    expect(totpCode(secret, at, 8)).toBe(expected);
    expect(totpCode(secret, at)).toBe(expected.slice(2));
    expect(hotp(seed, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('accepts the previous and next step but not two away', () => {
    const secret = generateTotpSecret();
    const now = new Date('2026-11-21T10:00:15Z');
    const at = (offsetSteps: number) => new Date(now.getTime() + offsetSteps * 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, at(-1)), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, at(1)), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, at(-2)), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, at(2)), now)).toBeNull();
  });

  it('refuses a code whose step was already used', () => {
    const secret = generateTotpSecret();
    const now = new Date('2026-11-21T10:00:15Z');
    const step = matchTotp(secret, totpCode(secret, now), now);
    expect(step).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const secret = generateTotpSecret();
    expect(matchTotp(secret, 'abcdef', new Date())).toBeNull();
    expect(matchTotp(secret, '12345', new Date())).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'layla@example.com');
    expect(uri).toBe(
      'otpauth://totp/Secure%20Vault%3Alayla%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Secure+Vault&algorithm=SHA1&digits=6&period=30',
    );
  });
});
