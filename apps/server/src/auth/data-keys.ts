// DATA_KEY and the keys it replaced (DATA_KEY_PREVIOUS; README "Rotating keys", decision 024).
// Everything is written under DATA_KEY; the previous keys are only read, so data sealed or
// encrypted before a rotation stays readable until `npm run rotate:data-key` has moved it over.
// Sealed values and stored files name the key they were made with by a short id, which reveals
// nothing of the key: the first 8 hex digits of an HMAC keyed by it.
import { createHmac } from 'node:crypto';
import type { Config } from '../config.ts';

export interface DataKey {
  /** 8 hex digits naming the key in what it sealed or encrypted. */
  id: string;
  key: Buffer;
}

export interface DataKeys {
  /** DATA_KEY: writes, and is tried first. */
  current: DataKey;
  /** DATA_KEY_PREVIOUS, in the order given: read only. */
  previous: readonly DataKey[];
}

/** More would only slow every read of old data; a rotation needs one or two. */
export const maxPreviousDataKeys = 10;

export const dataKeyIdLength = 8;

export function dataKeyId(key: Buffer): string {
  return createHmac('sha256', key)
    .update('secure-vault data key id')
    .digest('hex')
    .slice(0, dataKeyIdLength);
}

export function dataKeyOf(key: Buffer): DataKey {
  return { id: dataKeyId(key), key };
}

/** The current key first, then the previous ones: the order every reader tries them in. */
export function allDataKeys(keys: DataKeys): readonly DataKey[] {
  return [keys.current, ...keys.previous];
}

export function dataKeyById(keys: DataKeys, id: string): DataKey | undefined {
  return allDataKeys(keys).find((key) => key.id === id);
}

const loaded = new WeakMap<object, DataKeys>();

/** The configuration's keys with their ids, computed once per configuration. */
export function dataKeysOf(config: Pick<Config, 'dataKey' | 'previousDataKeys'>): DataKeys {
  let keys = loaded.get(config);
  if (!keys) {
    keys = { current: dataKeyOf(config.dataKey), previous: config.previousDataKeys.map(dataKeyOf) };
    loaded.set(config, keys);
  }
  return keys;
}

/**
 * DATA_KEY_PREVIOUS's keys (64 hex digits each, comma-separated), or what is wrong with the
 * value. Messages name a key by its place in the list, never by its text, which is a secret.
 */
export function parsePreviousDataKeys(value: string): Buffer[] | string {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length > maxPreviousDataKeys) {
    return `holds ${entries.length} keys; at most ${maxPreviousDataKeys}`;
  }
  const keys: Buffer[] = [];
  for (const [index, entry] of entries.entries()) {
    const place = entries.length === 1 ? 'the key' : `key ${index + 1} of ${entries.length}`;
    if (entry === '') return `${place} is empty: give 64 hexadecimal characters per key`;
    if (!/^[0-9a-f]{64}$/i.test(entry)) {
      return `${place} is not 64 hexadecimal characters (32 bytes)`;
    }
    const key = Buffer.from(entry, 'hex');
    const same = keys.findIndex((earlier) => earlier.equals(key));
    if (same !== -1) return `key ${index + 1} repeats key ${same + 1}`;
    keys.push(key);
  }
  return keys;
}

/**
 * What is wrong with DATA_KEY_PREVIOUS beside this DATA_KEY, or null: a previous key that is
 * DATA_KEY itself (the rotation did not happen), or one whose id another key has (one in four
 * billion, but then a stored file could not say which key it was made with).
 */
export function previousDataKeysProblem(
  current: Buffer,
  previous: readonly Buffer[],
): string | null {
  const ids = new Map([[dataKeyId(current), 'DATA_KEY']]);
  for (const [index, key] of previous.entries()) {
    if (key.equals(current)) {
      return `key ${index + 1} is DATA_KEY itself: list the keys DATA_KEY replaced`;
    }
    const id = dataKeyId(key);
    const clash = ids.get(id);
    if (clash) return `key ${index + 1} has the same id as ${clash}: generate another DATA_KEY`;
    ids.set(id, `key ${index + 1}`);
  }
  return null;
}
