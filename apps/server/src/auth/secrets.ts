// Random tokens, their hashes, keyed hashes and sealed values: the few primitives every
// credential in accounts and security is built from.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { allDataKeys, type DataKey, type DataKeys, dataKeyById } from './data-keys.ts';

/** A fresh opaque token: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a bearer token (session cookie, reset or impersonation link). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A keyed hash for short secrets (codes) and for identifiers we count but do not keep (IPs). */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A sealed value: `v2.<key id>.<iv>.<tag>.<data>` (base64url), with `v2.<key id>` authenticated
 * too. Version 1, written before keys could rotate, is `v1.<iv>.<tag>.<data>` and names no key:
 * each configured key is tried.
 */
const sealVersion = 'v2';
const legacySealVersion = 'v1';

/** AES-256-GCM with DATA_KEY: for secrets the server must read back (authenticator secrets). */
export function seal(key: DataKey, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(`${sealVersion}.${key.id}`));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    sealVersion,
    key.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

export class UnsealError extends Error {
  override name = 'UnsealError';
}

interface SealedParts {
  /** The key it names (version 2), or undefined (version 1). */
  keyId: string | undefined;
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

function partsOf(sealed: string): SealedParts {
  const parts = sealed.split('.');
  const [version] = parts;
  const fields =
    version === sealVersion && parts.length === 5
      ? { keyId: parts[1], rest: parts.slice(2) }
      : version === legacySealVersion && parts.length === 4
        ? { keyId: undefined, rest: parts.slice(1) }
        : undefined;
  const [iv = '', tag = '', data = ''] = fields?.rest ?? [];
  if (!fields || !iv || !tag) throw new UnsealError('unknown sealed value');
  return {
    keyId: fields.keyId,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    data: Buffer.from(data, 'base64url'),
  };
}

function openWith(key: Buffer, { keyId, iv, tag, data }: SealedParts): string | null {
  try {
    // A shorter tag would be accepted otherwise, and authenticate less.
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    if (keyId !== undefined) decipher.setAAD(Buffer.from(`${sealVersion}.${keyId}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The key that opens a sealed value: the one it names, or for version 1 the first configured
 * key that authenticates it. UnsealError when none does.
 */
function openedBy(keys: DataKeys, sealed: string): { key: DataKey; plaintext: string } {
  const parts = partsOf(sealed);
  const candidates =
    parts.keyId === undefined ? allDataKeys(keys) : [dataKeyById(keys, parts.keyId)];
  for (const key of candidates) {
    const plaintext = key ? openWith(key.key, parts) : null;
    if (key && plaintext !== null) return { key, plaintext };
  }
  throw new UnsealError(
    parts.keyId !== undefined && !dataKeyById(keys, parts.keyId)
      ? `sealed under key ${parts.keyId}, which is neither DATA_KEY nor in DATA_KEY_PREVIOUS`
      : 'the sealed value does not open with any configured key',
  );
}

export function unseal(keys: DataKeys, sealed: string): string {
  return openedBy(keys, sealed).plaintext;
}

/**
 * The value sealed again under the current key, or null when it already is (the rotation,
 * `npm run rotate:data-key`). UnsealError when no configured key opens it.
 */
export function resealed(keys: DataKeys, sealed: string): string | null {
  const { key, plaintext } = openedBy(keys, sealed);
  const isCurrent = key === keys.current && partsOf(sealed).keyId === keys.current.id;
  return isCurrent ? null : seal(keys.current, plaintext);
}
