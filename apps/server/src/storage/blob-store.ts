// Where stored files live (DESIGN §5 documents, §8 scaling out): a small interface of put, get and
// delete by an opaque key, so the local disk can later give way to object storage. The store
// holds bytes as given; encryption is a wrapper around it (encrypted-store.ts). Keys are names
// the server makes (random UUIDs), never anything a customer typed.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fieldOf } from '../errors.ts';

export interface BlobStore {
  /** Stores the stream's bytes under `key`, whole or not at all: a failed write leaves nothing. */
  put(key: string, content: Readable): Promise<void>;
  /** The bytes stored under `key`; BlobNotFoundError when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes `key`'s bytes; nothing happens when there are none. */
  delete(key: string): Promise<void>;
  /**
   * Replaces the bytes of a key that has some, whole or not at all; false, and nothing written,
   * when there are none (so a file deleted meanwhile is not brought back).
   */
  replace(key: string, content: Readable): Promise<boolean>;
  /** Every key that has bytes, in no particular order. */
  keys(): AsyncIterable<string>;
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

  /** Writes `content` beside the key's file, then renames it over the file if `isWanted()`. */
  async function write(key: string, content: Readable, isWanted: () => Promise<boolean>) {
    const target = fileOf(key);
    await ensureFolder();
    const partial = path.join(folder, `.${key}.${randomBytes(6).toString('hex')}.partial`);
    try {
      await pipeline(content, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      if (!(await isWanted())) {
        await unlink(partial);
        return false;
      }
      await rename(partial, target);
      return true;
    } catch (error) {
      content.destroy();
      await unlink(partial).catch(() => {});
      throw error;
    }
  }

  return {
    async put(key, content) {
      await write(key, content, async () => true);
    },

    // A delete between the check and the rename would still be undone; the window is one
    // system call wide, where a check before writing would leave it as long as the write.
    replace: (key, content) =>
      write(key, content, () =>
        stat(fileOf(key)).then(
          () => true,
          (error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          },
        ),
      ),

    async *keys() {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // Partial writes start with a dot, which no key does.
      yield* names.filter((name) => keyPattern.test(name));
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
  return fieldOf(error, 'code') === 'ENOENT';
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
        for await (const chunk of content) {
          // A Readable without an encoding yields bytes; a store keeps nothing else.
          if (!(chunk instanceof Uint8Array)) throw new TypeError(`${key} was given no bytes`);
          chunks.push(Buffer.from(chunk));
        }
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
    async replace(key, content) {
      if (!stored.has(checkKey(key))) {
        content.destroy();
        return false;
      }
      await this.put(key, content);
      return true;
    },
    async *keys() {
      yield* [...stored.keys()];
    },
  };
}
