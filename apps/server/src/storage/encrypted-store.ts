// Encryption at rest for stored files (DESIGN §5): AES-256-GCM under a key derived from DATA_KEY
// for this one purpose, a fresh random 96-bit nonce per file, streamed both ways so a file is
// never held whole in memory. What the inner store keeps is
//
//   version 2 (1 byte) | key id (4 bytes) | nonce (12 bytes) | ciphertext | tag (16 bytes)
//
// with the header and the storage key as additional authenticated data: a file altered,
// truncated, or moved under another key fails to decrypt. The key id names the DATA_KEY the file
// was encrypted under (auth/data-keys.ts), so after a rotation each file is read with its own
// key. Version 1, written before keys could rotate, has no key id (version | nonce | …): it is
// read with the first configured key that authenticates it.
import {
  createCipheriv,
  createDecipheriv,
  type DecipherGCM,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { pipeline, type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { allDataKeys, type DataKey, type DataKeys, dataKeyById } from '../auth/data-keys.ts';
import { type BlobStore, BlobNotFoundError } from './blob-store.ts';

const version = 2;
const legacyVersion = 1;
const keyIdBytes = 4;
const nonceBytes = 12;
const tagBytes = 16;
const headerBytes = { [legacyVersion]: 1 + nonceBytes, [version]: 1 + keyIdBytes + nonceBytes };

/**
 * A 256-bit key for one purpose, derived from DATA_KEY with HKDF-SHA-256, so DATA_KEY itself
 * (also used for sealed secrets and keyed hashes) never encrypts two kinds of data.
 */
export function deriveKey(dataKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `secure-vault ${purpose}`, 32));
}

/** Each key derived for `purpose`, named by the id of the DATA_KEY it comes from. */
export function deriveKeys(keys: DataKeys, purpose: string): DataKeys {
  const derive = ({ id, key }: DataKey): DataKey => ({ id, key: deriveKey(key, purpose) });
  return { current: derive(keys.current), previous: keys.previous.map(derive) };
}

function additionalData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from(key, 'utf8')]);
}

/** Encrypts what flows through it into the stored format for `storageKey`. */
export function encryptingStream(key: DataKey, storageKey: string): Transform {
  const nonce = randomBytes(nonceBytes);
  const header = Buffer.concat([Buffer.from([version]), Buffer.from(key.id, 'hex'), nonce]);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: tagBytes });
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

/** The key a header names, or a DecryptionError saying why there is none. */
function keyOfHeader(keys: DataKeys, header: Buffer, legacyKey: Buffer): Buffer | DecryptionError {
  if (header[0] === legacyVersion) return legacyKey;
  const id = header.subarray(1, 1 + keyIdBytes).toString('hex');
  const key = dataKeyById(keys, id);
  if (key) return key.key;
  return new DecryptionError(
    `the stored file is encrypted under key ${id}, which is neither DATA_KEY nor in DATA_KEY_PREVIOUS`,
  );
}

/**
 * Decrypts the stored format for `storageKey` with the key the file names; a version 1 file with
 * `legacyKey` (by default the current key). The tag is the last 16 bytes, so they are held back
 * until the end; the stream fails there (DecryptionError) when the file is not authentic. Bytes
 * before that point are not yet verified: read the whole stream before trusting any of it.
 */
export function decryptingStream(
  keys: DataKeys,
  storageKey: string,
  legacyKey: Buffer = keys.current.key,
): Transform {
  let header = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  /** The last bytes seen, which may be the tag. */
  let tail = Buffer.alloc(0);

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let data = chunk;
      if (!decipher) {
        header = Buffer.concat([header, data]);
        if (header.length === 0) return callback();
        const length =
          header[0] === version || header[0] === legacyVersion ? headerBytes[header[0]] : 0;
        if (!length) return callback(new DecryptionError('unknown file format'));
        if (header.length < length) return callback();
        data = header.subarray(length);
        header = header.subarray(0, length);
        const key = keyOfHeader(keys, header, legacyKey);
        if (key instanceof DecryptionError) return callback(key);
        decipher = createDecipheriv('aes-256-gcm', key, header.subarray(length - nonceBytes), {
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

/** The first `length` bytes of a stored file (fewer when it is shorter); the rest is not read. */
async function headOf(inner: BlobStore, storageKey: string, length: number): Promise<Buffer> {
  const stream = await inner.get(storageKey);
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    // A Readable without an encoding yields Buffers; a stored file is read as nothing else.
    if (!Buffer.isBuffer(chunk)) throw new TypeError(`${storageKey} did not read as bytes`);
    head = Buffer.concat([head, chunk]);
    if (head.length >= length) break;
  }
  stream.destroy();
  return head.subarray(0, length);
}

/** Whether the whole file decrypts with `key` as a version 1 file. */
async function authenticates(inner: BlobStore, keys: DataKeys, storageKey: string, key: Buffer) {
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  try {
    await pipelineAsync(
      await inner.get(storageKey),
      decryptingStream(keys, storageKey, key),
      discard,
    );
    return true;
  } catch (error) {
    if (error instanceof DecryptionError) return false;
    throw error;
  }
}

/**
 * The decrypted stream of a stored file. A version 1 file names no key: with previous keys
 * configured, it is read through once per key until one authenticates it, which is the price of
 * files from before rotation until `npm run rotate:data-key` has rewritten them.
 */
async function decrypted(inner: BlobStore, keys: DataKeys, storageKey: string) {
  let legacyKey = keys.current.key;
  if (keys.previous.length > 0 && (await headOf(inner, storageKey, 1))[0] === legacyVersion) {
    for (const { key } of allDataKeys(keys)) {
      if (await authenticates(inner, keys, storageKey, key)) {
        legacyKey = key;
        break;
      }
    }
  }
  return through(await inner.get(storageKey), decryptingStream(keys, storageKey, legacyKey));
}

/**
 * The same interface over another store, encrypting on put (under the current key) and
 * decrypting on get (under the key each file names). A get's stream errors at its end when the
 * file is not authentic.
 */
export function encryptedBlobStore(inner: BlobStore, keys: DataKeys): BlobStore {
  const encrypting = (storageKey: string, content: Readable) =>
    through(content, encryptingStream(keys.current, storageKey));
  return {
    put: (storageKey, content) => inner.put(storageKey, encrypting(storageKey, content)),
    get: (storageKey) => decrypted(inner, keys, storageKey),
    delete: (storageKey) => inner.delete(storageKey),
    replace: (storageKey, content) => inner.replace(storageKey, encrypting(storageKey, content)),
    keys: () => inner.keys(),
  };
}

/** What re-keying did to one file. */
export type Rekeyed = 'rekeyed' | 'current' | 'gone' | 'unreadable';

/**
 * Encrypts one stored file again under the current key, unless it already is: read with its own
 * key, checked to its last byte, and swapped in whole by `replace`, so a file that fails the
 * check, a crash half-way or a file deleted meanwhile leaves the store as it was.
 */
export async function rekeyStoredFile(
  inner: BlobStore,
  keys: DataKeys,
  storageKey: string,
): Promise<Rekeyed> {
  const store = encryptedBlobStore(inner, keys);
  try {
    const head = await headOf(inner, storageKey, 1 + keyIdBytes);
    const isCurrent = head[0] === version && head.subarray(1).toString('hex') === keys.current.id;
    if (isCurrent) return 'current';
    const replaced = await store.replace(storageKey, await store.get(storageKey));
    return replaced ? 'rekeyed' : 'gone';
  } catch (error) {
    if (error instanceof DecryptionError) return 'unreadable';
    if (error instanceof BlobNotFoundError) return 'gone';
    throw error;
  }
}
