// KYC Management (SPEC §2): every customer's verification, not completed first and then the
// newest account first, filtered by status and searched by email; one customer's answers and
// documents; and who may see any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  completeAnswers,
  createStaff,
  decide,
  kycCall,
  saveDraft,
  submittedCustomer,
} from './test-support.ts';

const clock = manualClock();
let t: TestApp;
let staff: Customer;
const customers: Record<
  'notStarted' | 'draft' | 'submitted' | 'approved' | 'rejected' | 'underscore',
  Customer
> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaff(t);
  const next = () => clock.advance(60_000);
  next();
  customers.approved = await submittedCustomer(t);
  next();
  customers.notStarted = await createCustomer(t, { label: 'fresh' });
  next();
  customers.draft = await createCustomer(t, { label: 'drafting' });
  await saveDraft(t, customers.draft.cookie, { firstName: 'Dana' }, 1);
  next();
  customers.submitted = await submittedCustomer(t);
  next();
  customers.rejected = await submittedCustomer(t);
  next();
  customers.underscore = await createCustomer(t, { label: 'under_Score' });
  await decide(t, staff.cookie, customers.approved.userId, { decision: 'approve' });
  await decide(t, staff.cookie, customers.rejected.userId, {
    decision: 'reject',
    reason: 'Blurred',
  });
}, 60_000);
afterAll(() => t.close());

type Item = { userId: string; email: string; status: string; kycCompleted: boolean };

async function list(query = ''): Promise<Item[]> {
  const res = await kycCall(t, 'GET', `/admin/kyc${query}`, undefined, { cookie: staff.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const mine = (items: Item[]) => {
  const ids = new Map(Object.entries(customers).map(([name, c]) => [c.userId, name]));
  return items.filter((item) => ids.has(item.userId)).map((item) => ids.get(item.userId));
};

describe('the KYC list', () => {
  it('holds every customer, not staff: not completed first, then the newest account first', async () => {
    const items = await list();
    expect(mine(items)).toEqual([
      'underscore',
      'rejected',
      'submitted',
      'draft',
      'notStarted',
      'approved',
    ]);
    // Staff accounts are not customers: no verification to review, not counted (DESIGN §4).
    expect(items.map((item) => item.userId)).not.toContain(staff.userId);
    const completed = items.map((item) => item.kycCompleted);
    expect(completed).toEqual([...completed].sort((a, b) => Number(a) - Number(b)));
    expect(items.find((item) => item.userId === customers.submitted.userId)).toEqual({
      userId: customers.submitted.userId,
      email: customers.submitted.email,
      fullName: null,
      status: 'submitted',
      kycCompleted: false,
      submittedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(items.find((item) => item.userId === customers.approved.userId)).toMatchObject({
      status: 'approved',
      kycCompleted: true,
      fullName: 'Amira Nour Haddad',
    });
    expect(items.find((item) => item.userId === customers.notStarted.userId)).toMatchObject({
      status: 'not_started',
      submittedAt: null,
    });
  });

  it.each([
    ['not_started', 'notStarted'],
    ['draft', 'draft'],
    ['submitted', 'submitted'],
    ['approved', 'approved'],
    ['rejected', 'rejected'],
  ])('filters by status %s', async (status, name) => {
    const items = await list(`?status=${status}`);
    expect(items.every((item) => item.status === status)).toBe(true);
    expect(mine(items)).toEqual(status === 'not_started' ? ['underscore', name] : [name]);
  });

  it('refuses an unknown status', async () => {
    const res = await kycCall(t, 'GET', '/admin/kyc?status=pending', undefined, {
      cookie: staff.cookie,
    });
    expect(res.statusCode).toBe(400);
  });

  it('searches part of the email in any case, taking % and _ literally', async () => {
    expect(mine(await list(`?search=${encodeURIComponent('UNDER_s')}`))).toEqual(['underscore']);
    expect(mine(await list('?search=_'))).toEqual(['underscore']);
    expect(await list(`?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await list(`?search=${encodeURIComponent('\\')}`)).toEqual([]);
    expect(
      mine(await list(`?search=${encodeURIComponent(customers.draft.email.toUpperCase())}`)),
    ).toEqual(['draft']);
    expect(mine(await list('?search=fresh&status=draft'))).toEqual([]);
    expect(mine(await list('?search=%20%20'))).toHaveLength(6);
  });
});

describe('one customer’s review', () => {
  it('shows every answer, the confirmed phone, the documents and the account', async () => {
    const { userId, email } = customers.submitted;
    const res = await kycCall(t, 'GET', `/admin/kyc/${userId}`, undefined, {
      cookie: staff.cookie,
    });
    expect(res.statusCode).toBe(200);
    const review = res.json();
    expect(review).toMatchObject({
      userId,
      email,
      accountNumber: expect.stringMatching(/^\d{10}$/),
      status: 'submitted',
      verifiedPhone: '+971501234567',
      data: { ...completeAnswers, incomeOrigin: [...completeAnswers.incomeOrigin] },
    });
    // What a real KYC asks beyond SPEC is shown to staff too.
    expect(review.data).toMatchObject({
      nationality: 'AE',
      documentNumber: '784-1990-1234567-1',
      documentExpiry: '31/12/2099',
    });
    expect(review.documents).toHaveLength(2);
    expect(review.documents[0]).toEqual({
      id: expect.any(String),
      side: 'back',
      name: 'back.png',
      size: 1234,
      type: 'image/png',
      uploadedAt: expect.any(String),
    });
  });

  it('shows the rejection reason, and "not started" for a customer without one', async () => {
    const rejected = await kycCall(t, 'GET', `/admin/kyc/${customers.rejected.userId}`, undefined, {
      cookie: staff.cookie,
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Blurred' });
    const fresh = await kycCall(t, 'GET', `/admin/kyc/${customers.notStarted.userId}`, undefined, {
      cookie: staff.cookie,
    });
    expect(fresh.json()).toMatchObject({ status: 'not_started', data: {}, documents: [] });
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    const unknown = await kycCall(
      t,
      'GET',
      '/admin/kyc/00000000-0000-4000-8000-000000000000',
      undefined,
      { cookie: staff.cookie },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const malformed = await kycCall(t, 'GET', '/admin/kyc/not-a-uuid', undefined, {
      cookie: staff.cookie,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('access', () => {
  const staffRoutes = (userId: string) =>
    [
      ['GET', '/admin/kyc', undefined],
      ['GET', `/admin/kyc/${userId}`, undefined],
      ['POST', `/admin/kyc/${userId}/decision`, { decision: 'approve' }],
    ] as const;

  it('gives two decisions racing on one verification exactly one outcome', async () => {
    const customer = await submittedCustomer(t);
    const other = await createStaff(t);
    const [first, second] = await Promise.all([
      decide(t, staff.cookie, customer.userId, { decision: 'approve' }),
      decide(t, other.cookie, customer.userId, { decision: 'reject', reason: 'Blurred' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    const state = await kycCall(t, 'GET', `/admin/kyc/${customer.userId}`, undefined, {
      cookie: staff.cookie,
    });
    expect(state.json().status).toBe(winner.json().status);
  });

  it('refuses staff routes to the signed out (401) and to customers (403)', async () => {
    const { userId, cookie } = customers.submitted;
    for (const [method, url, body] of staffRoutes(userId)) {
      const anonymous = await kycCall(t, method, url, body);
      expect(anonymous.statusCode, url).toBe(401);
      const own = await kycCall(t, method, url, body, { cookie });
      expect(own.statusCode, url).toBe(403);
      expect(own.json().error.code).toBe('FORBIDDEN');
    }
    // Not even approving their own verification.
    const state = await kycCall(t, 'GET', '/me/kyc', undefined, { cookie });
    expect(state.json().status).toBe('submitted');
  });

  it('refuses staff without two-factor', async () => {
    const newcomer = await createCustomer(t, { label: 'new-staff' });
    await grantAdmin(t, newcomer.userId);
    const res = await kycCall(t, 'GET', '/admin/kyc', undefined, { cookie: newcomer.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STAFF_2FA_REQUIRED');
  });

  it('refuses the customer routes to the signed out', async () => {
    for (const [method, url] of [
      ['GET', '/me/kyc'],
      ['POST', '/me/kyc/submit'],
      ['POST', '/me/kyc/phone-code/verify'],
    ] as const) {
      expect((await kycCall(t, method, url)).statusCode, url).toBe(401);
    }
  });
});
