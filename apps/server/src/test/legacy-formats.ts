// What DATA_KEY protected looked like before keys could rotate, written here from the formats
// and not by the code under test, so tests can prove such data stays readable and moves over.
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';

/** A sealed secret, `v1.<iv>.<tag>.<data>`: no key named, nothing but the data authenticated. */
export function legacySeal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

/**
 * A stored file, `1 | nonce | ciphertext | tag`, with the header and the storage key
 * authenticated; `key` is the key derived for the store (storage/encrypted-store.ts deriveKey).
 */
export function legacyFile(key: Buffer, storageKey: string, content: Buffer): Buffer {
  const nonce = randomBytes(12);
  const header = Buffer.concat([Buffer.from([1]), nonce]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.concat([header, Buffer.from(storageKey, 'utf8')]));
  return Buffer.concat([header, cipher.update(content), cipher.final(), cipher.getAuthTag()]);
}

/** A recovery code's stored hash: the bare HMAC, naming no key. */
export function legacyRecoveryCodeHash(dataKey: Buffer, userId: string, code: string): string {
  return createHmac('sha256', dataKey)
    .update(`recovery:${userId}:${code.trim().toLowerCase()}`)
    .digest('hex');
}
