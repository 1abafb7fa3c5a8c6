import { describe, expect, it } from 'vitest';
import { changeTopics } from './changes.ts';
import { contractsByFeature } from './contracts.ts';
import type { Contract } from './contract.ts';
import { realtimeTopics } from './realtime.ts';

/**
 * The operations that change state without saying what in topics, and why a list of topics
 * cannot say it. Anything else that is not a GET declares `changes` (`[]` when nothing a screen
 * shows changes).
 */
const undeclared: Record<string, string> = {
  // Each puts another account's session (or none) in the browser: the web app drops everything
  // cached for the previous one and keeps the session from the answer (replaceSession), or
  // drops it all (sign-out, where refetching the session would send the page to sign-in).
  'auth.signIn': 'replaces the session',
  'auth.verifySignUp': 'replaces the session',
  'auth.completePasswordReset': 'replaces the session',
  'auth.completeImpersonation': 'replaces the session',
  'passkeys.signInWithPasskey': 'replaces the session',
  'auth.endImpersonation': 'replaces the session',
  'auth.signOut': 'replaces the session',
  'dev.runJobs': 'called by the end-to-end tests only; its jobs send realtime notices',
};

const contracts = Object.entries(contractsByFeature).flatMap(([feature, operations]) =>
  Object.entries<Contract>(operations).map(([name, contract]) => ({
    name: `${feature}.${name}`,
    contract,
  })),
);

describe('what an operation changes', () => {
  it('is declared by every operation that is not a read, but for the few that cannot say it', () => {
    const missing = contracts
      .filter(({ name, contract }) => contract.method !== 'GET' && !(name in undeclared))
      .filter(({ contract }) => contract.changes === undefined)
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('is not declared by reads, nor by the operations that cannot say it', () => {
    const declaring = contracts
      .filter(({ name, contract }) => contract.method === 'GET' || name in undeclared)
      .filter(({ contract }) => contract.changes !== undefined)
      .map(({ name }) => name);
    expect(declaring).toEqual([]);
    const names = new Set(contracts.map(({ name }) => name));
    expect(Object.keys(undeclared).filter((name) => !names.has(name))).toEqual([]);
  });

  it('names known topics, each once', () => {
    const known = new Set<string>(changeTopics);
    for (const { name, contract } of contracts) {
      const topics = contract.changes ?? [];
      expect(
        topics.filter((topic) => !known.has(topic)),
        name,
      ).toEqual([]);
      expect(new Set(topics).size, name).toBe(topics.length);
    }
  });

  it('speaks of the pushed topics by the names the realtime channel uses', () => {
    expect(changeTopics.slice(0, realtimeTopics.length)).toEqual([...realtimeTopics]);
    expect(new Set(changeTopics).size).toBe(changeTopics.length);
  });
});
