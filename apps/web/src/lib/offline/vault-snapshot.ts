// The offline copy of the vault: the last dashboard a customer saw on this device (profile,
// valuables, balances and where their verification stands) with the time it was fetched, so the
// dashboard can show it read-only when the network is gone (features/vault/components/
// offline-vault.tsx). It is private, so it lives in the page's own IndexedDB, never in the
// service worker's shared caches; one customer's copy at a time, under their id, and none after
// signing out or once the session is gone (lib/auth/sign-out.ts, lib/auth/get-session.ts).
import type { Session } from '@secure-vault/shared/auth';
import type { ContractResponse } from '@secure-vault/shared/contract';
import type * as kyc from '@secure-vault/shared/kyc/contracts';
import type * as vault from '@secure-vault/shared/vault/contracts';

type KycState = ContractResponse<typeof kyc.getKyc>;

export interface VaultSnapshot {
  /** The shape's version: a copy written by an older app is not read. */
  version: typeof snapshotVersion;
  userId: string;
  /** When the oldest of its parts was fetched (ms since the epoch): what "as of" says. */
  savedAt: number;
  /** Who it belongs to, so the signed-in frame can be shown offline. */
  session: Session;
  profile: ContractResponse<typeof vault.getProfile>;
  valuables: ContractResponse<typeof vault.getValuables>;
  summary: ContractResponse<typeof vault.getSummary>;
  /** Only what the dashboard shows of the verification: never its draft or documents. */
  kyc: Pick<KycState, 'status' | 'rejectionReason'>;
}

const snapshotVersion = 1;

/** Where copies are kept: IndexedDB in the browser, a map in tests. */
export interface SnapshotBackend {
  getAll(): Promise<unknown[]>;
  /** Replaces whatever was kept with this one entry. */
  replace(key: string, value: VaultSnapshot): Promise<void>;
  /** Removes every copy (and the store itself). */
  removeAll(): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A copy of the current shape, whole, whose session is its own user's. */
function isVaultSnapshot(value: unknown): value is VaultSnapshot {
  if (!isRecord(value) || value.version !== snapshotVersion) return false;
  const { userId, savedAt, session, profile, valuables, summary } = value;
  const user = isRecord(session) ? session.user : undefined;
  return (
    typeof userId === 'string' &&
    typeof savedAt === 'number' &&
    Number.isFinite(savedAt) &&
    isRecord(user) &&
    user.id === userId &&
    isRecord(profile) &&
    isRecord(valuables) &&
    isRecord(summary) &&
    isRecord(value.kyc)
  );
}

export function createSnapshotStore(backend: SnapshotBackend) {
  return {
    /** Keeps this customer's copy, and only theirs: a previous customer's goes. */
    async save(snapshot: Omit<VaultSnapshot, 'version' | 'userId'>): Promise<void> {
      const userId = snapshot.session.user.id;
      await backend.replace(userId, { ...snapshot, version: snapshotVersion, userId });
    },
    /** The copy kept for this user, or for whoever's copy this device holds when none is given. */
    async read(userId?: string): Promise<VaultSnapshot | null> {
      const found = (await backend.getAll()).filter(isVaultSnapshot);
      return found.find((snapshot) => userId === undefined || snapshot.userId === userId) ?? null;
    },
    forget: () => backend.removeAll(),
  };
}

const databaseName = 'secure-vault-private';
const storeName = 'vault-snapshots';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const open = indexedDB.open(databaseName, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(storeName);
  const database = await done(open);
  try {
    const transaction = database.transaction(storeName, mode);
    const result = await done(work(transaction.objectStore(storeName)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      if (mode === 'readonly') resolve();
    });
    return result;
  } finally {
    database.close();
  }
}

const indexedDbBackend: SnapshotBackend = {
  getAll: () => withStore('readonly', (store) => store.getAll()),
  async replace(key, value) {
    await withStore('readwrite', (store) => {
      store.clear();
      return store.put(value, key);
    });
  },
  async removeAll() {
    await done(indexedDB.deleteDatabase(databaseName)).catch(() => undefined);
  },
};

/** This browser's copies. Without IndexedDB (private modes that refuse it) nothing is kept. */
export const vaultSnapshots = createSnapshotStore(
  typeof indexedDB === 'undefined'
    ? { getAll: async () => [], replace: async () => {}, removeAll: async () => {} }
    : indexedDbBackend,
);

/** Removes every offline copy of the vault on this device: on signing out, and when signed out. */
export function forgetOfflineVault(): Promise<void> {
  return vaultSnapshots.forget().catch(() => undefined);
}
