// Where stored files live (DESIGN §5 documents, §8 scaling out): a small interface of put, get and
// delete by an opaque key, so the local disk can later give way to object storage. The store
// holds bytes as given; encryption is a wrapper around it (encrypted-store.ts). Keys are names
// the server makes (random UUIDs), never anything a customer typed.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface BlobStore {
  /** Stores the stream's bytes under `key`, whole or not at all: a failed write leaves nothing. */
  put(key: string, content: Readable): Promise<void>;
  /** The bytes stored under `key`; BlobNotFoundError when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes `key`'s bytes; nothing happens when there are none. */
  delete(key: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  constructor(key: string) {
    super(`nothing is stored under ${key}`);
  }
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Refuses a key that could name anything but one file in the store's folder. */
export function checkKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error('invalid storage key');
  return key;
}

/**
 * Files in one folder, one per key, readable by the server's user only. A write goes to a
 * temporary file that is renamed into place once complete, so a reader never sees half a file
 * and a failed or refused upload leaves nothing behind.
 */
export function diskBlobStore(folder: string): BlobStore {
  const fileOf = (key: string) => path.join(folder, checkKey(key));
  let ready: Promise<unknown> | undefined;
  const ensureFolder = () => (ready ??= mkdir(folder, { recursive: true, mode: 0o700 }));

  return {
    async put(key, content) {
      const target = fileOf(key);
      await ensureFolder();
      const partial = path.join(folder, `.${key}.${randomBytes(6).toString('hex')}.partial`);
      try {
        await pipeline(content, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        content.destroy();
        await unlink(partial).catch(() => {});
        throw error;
      }
    },

    async get(key) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** A store in memory, for tests: `stored` shows exactly the bytes a store was given. */
export interface MemoryBlobStore extends BlobStore {
  readonly stored: ReadonlyMap<string, Buffer>;
}

export function memoryBlobStore(): MemoryBlobStore {
  const stored = new Map<string, Buffer>();
  return {
    stored,
    async put(key, content) {
      checkKey(key);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
      } catch (error) {
        content.destroy();
        throw error;
      }
      stored.set(key, Buffer.concat(chunks));
    },
    async get(key) {
      const bytes = stored.get(checkKey(key));
      if (!bytes) throw new BlobNotFoundError(key);
      return Readable.from([bytes]);
    },
    async delete(key) {
      stored.delete(checkKey(key));
    },
  };
}
