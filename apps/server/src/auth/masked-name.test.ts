// masked_name (auth/sql/masked_name.sql): what confirmation of payee, both sides of a transfer
// and the public check of a signed statement show of a customer. Held here against the names and
// addresses people really have, and against strings meant to make it say more than initials.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function masked(fullName: string | null, email: string): Promise<string> {
  const result: unknown = await t.ctx.db.execute(
    sql`select masked_name(${fullName}::text, ${email}::text) as masked`,
  );
  const [row] = (result as { rows: { masked: string }[] }).rows;
  if (!row) throw new Error('no row');
  return row.masked;
}

describe('masked_name', () => {
  it('shows the initial of each word, never its length', async () => {
    expect(await masked('Amira Nour Haddad', 'amira@example.com')).toBe('A*** N*** H***');
    expect(await masked('Li', 'li@example.com')).toBe('L***');
    expect(await masked('Bartholomew-Alexander Wolfeschlegelsteinhausen', 'b@x.org')).toBe(
      'B*** W***',
    );
  });

  it('keeps Arabic and other scripts whole, a character at a time', async () => {
    expect(await masked('أميرة حداد', 'amira@example.com')).toBe('أ*** ح***');
    // A letter outside the basic plane is one character, not half of one.
    expect(await masked('𝒜mira Haddad', 'a@example.com')).toBe('𝒜*** H***');
    expect(await masked('😀 Smile', 'a@example.com')).toBe('😀*** S***');
  });

  it('ignores spaces, tabs and new lines around and between the words', async () => {
    expect(await masked('  Amira \t\n Haddad  ', 'a@example.com')).toBe('A*** H***');
  });

  it('falls back to the address without its letters when there is no name', async () => {
    for (const none of [null, '', '   ', '\t\n']) {
      expect(await masked(none, 'zara.k@example.com')).toBe('z***@e***.com');
    }
    expect(await masked(null, 'zara@mail.example.co.uk')).toBe('z***@m***.uk');
    expect(await masked(null, 'zara@localhost')).toBe('z***@l***');
  });

  it('says no more than initials of a hostile name', async () => {
    const hostile = `<script>alert(1)</script> '; drop table users; -- \u202Eevil`;
    expect(await masked(hostile, 'a@example.com')).toBe("<*** '*** d*** t*** u*** -*** \u202E***");
    expect(await masked('%s %n ${x}', 'a@example.com')).toBe('%*** %*** $***');
  });
});
