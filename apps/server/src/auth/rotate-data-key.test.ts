// The rotation itself, over more users than one batch: every secret is sealed again under the
// new key exactly once, whatever the batch size, and a value no configured key opens is counted
// and left alone. (cli/rotate-data-key.test.ts runs the command against the whole server.)
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestApp, testConfig, type TestApp } from '../test/test-app.ts';
import { createUser } from '../test/users.ts';
import { dataKeyOf, dataKeysOf } from './data-keys.ts';
import { rotateDataKey } from './rotate-data-key.ts';
import { seal, unseal } from './secrets.ts';

const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
const config = testConfig({
  DATA_KEY: newKey.toString('hex'),
  DATA_KEY_PREVIOUS: oldKey.toString('hex'),
  // No documents here.
  DATA_DIR: '/nonexistent-rotation-data',
});

let t: TestApp;
const secrets = new Map<string, string>();
let lost: { userId: string; sealed: string };
beforeAll(async () => {
  t = await createTestApp();
  for (let n = 0; n < 7; n += 1) {
    const { userId } = await createUser(t, `rotation-${n}`);
    const secret = `SECRET${n}`;
    // Some set up (the secret), some half-way (pending), one both.
    await t.ctx.db
      .update(users)
      .set(
        n % 3 === 0
          ? { totpPendingSecret: seal(dataKeyOf(oldKey), `${secret}-pending`) }
          : n % 3 === 1
            ? { totpSecret: seal(dataKeyOf(oldKey), secret) }
            : {
                totpSecret: seal(dataKeyOf(newKey), secret),
                totpPendingSecret: seal(dataKeyOf(oldKey), `${secret}-pending`),
              },
      )
      .where(eq(users.id, userId));
    secrets.set(userId, secret);
  }
  const { userId } = await createUser(t, 'rotation-lost');
  lost = { userId, sealed: seal(dataKeyOf(lostKey), 'LOST') };
  await t.ctx.db.update(users).set({ totpSecret: lost.sealed }).where(eq(users.id, userId));
}, 60_000);
afterAll(() => t.close());

describe('rotateDataKey', () => {
  it('seals every secret again once, in batches of any size, and leaves what it cannot open', async () => {
    const report = await rotateDataKey(config, t.ctx.db, { batchSize: 2 });
    // Users 0, 3, 6 pending; 1, 4 set up; 2, 5 both, of which the set-up one is already new.
    expect(report.secrets).toEqual({ resealed: 7, current: 2, unreadable: 1 });
    expect(report.files).toEqual({ rekeyed: 0, current: 0, gone: 0, unreadable: 0 });

    const rows = await t.ctx.db.select().from(users);
    const onlyNew = { current: dataKeyOf(newKey), previous: [] };
    for (const row of rows) {
      const secret = secrets.get(row.id);
      if (secret === undefined) continue;
      for (const [value, expected] of [
        [row.totpSecret, secret],
        [row.totpPendingSecret, `${secret}-pending`],
      ] as const) {
        if (value === null) continue;
        expect(value.split('.').slice(0, 2)).toEqual(['v2', dataKeyOf(newKey).id]);
        expect(unseal(onlyNew, value)).toBe(expected);
      }
    }
    const [untouched] = await t.ctx.db.select().from(users).where(eq(users.id, lost.userId));
    expect(untouched?.totpSecret).toBe(lost.sealed);

    const again = await rotateDataKey(config, t.ctx.db, { batchSize: 3 });
    expect(again.secrets).toEqual({ resealed: 0, current: 9, unreadable: 1 });
    expect(dataKeysOf(config).previous.map((key) => key.id)).toEqual([dataKeyOf(oldKey).id]);
  });
});
