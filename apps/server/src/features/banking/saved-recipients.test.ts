// Saved recipients (DESIGN §5, asset transfers): a customer saves another customer's account
// number under a nickname, lists only their own (by nickname), renames and removes them; another
// customer's recipient is a missing one. Saving counts as an account lookup and refuses an unknown
// number or one's own, so the list cannot enumerate accounts; the list is limited, nicknames are
// bounded and kept as typed; impersonating staff may change none of it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '@secure-vault/shared/auth';
import { nicknameMaxLength, savedRecipientLimit } from '@secure-vault/shared/banking/recipients';
import { savedRecipients } from '../../db/banking-schema.ts';
import { profiles } from '../../db/schema.ts';
import { signUpStaff } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { api } from '../../test/vault.ts';
import { errorOf, impersonated, issuesOf } from './transfer-test-support.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

interface Saved {
  id: string;
  accountNumber: string;
  nickname: string;
  createdAt: string;
}

const save = (customer: Customer, accountNumber: string, nickname: string) =>
  api(t, 'POST', '/me/recipients', { accountNumber, nickname }, customer.cookie);
const list = async (customer: Customer) => {
  const res = await api(t, 'GET', '/me/recipients', undefined, customer.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Saved[]>();
};
const rename = (customer: Customer, id: string, nickname: string) =>
  api(t, 'PATCH', `/me/recipients/${id}`, { nickname }, customer.cookie);
const remove = (customer: Customer, id: string) =>
  api(t, 'DELETE', `/me/recipients/${id}`, undefined, customer.cookie);
const lookUp = (customer: Customer, accountNumber: string) =>
  api(t, 'GET', `/transfers/recipient?accountNumber=${accountNumber}`, undefined, customer.cookie);

async function saved(customer: Customer, accountNumber: string, nickname: string) {
  const res = await save(customer, accountNumber, nickname);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Saved>();
}

/** A 10-digit account number with a valid check digit that no customer has. */
async function unusedAccountNumber(): Promise<string> {
  for (let n = 200_000_000; ; n++) {
    const candidate = `${n}${luhnCheckDigit(String(n))}`;
    const [taken] = await t.ctx.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.accountNumber, candidate));
    if (!taken) return candidate;
  }
}

describe('saving a recipient', () => {
  it('keeps the number and nickname, and lists only the customer’s own, by nickname', async () => {
    const [owner, zara, adam, stranger] = await Promise.all(
      [1, 2, 3, 4].map(() => createCustomer(t)),
    );
    const first = await saved(owner!, zara!.accountNumber, '  Zara  ');
    expect(first).toMatchObject({ accountNumber: zara!.accountNumber, nickname: 'Zara' });
    // Nothing about who holds the number: that is confirmation of payee's, asked when picked.
    expect(Object.keys(first).sort()).toEqual(['accountNumber', 'createdAt', 'id', 'nickname']);
    await saved(owner!, adam!.accountNumber, 'adam (brother)');
    await saved(stranger!, zara!.accountNumber, 'Someone else’s Zara');

    expect((await list(owner!)).map((r) => r.nickname)).toEqual(['adam (brother)', 'Zara']);
    expect((await list(stranger!)).map((r) => r.nickname)).toEqual(['Someone else’s Zara']);
    expect(await list(adam!)).toEqual([]);
  });

  it('keeps hostile text as text, and refuses control characters and long nicknames', async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const hostile = `<img src=x onerror=alert(1)>'; drop table x;--`.slice(0, nicknameMaxLength);
    expect((await saved(owner, other.accountNumber, hostile)).nickname).toBe(hostile);
    expect((await list(owner))[0]?.nickname).toBe(hostile);

    const refusals: [string, string][] = [
      ['', 'banking:recipients.errors.nicknameRequired'],
      ['   ', 'banking:recipients.errors.nicknameRequired'],
      ['x'.repeat(nicknameMaxLength + 1), 'banking:recipients.errors.nicknameTooLong'],
      ['Bad\u0000name', 'common:errors.textInvalid'],
      ['Evil\u202Eeman', 'common:errors.textInvalid'],
    ];
    const another = await createCustomer(t);
    for (const [nickname, message] of refusals) {
      const res = await save(owner, another.accountNumber, nickname);
      expect(errorOf(res, 400).code, nickname).toBe('VALIDATION');
      expect(issuesOf(res), nickname).toEqual([{ path: 'body.nickname', message }]);
    }
    // An emoji counts as one character for the database as for the schema.
    expect((await saved(owner, another.accountNumber, '🏦'.repeat(nicknameMaxLength))).id).toBe(
      (await list(owner)).find((r) => r.accountNumber === another.accountNumber)?.id,
    );
  });

  it('refuses an unknown number, one’s own, a saved one and a Luhn-invalid one', async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const unknown = await save(owner, await unusedAccountNumber(), 'Nobody');
    expect(errorOf(unknown, 404).code).toBe('NOT_FOUND');

    const own = await save(owner, owner.accountNumber, 'Me');
    expect(errorOf(own, 400).code).toBe('VALIDATION');
    expect(issuesOf(own)).toEqual([
      { path: 'body.accountNumber', message: 'banking:recipients.errors.ownAccount' },
    ]);

    await saved(owner, other.accountNumber, 'Other');
    const again = await save(owner, other.accountNumber, 'Other again');
    expect(errorOf(again, 400).code).toBe('VALIDATION');
    expect(issuesOf(again)).toEqual([
      { path: 'body.accountNumber', message: 'banking:recipients.errors.alreadySaved' },
    ]);

    const digits = other.accountNumber;
    const luhnInvalid = `${digits.slice(0, -1)}${(Number(digits.slice(-1)) + 1) % 10}`;
    expect(errorOf(await save(owner, luhnInvalid, 'Typo'), 400).code).toBe('VALIDATION');
    expect((await list(owner)).map((r) => r.nickname)).toEqual(['Other']);
  });

  it('counts as an account lookup, so saving cannot list accounts past the lookup limit', async () => {
    const owner = await createCustomer(t);
    const unknown = await unusedAccountNumber();
    // 30 lookups in 15 minutes (auth/rate-limit.ts): misses through saving use them up…
    for (let i = 0; i < 30; i++) {
      expect(errorOf(await save(owner, unknown, `Try ${i}`), 404).code).toBe('NOT_FOUND');
    }
    // …and then neither a save nor a lookup answers, a real customer's number included.
    const real = await createCustomer(t);
    expect(errorOf(await save(owner, real.accountNumber, 'Real'), 429).code).toBe('RATE_LIMITED');
    expect(errorOf(await lookUp(owner, real.accountNumber), 429).code).toBe('RATE_LIMITED');
    // Refusals that need no lookup still say what they are, at no cost.
    expect(errorOf(await save(owner, owner.accountNumber, 'Me'), 400).code).toBe('VALIDATION');
    clock.advance(16 * 60_000);
    expect((await saved(owner, real.accountNumber, 'Real')).nickname).toBe('Real');
  });

  it(`keeps at most ${savedRecipientLimit} recipients`, async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    // The list filled as earlier saves would have left it (each save costs a lookup).
    await t.ctx.db.insert(savedRecipients).values(
      Array.from({ length: savedRecipientLimit }, (_, n) => ({
        userId: owner.userId,
        accountNumber: `9${String(n).padStart(9, '0')}`,
        nickname: `Recipient ${n}`,
      })),
    );
    const full = await save(owner, other.accountNumber, 'One more');
    expect(errorOf(full, 409).code).toBe('CONFLICT');
    expect(await list(owner)).toHaveLength(savedRecipientLimit);
    // Removing one makes room again.
    const [first] = await list(owner);
    expect((await remove(owner, first!.id)).statusCode).toBe(204);
    expect((await saved(owner, other.accountNumber, 'One more')).nickname).toBe('One more');
  });
});

describe('two saves at once', () => {
  it('let one through to the last free place, and answer the other as full', async () => {
    const [owner, first, second] = await Promise.all([
      createCustomer(t),
      createCustomer(t),
      createCustomer(t),
    ]);
    await t.ctx.db.insert(savedRecipients).values(
      Array.from({ length: savedRecipientLimit - 1 }, (_, n) => ({
        userId: owner.userId,
        accountNumber: `8${String(n).padStart(9, '0')}`,
        nickname: `Recipient ${n}`,
      })),
    );
    const answers = await Promise.all([
      save(owner, first.accountNumber, 'First'),
      save(owner, second.accountNumber, 'Second'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await list(owner)).toHaveLength(savedRecipientLimit);
  });

  it('keep one number once, and refuse the other save without a fault', async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const answers = await Promise.all([
      save(owner, other.accountNumber, 'Once'),
      save(owner, other.accountNumber, 'Twice'),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    expect(await list(owner)).toHaveLength(1);
  });
});

describe('renaming and removing a saved recipient', () => {
  it('renames and removes the customer’s own', async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const recipient = await saved(owner, other.accountNumber, 'Old name');
    const renamed = await rename(owner, recipient.id, ' New name ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...recipient, nickname: 'New name' });
    expect(errorOf(await rename(owner, recipient.id, ''), 400).code).toBe('VALIDATION');
    expect((await list(owner)).map((r) => r.nickname)).toEqual(['New name']);

    const removed = await remove(owner, recipient.id);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await list(owner)).toEqual([]);
    expect(errorOf(await remove(owner, recipient.id), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await rename(owner, recipient.id, 'Gone'), 404).code).toBe('NOT_FOUND');
  });

  it('answers 404 for another customer’s recipient, and leaves it as it was', async () => {
    const [owner, other, intruder] = await Promise.all([1, 2, 3].map(() => createCustomer(t)));
    const recipient = await saved(owner!, other!.accountNumber, 'Mine');
    expect(errorOf(await rename(intruder!, recipient.id, 'Yours'), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await remove(intruder!, recipient.id), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await remove(intruder!, randomUUID()), 404).code).toBe('NOT_FOUND');
    expect(await list(owner!)).toEqual([recipient]);
  });

  it('refuses every change to a staff member signed in as the customer, not the list', async () => {
    const [owner, other] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const recipient = await saved(owner, other.accountNumber, 'Mine');
    const staff = await signUpStaff(t);
    const asStaff = await impersonated(t, owner, staff.userId);
    const third = await createCustomer(t);
    for (const res of [
      await save(asStaff, third.accountNumber, 'Staff’s'),
      await rename(asStaff, recipient.id, 'Staff’s'),
      await remove(asStaff, recipient.id),
    ]) {
      expect(errorOf(res, 403).code).toBe('IMPERSONATION_FORBIDDEN');
    }
    expect(await list(asStaff)).toEqual([recipient]);
  });
});
