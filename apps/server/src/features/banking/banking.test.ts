// Banking (SPEC §2 /inter-accounts and /withdrawal, §3 bank_accounts, §5 bank registration,
// DESIGN §4/§5): the account overview's figures; bank accounts need approved KYC, an emailed code
// (wrong, expired, too soon), valid fields (all required, IBAN mod-97, BIC, the approved name
// case and spacing aside) and a new IBAN; a customer lists and removes only their own; an
// impersonating staff member may do none of it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeLifetimeMs, codeResendAfterMs } from '../../auth/one-time-codes.ts';
import { createSession } from '../../auth/sessions.ts';
import { bankAccounts } from '../../db/banking-schema.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { auditLog, profiles } from '../../db/schema.ts';
import { lastMail, mailCount, readCode, signUpStaff } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { api, seedValuables } from '../../test/vault.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const fullName = 'Amira Nour Haddad';

/** A valid registration (without the code). */
const details = {
  bankName: 'Emirates NBD',
  accountName: fullName,
  accountNumber: '1012345678901',
  iban: 'GB82 WEST 1234 5698 7654 32',
  swiftCode: 'nwbkgb2l',
  branch: 'Dubai Mall',
};
const otherIban = 'DE89370400440532013000';

/** Approves the customer's KYC as staff's decision would leave it. */
async function approveKyc(customer: Customer, name = fullName): Promise<void> {
  await t.ctx.db.insert(kycVerifications).values({
    userId: customer.userId,
    status: 'approved',
    decidedAt: clock.now(),
  });
  await t.ctx.db
    .update(profiles)
    .set({ fullName: name, kycCompleted: true })
    .where(eq(profiles.userId, customer.userId));
}

async function verifiedCustomer(): Promise<Customer> {
  const customer = await createCustomer(t);
  await approveKyc(customer);
  return customer;
}

/** Asks for a code for these details (the registration's, without the code). */
const sendCode = (customer: Customer, body: unknown = details, language?: 'ar') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/me/bank-accounts/code',
    headers: {
      'x-requested-with': 'secure-vault',
      cookie: `__Host-session=${customer.cookie}`,
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: body as Record<string, unknown>,
  });

const register = (customer: Customer, body: unknown) =>
  api(t, 'POST', '/me/bank-accounts', body, customer.cookie);

/** Waits out the 60-second rule, asks for a code and reads it from the mail. */
async function freshCode(customer: Customer, body: unknown = details): Promise<string> {
  clock.advance(codeResendAfterMs);
  const res = await sendCode(customer, body);
  expect(res.statusCode).toBe(202);
  return readCode(t, customer.email);
}

async function registered(customer: Customer, iban = details.iban) {
  const code = await freshCode(customer, { ...details, iban });
  const res = await register(customer, { ...details, iban, code });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; iban: string }>();
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

function issuesOf(res: { json(): unknown }) {
  return (res.json() as { error: { issues?: { path: string; message: string }[] } }).error.issues;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function audited(action: string, userId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, userId)));
}

describe('the account overview', () => {
  it('shows the account number, cash, the other assets still in the vault and the KYC status', async () => {
    const customer = await createCustomer(t, { cash: '1250.50' });
    await seedValuables(t, customer.userId, [
      { itemType: 'jewelry', estimatedValue: '1000.25' },
      { itemType: 'artwork', estimatedValue: '500', status: 'locked' },
      { itemType: 'precious_metals', estimatedValue: '99.75', status: 'in_delivery' },
      { itemType: 'jewelry', estimatedValue: '7000', status: 'delivered' },
    ]);
    const res = await api(t, 'GET', '/me/account', undefined, customer.cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.accountNumber).toBe(customer.accountNumber);
    expect(overview.cashBalance).toBe('1250.50');
    expect(Number(overview.totalAssets)).toBe(1600);
    expect(overview.kycStatus).toBe('not_started');
    // The vault summary's rule: total assets are its net worth less its cash.
    const summary = (await api(t, 'GET', '/me/summary', undefined, customer.cookie)).json();
    expect(Number(summary.totalNetWorth) - Number(summary.cashBalance)).toBe(1600);

    await approveKyc(customer);
    expect((await api(t, 'GET', '/me/account', undefined, customer.cookie)).json().kycStatus).toBe(
      'approved',
    );
  });

  it('shows zeros for an empty vault', async () => {
    const customer = await createCustomer(t);
    const overview = (await api(t, 'GET', '/me/account', undefined, customer.cookie)).json();
    expect(overview.cashBalance).toBe('0.00');
    expect(Number(overview.totalAssets)).toBe(0);
  });

  it('needs a session', async () => {
    expectError(await api(t, 'GET', '/me/account'), 401, 'UNAUTHENTICATED');
  });
});

describe('registering a bank account', () => {
  it('needs approved KYC for the code and the registration', async () => {
    const customer = await createCustomer(t);
    expectError(await sendCode(customer), 403, 'KYC_REQUIRED');
    expectError(await register(customer, { ...details, code: '123456' }), 403, 'KYC_REQUIRED');
    await t.ctx.db
      .insert(kycVerifications)
      .values({ userId: customer.userId, status: 'submitted' });
    expectError(await sendCode(customer), 403, 'KYC_REQUIRED');
    // The refusal did not start the 60-second wait.
    await t.ctx.db
      .update(kycVerifications)
      .set({ status: 'approved' })
      .where(eq(kycVerifications.userId, customer.userId));
    await t.ctx.db
      .update(profiles)
      .set({ fullName, kycCompleted: true })
      .where(eq(profiles.userId, customer.userId));
    expect((await sendCode(customer)).statusCode).toBe(202);
  });

  it('emails a code and saves the account verified, with an audit row', async () => {
    const customer = await verifiedCustomer();
    clock.advance(codeResendAfterMs);
    const sent = await sendCode(customer);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ accepted: true });
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Confirm your bank account — Secure Vault');
    expect(mail?.subject).not.toMatch(/\d{6}/);
    const res = await register(customer, { ...details, code: await readCode(t, customer.email) });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      bankName: 'Emirates NBD',
      accountName: fullName,
      accountNumber: '1012345678901',
      iban: 'GB82WEST12345698765432',
      swiftCode: 'NWBKGB2L',
      branch: 'Dubai Mall',
      isVerified: true,
    });
    const audit = await audited('bank.account_registered', customer.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ bankAccountId: account.id, ibanLast4: '5432' });
    expect(JSON.stringify(audit[0]?.details)).not.toContain('WEST');
  });

  it('tells the customer by mail and in the centre that a bank account was added', async () => {
    const customer = await verifiedCustomer();
    await registered(customer);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('A bank account was added — Secure Vault');
    expect(mail?.text).toContain('Emirates NBD');
    expect(mail?.text).toContain('ending 5432');
    expect(mail?.text).not.toContain('WEST12345698765432');
    const notices = await api(t, 'GET', '/me/notifications', undefined, customer.cookie);
    expect(notices.json().items[0]).toMatchObject({
      kind: 'bank_account_added',
      category: 'security',
    });
  });

  it('mails the code in Arabic from an Arabic page', async () => {
    const customer = await verifiedCustomer();
    expect((await sendCode(customer, details, 'ar')).statusCode).toBe(202);
    expect((await lastMail(t, customer.email))?.subject).toContain('رمز');
  });

  it('refuses a second code within a minute, saying how many seconds are left', async () => {
    const customer = await verifiedCustomer();
    expect((await sendCode(customer)).statusCode).toBe(202);
    const sent = await mailCount(t, customer.email);
    clock.advance(20_000);
    const res = await sendCode(customer);
    expectError(res, 429, 'CODE_TOO_SOON');
    expect(res.json().error.details).toEqual({ retryAfterSeconds: '40' });
    // Nothing was sent.
    expect(await mailCount(t, customer.email)).toBe(sent);
  });

  it('checks the account name and the IBAN before a code is sent', async () => {
    const customer = await verifiedCustomer();
    await registered(customer);
    const before = await mailCount(t, customer.email);
    clock.advance(codeResendAfterMs);
    const misnamed = await sendCode(customer, { ...details, accountName: 'Amira Haddad' });
    expectError(misnamed, 400, 'VALIDATION');
    expect(issuesOf(misnamed)).toEqual([
      { path: 'body.accountName', message: 'banking:errors.nameMismatch' },
    ]);
    expectError(await sendCode(customer), 409, 'CONFLICT');
    const invalid = await sendCode(customer, { ...details, iban: 'GB82WEST12345698765433' });
    expectError(invalid, 400, 'VALIDATION');
    expect(issuesOf(invalid)).toContainEqual({
      path: 'body.iban',
      message: 'banking:errors.ibanInvalid',
    });
    // No code was mailed, and the refusals started no wait.
    expect(await mailCount(t, customer.email)).toBe(before);
    expect((await sendCode(customer, { ...details, iban: otherIban })).statusCode).toBe(202);
  });

  it('refuses a wrong code, an expired one and a used one', async () => {
    const customer = await verifiedCustomer();
    const code = await freshCode(customer);
    expectError(await register(customer, { ...details, code: wrong(code) }), 400, 'CODE_INVALID');
    clock.advance(codeLifetimeMs);
    expectError(await register(customer, { ...details, code }), 400, 'CODE_EXPIRED');
    const next = await freshCode(customer);
    expect((await register(customer, { ...details, code: next })).statusCode).toBe(201);
    expectError(
      await register(customer, { ...details, iban: otherIban, code: next }),
      400,
      'CODE_INVALID',
    );
    expect(
      await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, customer.userId)),
    ).toHaveLength(1);
  });

  it('needs every field', async () => {
    const customer = await verifiedCustomer();
    for (const field of Object.keys(details)) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = { ...details, code: '123456' };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await register(customer, body);
        expectError(res, 400, 'VALIDATION');
        expect(issuesOf(res)).toContainEqual(
          expect.objectContaining({ path: `body.${field}`, message: 'banking:errors.allRequired' }),
        );
      }
    }
  });

  it('checks the IBAN (mod-97) and the SWIFT code', async () => {
    const customer = await verifiedCustomer();
    let res = await register(customer, {
      ...details,
      iban: 'GB82WEST12345698765433',
      code: '123456',
    });
    expectError(res, 400, 'VALIDATION');
    expect(issuesOf(res)).toContainEqual({
      path: 'body.iban',
      message: 'banking:errors.ibanInvalid',
    });
    for (const swiftCode of ['NWB1GB2L', 'NWBKGB', 'NWBKGB2LXXXX']) {
      res = await register(customer, { ...details, swiftCode, code: '123456' });
      expectError(res, 400, 'VALIDATION');
      expect(issuesOf(res)).toContainEqual(expect.objectContaining({ path: 'body.swiftCode' }));
    }
  });

  it('needs the approved KYC name, case and spacing aside', async () => {
    const customer = await verifiedCustomer();
    const code = await freshCode(customer);
    const res = await register(customer, { ...details, accountName: 'Amira Haddad', code });
    expectError(res, 400, 'VALIDATION');
    expect(issuesOf(res)).toEqual([
      { path: 'body.accountName', message: 'banking:errors.nameMismatch' },
    ]);
    // The refusal did not use the code up.
    const ok = await register(customer, {
      ...details,
      accountName: '  amira   NOUR haddad ',
      code,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an IBAN already registered, but another customer may register it', async () => {
    const customer = await verifiedCustomer();
    await registered(customer);
    // Registered since the code was sent (another tab): the registration checks it again.
    const code = await freshCode(customer, { ...details, iban: otherIban });
    expectError(
      await register(customer, { ...details, iban: 'gb82west12345698765432', code }),
      409,
      'CONFLICT',
    );
    // The refusal did not use the code up.
    expect((await register(customer, { ...details, iban: otherIban, code })).statusCode).toBe(201);
    await registered(await verifiedCustomer());
  });
});

describe('the list and removal', () => {
  it('lists only the customer’s own accounts, newest first', async () => {
    const customer = await verifiedCustomer();
    const other = await verifiedCustomer();
    const first = await registered(customer);
    const second = await registered(customer, otherIban);
    await registered(other);
    const res = await api(t, 'GET', '/me/bank-accounts', undefined, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((account: { id: string }) => account.id)).toEqual([second.id, first.id]);
    expect(
      (
        await api(t, 'GET', '/me/bank-accounts', undefined, (await createCustomer(t)).cookie)
      ).json(),
    ).toEqual([]);
  });

  it('removes the customer’s own account, with an audit row, and not another’s', async () => {
    const customer = await verifiedCustomer();
    const other = await verifiedCustomer();
    const mine = await registered(customer);
    const theirs = await registered(other);
    expectError(
      await api(t, 'DELETE', `/me/bank-accounts/${theirs.id}`, undefined, customer.cookie),
      404,
      'NOT_FOUND',
    );
    expect((await api(t, 'GET', '/me/bank-accounts', undefined, other.cookie)).json()).toHaveLength(
      1,
    );
    const res = await api(t, 'DELETE', `/me/bank-accounts/${mine.id}`, undefined, customer.cookie);
    expect(res.statusCode).toBe(204);
    expect((await api(t, 'GET', '/me/bank-accounts', undefined, customer.cookie)).json()).toEqual(
      [],
    );
    expect(await audited('bank.account_deleted', customer.userId)).toHaveLength(1);
    expectError(
      await api(t, 'DELETE', `/me/bank-accounts/${mine.id}`, undefined, customer.cookie),
      404,
      'NOT_FOUND',
    );
    // A removed IBAN may be registered again.
    await registered(customer);
  });
});

describe('impersonating staff', () => {
  it('may read the overview and the list but neither send a code, register nor remove', async () => {
    const staff = await signUpStaff(t);
    const customer = await verifiedCustomer();
    const account = await registered(customer);
    const session = await createSession(t.ctx.db, {
      userId: customer.userId,
      now: clock.now(),
      userAgent: null,
      impersonatorId: staff.userId,
    });
    const impersonating = { ...customer, cookie: session.token };
    clock.advance(codeResendAfterMs);
    expectError(await sendCode(impersonating), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(
      await register(impersonating, { ...details, iban: otherIban, code: '123456' }),
      403,
      'IMPERSONATION_FORBIDDEN',
    );
    expectError(
      await api(t, 'DELETE', `/me/bank-accounts/${account.id}`, undefined, impersonating.cookie),
      403,
      'IMPERSONATION_FORBIDDEN',
    );
    expect((await api(t, 'GET', '/me/account', undefined, impersonating.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await api(t, 'GET', '/me/bank-accounts', undefined, impersonating.cookie)).json(),
    ).toHaveLength(1);
  });
});
