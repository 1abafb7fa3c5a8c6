import { describe, expect, it } from 'vitest';
import type { Session } from '@secure-vault/shared/auth';
import { createSnapshotStore, type SnapshotBackend, type VaultSnapshot } from './vault-snapshot';

/** IndexedDB's part, as a map: what the store keeps and what it hands back. */
function memoryBackend(): SnapshotBackend & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    getAll: async () => [...entries.values()],
    replace: async (key, value) => {
      entries.clear();
      entries.set(key, structuredClone(value));
    },
    removeAll: async () => entries.clear(),
  };
}

function session(id: string): Session {
  return {
    user: { id, email: `${id}@example.com` },
    isAdmin: false,
    impersonatedBy: null,
    hasTwoFactor: false,
    hasPasskey: false,
  };
}

function parts(id: string, savedAt = Date.UTC(2026, 11, 2, 8, 30)) {
  return {
    savedAt,
    session: session(id),
    // cast: the store keeps these answers as they came; their fields do not matter here.
    profile: { userId: id, accountNumber: '1234567897' } as unknown as VaultSnapshot['profile'],
    valuables: [],
    summary: {
      cashBalance: '12.50',
      totalNetWorth: '12.50',
    } as unknown as VaultSnapshot['summary'],
    kyc: { status: 'approved', rejectionReason: null } as VaultSnapshot['kyc'],
  };
}

const alice = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';
const bob = '6a1e2d4c-1b2a-4c3d-8e9f-0a1b2c3d4e5f';

describe('the offline copy of the vault', () => {
  it('gives back what was saved, with the time it was fetched, under the user’s id', async () => {
    const backend = memoryBackend();
    const store = createSnapshotStore(backend);
    await store.save(parts(alice));
    const found = await store.read(alice);
    expect(found?.userId).toBe(alice);
    expect(found?.savedAt).toBe(Date.UTC(2026, 11, 2, 8, 30));
    expect(found?.summary).toEqual({ cashBalance: '12.50', totalNetWorth: '12.50' });
    expect([...backend.entries.keys()]).toEqual([alice]);
  });

  it('never hands one customer another customer’s copy, and keeps only the latest one', async () => {
    const backend = memoryBackend();
    const store = createSnapshotStore(backend);
    await store.save(parts(alice));
    await store.save(parts(bob));
    expect(await store.read(alice)).toBeNull();
    expect((await store.read(bob))?.userId).toBe(bob);
    expect((await store.read())?.userId).toBe(bob);
    expect(backend.entries.size).toBe(1);
  });

  it('keeps nothing after it is told to forget', async () => {
    const backend = memoryBackend();
    const store = createSnapshotStore(backend);
    await store.save(parts(alice));
    await store.forget();
    expect(await store.read(alice)).toBeNull();
    expect(await store.read()).toBeNull();
    expect(backend.entries.size).toBe(0);
  });

  it('ignores a copy of another shape or whose session is someone else’s', async () => {
    const backend = memoryBackend();
    const store = createSnapshotStore(backend);
    backend.entries.set(alice, { ...parts(alice), version: 0, userId: alice });
    expect(await store.read(alice)).toBeNull();
    backend.entries.set(alice, { ...parts(bob), version: 1, userId: alice });
    expect(await store.read(alice)).toBeNull();
    backend.entries.set(alice, { ...parts(alice, Number.NaN), version: 1, userId: alice });
    expect(await store.read(alice)).toBeNull();
  });
});
