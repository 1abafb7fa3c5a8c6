// Encryption at rest for stored files (DESIGN §5): AES-256-GCM under a key derived from DATA_KEY
// for this one purpose, a fresh random 96-bit nonce per file, streamed both ways so a file is
// never held whole in memory. What the inner store keeps is
//
//   version (1 byte) | nonce (12 bytes) | ciphertext | tag (16 bytes)
//
// with the version, the nonce and the storage key as additional authenticated data: a file
// altered, truncated, or moved under another key fails to decrypt.
import {
  createCipheriv,
  createDecipheriv,
  type DecipherGCM,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import type { BlobStore } from './blob-store.ts';

const version = 1;
const nonceBytes = 12;
const tagBytes = 16;
const headerBytes = 1 + nonceBytes;

/**
 * A 256-bit key for one purpose, derived from DATA_KEY with HKDF-SHA-256, so DATA_KEY itself
 * (also used for sealed secrets and keyed hashes) never encrypts two kinds of data.
 */
export function deriveKey(dataKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `secure-vault ${purpose}`, 32));
}

function additionalData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from(key, 'utf8')]);
}

/** Encrypts what flows through it into the stored format for `storageKey`. */
export function encryptingStream(dataKey: Buffer, storageKey: string): Transform {
  const nonce = randomBytes(nonceBytes);
  const header = Buffer.concat([Buffer.from([version]), nonce]);
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce, { authTagLength: tagBytes });
  cipher.setAAD(additionalData(header, storageKey));
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      start(this);
      callback(null, cipher.update(chunk));
    },
    flush(callback) {
      start(this);
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

export class DecryptionError extends Error {
  override name = 'DecryptionError';
}

/**
 * Decrypts the stored format for `storageKey`. The tag is the last 16 bytes, so they are held
 * back until the end; the stream fails there (DecryptionError) when the file is not authentic.
 * Bytes before that point are not yet verified: read the whole stream before trusting any of it.
 */
export function decryptingStream(dataKey: Buffer, storageKey: string): Transform {
  let header = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  /** The last bytes seen, which may be the tag. */
  let tail = Buffer.alloc(0);

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let data = chunk;
      if (!decipher) {
        header = Buffer.concat([header, data]);
        if (header.length < headerBytes) return callback();
        data = header.subarray(headerBytes);
        header = header.subarray(0, headerBytes);
        if (header[0] !== version) return callback(new DecryptionError('unknown file format'));
        decipher = createDecipheriv('aes-256-gcm', dataKey, header.subarray(1), {
          authTagLength: tagBytes,
        });
        decipher.setAAD(additionalData(header, storageKey));
      }
      const pending = tail.length ? Buffer.concat([tail, data]) : data;
      const release = Math.max(0, pending.length - tagBytes);
      tail = Buffer.from(pending.subarray(release));
      callback(null, release ? decipher.update(pending.subarray(0, release)) : undefined);
    },
    flush(callback) {
      if (!decipher || tail.length !== tagBytes) {
        return callback(new DecryptionError('the stored file is truncated'));
      }
      try {
        decipher.setAuthTag(tail);
        callback(null, decipher.final());
      } catch {
        callback(new DecryptionError('the stored file is not authentic'));
      }
    },
  });
}

/** `source` through `transform`, with an error on either side failing the result. */
function through(source: Readable, transform: Transform): Transform {
  return pipeline(source, transform, () => {});
}

/**
 * The same interface over another store, encrypting on put and decrypting on get. A get's
 * stream errors at its end when the file is not authentic.
 */
export function encryptedBlobStore(inner: BlobStore, key: Buffer): BlobStore {
  return {
    put: (storageKey, content) =>
      inner.put(storageKey, through(content, encryptingStream(key, storageKey))),
    get: async (storageKey) =>
      through(await inner.get(storageKey), decryptingStream(key, storageKey)),
    delete: (storageKey) => inner.delete(storageKey),
  };
}
