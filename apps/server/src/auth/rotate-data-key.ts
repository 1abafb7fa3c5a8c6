// Moving what DATA_KEY protects onto a new DATA_KEY (README "Rotating keys", decision 024;
// `npm run rotate:data-key`). Authenticator secrets are sealed again and stored documents
// encrypted again under the current key, each on its own: a secret by a conditional update, a
// file by an atomic replace, so stopping half-way leaves everything readable with the keys
// configured, and running again finishes the work. What cannot be moved is counted:
// - recovery codes, kept as keyed hashes of codes the server never sees again, work while their
//   key stays in DATA_KEY_PREVIOUS (until the account makes new ones);
// - one-time codes and rate-limit counts are also keyed, but live minutes to a day: they start
//   again under the new key and are not touched here.
import {
  and,
  count,
  countDistinct,
  eq,
  gt,
  isNotNull,
  isNull,
  notLike,
  or,
  sql,
} from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { rekeyStoredFile } from '../storage/encrypted-store.ts';
import { documentFiles } from '../storage/document-store.ts';
import { dataKeysOf } from './data-keys.ts';
import { resealed, UnsealError } from './secrets.ts';

export interface RotationReport {
  /** The id of DATA_KEY, and of each key in DATA_KEY_PREVIOUS. */
  keyId: string;
  previousKeyIds: string[];
  /** Authenticator secrets (set up or pending). */
  secrets: { resealed: number; current: number; unreadable: number };
  /** Stored identity documents. */
  files: { rekeyed: number; current: number; gone: number; unreadable: number };
  /** Unused recovery codes made under another key than DATA_KEY, by the key they name. */
  recoveryCodes: {
    codes: number;
    accounts: number;
    /** Codes naming each key; `unnamed` for codes from before keys were named. */
    byKey: Record<string, number>;
  };
}

type RotationConfig = Pick<Config, 'dataDir' | 'dataKey' | 'previousDataKeys'>;

const sealedColumns = ['totpSecret', 'totpPendingSecret'] as const;

/** Seals every authenticator secret again under the current key, a batch of users at a time. */
async function resealSecrets(
  config: RotationConfig,
  db: Db,
  batchSize: number,
): Promise<RotationReport['secrets']> {
  const keys = dataKeysOf(config);
  const counts = { resealed: 0, current: 0, unreadable: 0 };
  let after: string | undefined;
  for (;;) {
    const hasSecret = or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret));
    const batch = await db
      .select({
        id: users.id,
        totpSecret: users.totpSecret,
        totpPendingSecret: users.totpPendingSecret,
      })
      .from(users)
      .where(after === undefined ? hasSecret : and(hasSecret, gt(users.id, after)))
      .orderBy(users.id)
      .limit(batchSize);
    for (const row of batch) {
      for (const column of sealedColumns) {
        const sealed = row[column];
        if (sealed === null) continue;
        let next: string | null;
        try {
          next = resealed(keys, sealed);
        } catch (error) {
          if (!(error instanceof UnsealError)) throw error;
          counts.unreadable += 1;
          continue;
        }
        if (next === null) {
          counts.current += 1;
          continue;
        }
        // Only if it is still the value read: one changed meanwhile was written by a server,
        // under the current key.
        const updated = await db
          .update(users)
          .set({ [column]: next })
          .where(and(eq(users.id, row.id), eq(users[column], sealed)))
          .returning({ id: users.id });
        if (updated.length > 0) counts.resealed += 1;
        else counts.current += 1;
      }
    }
    if (batch.length < batchSize) return counts;
    after = batch.at(-1)?.id;
  }
}

/** Encrypts every stored document again under the current key. */
async function rekeyFiles(config: RotationConfig): Promise<RotationReport['files']> {
  const { inner, keys } = documentFiles(config);
  const counts = { rekeyed: 0, current: 0, gone: 0, unreadable: 0 };
  for await (const storageKey of inner.keys()) {
    counts[await rekeyStoredFile(inner, keys, storageKey)] += 1;
  }
  return counts;
}

/** Unused recovery codes that do not name the current key, by the key they name. */
async function recoveryCodesLeft(
  config: RotationConfig,
  db: Db,
): Promise<RotationReport['recoveryCodes']> {
  const { current } = dataKeysOf(config);
  const notCurrent = and(
    isNull(recoveryCodes.usedAt),
    notLike(recoveryCodes.codeHash, `${current.id}:%`),
  );
  const [totals] = await db
    .select({ codes: count(), accounts: countDistinct(recoveryCodes.userId) })
    .from(recoveryCodes)
    .where(notCurrent);
  const keyNamed = sql<string>`case when position(':' in ${recoveryCodes.codeHash}) > 0
    then split_part(${recoveryCodes.codeHash}, ':', 1) else 'unnamed' end`;
  const rows = await db
    .select({ keyId: keyNamed, codes: count() })
    .from(recoveryCodes)
    .where(notCurrent)
    .groupBy(keyNamed);
  const byKey = Object.fromEntries(rows.map((row) => [row.keyId, row.codes]));
  return { codes: totals?.codes ?? 0, accounts: totals?.accounts ?? 0, byKey };
}

/** Moves everything that can move onto DATA_KEY and counts what cannot. */
export async function rotateDataKey(
  config: RotationConfig,
  db: Db,
  { batchSize = 500 }: { batchSize?: number } = {},
): Promise<RotationReport> {
  const keys = dataKeysOf(config);
  return {
    keyId: keys.current.id,
    previousKeyIds: keys.previous.map((key) => key.id),
    secrets: await resealSecrets(config, db, batchSize),
    files: await rekeyFiles(config),
    recoveryCodes: await recoveryCodesLeft(config, db),
  };
}

/** Whether everything sealed or encrypted now opens with DATA_KEY alone. */
export function isComplete(report: RotationReport): boolean {
  return report.secrets.unreadable === 0 && report.files.unreadable === 0;
}

/** The report as the command prints it. */
export function formatRotationReport(report: RotationReport): string {
  const { secrets, files, recoveryCodes: codes } = report;
  const previous = report.previousKeyIds.length > 0 ? report.previousKeyIds.join(', ') : 'none';
  const lines = [
    `DATA_KEY is key ${report.keyId}; DATA_KEY_PREVIOUS holds ${previous}.`,
    `Authenticator secrets: ${secrets.resealed} sealed again, ${secrets.current} already under DATA_KEY, ${secrets.unreadable} that no configured key opens.`,
    `Stored documents: ${files.rekeyed} encrypted again, ${files.current} already under DATA_KEY, ${files.unreadable} that no configured key opens, ${files.gone} deleted meanwhile.`,
  ];
  if (codes.codes === 0) {
    lines.push('Recovery codes: every unused one is under DATA_KEY.');
  } else {
    const byKey = Object.entries(codes.byKey)
      .map(([key, n]) =>
        key === 'unnamed' ? `${n} from before keys were named` : `${n} under ${key}`,
      )
      .join(', ');
    lines.push(
      `Recovery codes: ${codes.codes} unused codes of ${codes.accounts} accounts were made under an earlier key (${byKey}). They work only while that key is in DATA_KEY_PREVIOUS; turning two-factor off and on again makes new ones.`,
    );
  }
  if (!isComplete(report)) {
    lines.push(
      'Some secrets or documents open with no configured key and were left as they were: add the key they were made with to DATA_KEY_PREVIOUS and run this again.',
    );
  } else {
    lines.push(
      codes.codes === 0
        ? 'Everything is under DATA_KEY: DATA_KEY_PREVIOUS can be removed.'
        : 'Every secret and document is under DATA_KEY; DATA_KEY_PREVIOUS is needed only for the recovery codes above.',
    );
  }
  return lines.join('\n');
}
