// Staff valuable texts follow the one text rule (issue 9, finding 3): a NUL, a lone surrogate or a
// stray control is a 400 that names the field, and nothing is stored, journaled or audited —
// before, the NUL and the surrogate failed in PostgreSQL (500), the surrogate in the audit row.
// Refused texts make no proposal either (DESIGN §4 "Dual control"); good ones are kept exactly
// through the proposal and its approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { signUp, signUpStaff, type SignedUp, type Staff } from '../../test/auth-helpers.ts';
import { staffChange, valuableIdOf } from '../../test/approvals.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { keyedApi } from '../../test/vault.ts';

let t: TestApp;
let staff: Staff;
let owner: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  owner = await signUp(t);
});
afterAll(() => t.close());

const ring = { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '100.00' };

async function rowsOf(userId: string) {
  const [held] = await t.ctx.db
    .select({ n: count() })
    .from(valuables)
    .where(eq(valuables.userId, userId));
  const [journaled] = await t.ctx.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [audited] = await t.ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, userId));
  const [proposed] = await t.ctx.db
    .select({ n: count() })
    .from(staffProposals)
    .where(eq(staffProposals.subjectUserId, userId));
  return { held: held?.n, journaled: journaled?.n, audited: audited?.n, proposed: proposed?.n };
}

/** A valuable put on the owner's account by two staff members; returns its id. */
async function addedValuable(body: Record<string, unknown>): Promise<string> {
  const approved = await staffChange(t, staff, 'POST', '/admin/valuables', {
    ...body,
    userId: owner.userId,
  });
  return valuableIdOf(t, approved.id);
}

const hostile = [
  ['itemName', 'a\u0000b'],
  ['itemName', 'Ring \ud800'],
  ['itemName', 'Ring\u202egnp.exe'],
  ['itemName', 'Ring\ttwo'],
  ['description', 'Gold \u0000 ring'],
  ['description', 'Gold ring \udfff'],
  ['description', 'Gold\u009b ring'],
  ['storageLocation', 'Room 1\u0000'],
  ['storageLocation', 'Room\u2028one'],
  ['storageLocation', 'Room \u2067one'],
] as const;

describe('staff valuable texts', () => {
  it.each(hostile)(
    'adding with %s = %j is a 400 naming the field; nothing is stored',
    async (field, value) => {
      const before = await rowsOf(owner.userId);
      const res = await keyedApi(
        t,
        'POST',
        '/admin/valuables',
        { ...ring, userId: owner.userId, [field]: value },
        staff.cookie,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        issues: [{ path: `body.${field}`, message: 'common:errors.textInvalid' }],
      });
      expect(await rowsOf(owner.userId)).toEqual(before);
    },
  );

  it.each(hostile)(
    'editing with %s = %j is a 400 naming the field; nothing changes',
    async (field, value) => {
      const id = await addedValuable(ring);
      const before = await rowsOf(owner.userId);
      const res = await keyedApi(
        t,
        'PATCH',
        `/admin/valuables/${id}`,
        { ...ring, [field]: value },
        staff.cookie,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.issues).toEqual([
        { path: `body.${field}`, message: 'common:errors.textInvalid' },
      ]);
      expect(await rowsOf(owner.userId)).toEqual(before);
      const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
      expect(row?.itemName).toBe('Ring');
    },
  );

  it('keeps a multi-line description, Arabic and emoji exactly as typed', async () => {
    const text = {
      itemName: 'خاتم ذهب 💍',
      description: 'Line one\n\tline two — ‏عيار 21‏',
      storageLocation: 'Vault B \u200eرف 3',
    };
    const res = await keyedApi(
      t,
      'POST',
      '/admin/valuables',
      { ...ring, ...text, userId: owner.userId },
      staff.cookie,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ itemName: text.itemName });
    const id = await addedValuable({ ...ring, ...text });
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row).toMatchObject(text);
  });
});
