// Sealed values across a rotation of DATA_KEY: a value names the key it was sealed with and opens
// with it while that key is configured, values from before keys were named open with whichever
// configured key authenticates them, and nothing opens altered or under a key not configured.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacySeal } from '../test/legacy-formats.ts';
import { type DataKeys, dataKeyOf } from './data-keys.ts';
import { resealed, seal, unseal, UnsealError } from './secrets.ts';

const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
const before: DataKeys = { current: dataKeyOf(oldKey), previous: [] };
const during: DataKeys = { current: dataKeyOf(newKey), previous: [dataKeyOf(oldKey)] };
const after: DataKeys = { current: dataKeyOf(newKey), previous: [] };

describe('sealed values', () => {
  it('name the key they were sealed with, and hide the secret', () => {
    const sealed = seal(before.current, 'JBSWY3DPEHPK3PXP');
    const [version, keyId] = sealed.split('.');
    expect([version, keyId]).toEqual(['v2', before.current.id]);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal(before.current, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(unseal(before, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('open after DATA_KEY changes while the old key is in DATA_KEY_PREVIOUS, and not after', () => {
    const named = seal(before.current, 'named');
    const legacy = legacySeal(oldKey, 'legacy');
    expect(unseal(before, legacy)).toBe('legacy');
    expect([unseal(during, named), unseal(during, legacy)]).toEqual(['named', 'legacy']);
    expect(() => unseal(after, named)).toThrow(
      `sealed under key ${before.current.id}, which is neither DATA_KEY nor in DATA_KEY_PREVIOUS`,
    );
    expect(() => unseal(after, legacy)).toThrow(UnsealError);
  });

  it('are sealed again under the current key once, and then left alone', () => {
    for (const old of [seal(before.current, 'secret'), legacySeal(oldKey, 'secret')]) {
      const again = resealed(during, old);
      expect(again?.split('.').slice(0, 2)).toEqual(['v2', during.current.id]);
      expect(unseal(after, again ?? '')).toBe('secret');
      expect(resealed(during, again ?? '')).toBeNull();
    }
    // A value from before names no key: even under the current key it is written again.
    expect(resealed(after, legacySeal(newKey, 'secret'))?.startsWith('v2.')).toBe(true);
    expect(() => resealed(after, seal(before.current, 'secret'))).toThrow(UnsealError);
  });

  it('refuse anything altered, cut, or in no known form', () => {
    const sealed = seal(during.current, 'secret');
    const parts = sealed.split('.');
    const flipped = (text: string) =>
      `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
    const hostile = [
      '',
      'v2',
      'v3.a.b.c.d',
      parts.slice(0, 4).join('.'),
      `${sealed}.extra`,
      [parts[0], before.current.id, ...parts.slice(2)].join('.'),
      [...parts.slice(0, 2), flipped(parts[2] ?? ''), ...parts.slice(3)].join('.'),
      [...parts.slice(0, 3), flipped(parts[3] ?? ''), parts[4]].join('.'),
      [...parts.slice(0, 4), flipped(parts[4] ?? '')].join('.'),
      // The tag cut to 4 bytes, which GCM would otherwise accept.
      [
        ...parts.slice(0, 3),
        Buffer.from(parts[3] ?? '', 'base64url')
          .subarray(0, 4)
          .toString('base64url'),
        parts[4],
      ].join('.'),
      'v1.' + parts.slice(2).join('.'),
    ];
    for (const value of hostile) {
      expect(() => unseal(during, value), value).toThrow(UnsealError);
    }
  });
});
