// The store of identity documents (DESIGN §5): encrypted files under DATA_DIR/documents, one per
// random key, under a key derived from DATA_KEY for documents only (and, for files written
// before a rotation, from the key in DATA_KEY_PREVIOUS they name).
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { type DataKeys, dataKeysOf } from '../auth/data-keys.ts';
import { type BlobStore, diskBlobStore } from './blob-store.ts';
import { deriveKeys, encryptedBlobStore } from './encrypted-store.ts';

export const documentsFolder = 'documents';

type StoreConfig = Pick<Config, 'dataDir' | 'dataKey' | 'previousDataKeys'>;

/** The documents' files as stored (encrypted), for re-keying them (auth/rotate-data-key.ts). */
export function documentFiles(config: StoreConfig): { inner: BlobStore; keys: DataKeys } {
  return {
    inner: diskBlobStore(path.join(config.dataDir, documentsFolder)),
    keys: deriveKeys(dataKeysOf(config), 'kyc documents v1'),
  };
}

const stores = new WeakMap<StoreConfig, BlobStore>();

/** The documents' store for this configuration (one per process and configuration). */
export function documentStore(config: StoreConfig): BlobStore {
  let store = stores.get(config);
  if (!store) {
    const { inner, keys } = documentFiles(config);
    store = encryptedBlobStore(inner, keys);
    stores.set(config, store);
  }
  return store;
}

/**
 * The bytes under `key` once they are known to be authentic: decrypted and checked to the end
 * first (discarding them), then read again. A file that fails the check is never streamed to
 * anyone, at the cost of decrypting it twice.
 */
export async function getVerified(store: BlobStore, key: string): Promise<Readable> {
  await pipeline(
    await store.get(key),
    new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    }),
  );
  return store.get(key);
}
