import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { contactMessages } from './schema.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sv-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps embedded data in DATA_DIR across restarts', async () => {
  const first = await openDatabase({ dataDir: dir });
  await first.migrate();
  await first.db.insert(contactMessages).values({
    fullName: 'Kept Message',
    email: 'kept@example.com',
    phone: '0501234567',
    enquiry: 'Still here after a restart?',
    language: 'en',
    ipHash: 'x',
  });
  await first.close();

  const second = await openDatabase({ dataDir: dir });
  await second.migrate();
  const rows = await second.db.select().from(contactMessages);
  await second.close();
  expect(rows.map((r) => r.fullName)).toEqual(['Kept Message']);
});
