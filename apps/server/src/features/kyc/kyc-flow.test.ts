// The verification's life (DESIGN §5): the draft saved step by step, the phone confirmed by an
// emailed code, the submission checked in full, staff's approval filling the profile or their
// rejection sending the customer back to correct and resubmit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, profiles } from '../../db/schema.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { codeResendAfterMs } from '../../auth/one-time-codes.ts';
import { createSession } from '../../auth/sessions.ts';
import { lastMail } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  addDocuments,
  completeAnswers,
  confirmPhone,
  createStaff,
  decide,
  getKyc,
  kycCall,
  readyCustomer,
  saveDraft,
  submit,
  submittedCustomer,
} from './test-support.ts';

const clock = manualClock();
let t: TestApp;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaff(t);
});
afterAll(() => t.close());

async function audited(action: string, subjectUserId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)));
}

async function profileOf(userId: string) {
  const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile;
}

describe('the draft', () => {
  it('is "not started" at first, with step 0 and no answers', async () => {
    const customer = await createCustomer(t);
    const res = await getKyc(t, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'not_started',
      step: 0,
      data: {},
      verifiedPhone: null,
      documents: [],
      rejectionReason: null,
      submittedAt: null,
      decidedAt: null,
    });
  });

  it('keeps the step and merges each step’s answers into what is saved', async () => {
    const customer = await createCustomer(t);
    const first = await saveDraft(t, customer.cookie, { firstName: 'Amira', surname: 'H' }, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'draft', step: 1 });
    await saveDraft(t, customer.cookie, { surname: 'Haddad', dateOfBirth: '31/01/1990' }, 2);
    const state = (await getKyc(t, customer.cookie)).json();
    expect(state.step).toBe(2);
    expect(state.data).toEqual({
      firstName: 'Amira',
      surname: 'Haddad',
      dateOfBirth: '31/01/1990',
    });
    // Back in the wizard: the step goes down, the answers stay.
    expect((await saveDraft(t, customer.cookie, {}, 1)).json().data.firstName).toBe('Amira');
  });

  it('forgets the industry when the employment changes without one', async () => {
    const customer = await createCustomer(t);
    await saveDraft(t, customer.cookie, { employment: 'employed', industry: 'real-estate' }, 8);
    let state = (await saveDraft(t, customer.cookie, { income: '50000-99999' }, 9)).json();
    expect(state.data.industry).toBe('real-estate');
    state = (await saveDraft(t, customer.cookie, { employment: 'self-employed' }, 7)).json();
    expect(state.data).toMatchObject({ employment: 'self-employed' });
    expect(state.data).not.toHaveProperty('industry');
    await saveDraft(t, customer.cookie, { industry: 'other' }, 8);
    state = (await saveDraft(t, customer.cookie, { employment: 'retired' }, 7)).json();
    expect(state.data).not.toHaveProperty('industry');
    // An industry only goes with an employment that asks for one.
    state = (await saveDraft(t, customer.cookie, { industry: 'other' }, 8)).json();
    expect(state.data).not.toHaveProperty('industry');
  });

  it('is the customer’s own: another customer never sees it', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    await saveDraft(t, owner.cookie, { firstName: 'Secret' }, 3);
    expect((await getKyc(t, other.cookie)).json()).toMatchObject({
      status: 'not_started',
      data: {},
    });
    await saveDraft(t, other.cookie, { firstName: 'Other' }, 1);
    expect((await getKyc(t, owner.cookie)).json().data.firstName).toBe('Secret');
  });

  it('may be read and saved by staff signed in as the customer, but not submitted', async () => {
    const customer = await readyCustomer(t);
    const session = await createSession(t.ctx.db, {
      userId: customer.userId,
      now: clock.now(),
      userAgent: null,
      impersonatorId: staff.userId,
    });
    expect((await getKyc(t, session.token)).json().data.firstName).toBe('Amira');
    expect((await saveDraft(t, session.token, { middleName: 'N' }, 16)).statusCode).toBe(200);
    const res = await submit(t, session.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('IMPERSONATION_FORBIDDEN');
    expect((await getKyc(t, customer.cookie)).json().status).toBe('draft');
  });
});

describe('submitting', () => {
  it('names every missing answer and document of an empty verification', async () => {
    const customer = await createCustomer(t);
    const res = await submit(t, customer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const issues = res.json().error.issues as { path: string; message: string }[];
    const fields = issues.map((issue) => issue.path);
    for (const field of [
      'firstName',
      'surname',
      'email',
      'dateOfBirth',
      'street',
      'city',
      'postcode',
      'countryCode',
      'phoneNumber',
      'experience',
      'employment',
      'income',
      'wealth',
      'incomeOrigin',
      'nationality',
      'documentCountry',
      'documentType',
      'documentNumber',
      'documentExpiry',
      'termsAccepted',
      'documentFront',
      'documentBack',
    ]) {
      expect(fields).toContain(`body.${field}`);
    }
    // Every message is a locale key the wizard translates.
    for (const issue of issues) expect(issue.message).toMatch(/^(kyc|auth):errors\.\w+$/);
    expect(issues).toContainEqual({
      path: 'body.firstName',
      message: 'kyc:errors.firstNameRequired',
    });
    expect(issues).toContainEqual({
      path: 'body.incomeOrigin',
      message: 'kyc:errors.incomeOriginRequired',
    });
    expect(issues).toContainEqual({
      path: 'body.documentFront',
      message: 'kyc:errors.documentFrontRequired',
    });
    expect((await getKyc(t, customer.cookie)).json().status).toBe('not_started');
  });

  it('needs the industry of the employed, the terms and the phone confirmed', async () => {
    const customer = await createCustomer(t);
    const { industry: _industry, termsAccepted: _terms, ...answers } = completeAnswers;
    await saveDraft(t, customer.cookie, answers, 16);
    await addDocuments(t, customer.userId, ['front', 'back']);
    const res = await submit(t, customer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.termsAccepted', message: 'kyc:errors.termsRequired' },
      { path: 'body.industry', message: 'kyc:errors.choiceRequired' },
      { path: 'body.phoneNumber', message: 'kyc:errors.phoneNotVerified' },
    ]);
  });

  it('refuses a document that has expired since it was saved, and staff cannot approve it', async () => {
    const customer = await readyCustomer(t);
    // Saved while valid, expired now (stored as an older draft would hold it).
    await t.ctx.db
      .update(kycVerifications)
      .set({ data: { ...completeAnswers, documentExpiry: '01/01/2020' } })
      .where(eq(kycVerifications.userId, customer.userId));
    const res = await submit(t, customer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.documentExpiry', message: 'kyc:errors.documentExpired' },
    ]);

    const submitted = await submittedCustomer(t);
    await t.ctx.db
      .update(kycVerifications)
      .set({ data: { ...completeAnswers, documentExpiry: '01/01/2020' } })
      .where(eq(kycVerifications.userId, submitted.userId));
    const decision = await decide(t, staff.cookie, submitted.userId, { decision: 'approve' });
    expect(decision.statusCode).toBe(409);
    expect((await profileOf(submitted.userId))?.kycCompleted).toBe(false);
  });

  it('needs the back of an ID card, but not of a passport', async () => {
    const customer = await createCustomer(t);
    await saveDraft(t, customer.cookie, completeAnswers, 16);
    await confirmPhone(t, customer);
    await addDocuments(t, customer.userId, ['front']);
    const res = await submit(t, customer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.documentBack', message: 'kyc:errors.documentBackRequired' },
    ]);
    await saveDraft(t, customer.cookie, { documentType: 'passport' }, 16);
    expect((await submit(t, customer.cookie)).statusCode).toBe(200);
  });

  it('needs the phone confirmed for the number in the draft', async () => {
    const customer = await readyCustomer(t);
    await saveDraft(t, customer.cookie, { phoneNumber: '509999999' }, 16);
    expect((await submit(t, customer.cookie)).json().error.issues).toEqual([
      { path: 'body.phoneNumber', message: 'kyc:errors.phoneNotVerified' },
    ]);
    clock.advance(codeResendAfterMs);
    await confirmPhone(t, customer, { countryCode: '+971', phoneNumber: '509999999' });
    expect((await submit(t, customer.cookie)).statusCode).toBe(200);
  });

  it('goes to review: no more changes, audited, and the answers kept as checked', async () => {
    const customer = await readyCustomer(t, { ...completeAnswers, currency: undefined });
    const res = await submit(t, customer.cookie);
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({ status: 'submitted', submittedAt: clock.now().toISOString() });
    // The account currency defaults to USD (SPEC §3).
    expect(state.data.currency).toBe('USD');
    expect(state.documents.map((d: { side: string }) => d.side)).toEqual(['back', 'front']);
    expect(await audited('kyc.submitted', customer.userId)).toHaveLength(1);

    for (const refused of [
      await saveDraft(t, customer.cookie, { firstName: 'Changed' }, 1),
      await submit(t, customer.cookie),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CONFLICT');
    }
    expect((await getKyc(t, customer.cookie)).json().data.firstName).toBe('Amira');
    expect((await profileOf(customer.userId))?.kycCompleted).toBe(false);
  });
});

describe('realtime', () => {
  it('tells the customer’s open pages when the status changes', async () => {
    const notices: string[] = [];
    const stop = await t.ctx.database.listen('sv_user_events', (payload) => notices.push(payload));
    try {
      const customer = await readyCustomer(t);
      const profileNotices = () =>
        notices
          .flatMap((payload) => JSON.parse(payload) as { userId: string; topic: string }[])
          .filter((n) => n.userId === customer.userId && n.topic === 'profile');
      await submit(t, customer.cookie);
      await expect.poll(profileNotices).toHaveLength(1);
      await decide(t, staff.cookie, customer.userId, { decision: 'reject', reason: 'Expired ID' });
      await expect.poll(profileNotices).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});

describe('staff decide', () => {
  it('approve: the profile is filled, KYC is complete, the customer is emailed', async () => {
    const customer = await submittedCustomer(t);
    const res = await decide(t, staff.cookie, customer.userId, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: customer.userId,
      email: customer.email,
      status: 'approved',
      decidedAt: clock.now().toISOString(),
      rejectionReason: null,
    });
    expect(await profileOf(customer.userId)).toMatchObject({
      fullName: 'Amira Nour Haddad',
      dateOfBirth: '1990-01-31',
      streetAddress: 'Sheikh Zayed Road, Al Noor Tower, 1203',
      city: 'Dubai',
      postalCode: '00000',
      phoneNumber: '+971501234567',
      country: 'AE',
      kycCompleted: true,
    });
    // The dashboard reads it from the profile.
    const profile = await kycCall(t, 'GET', '/me/profile', undefined, { cookie: customer.cookie });
    expect(profile.json()).toMatchObject({ kycCompleted: true, fullName: 'Amira Nour Haddad' });
    expect((await getKyc(t, customer.cookie)).json().status).toBe('approved');
    const [audit] = await audited('admin.kyc_approved', customer.userId);
    expect(audit?.actorId).toBe(staff.userId);
    expect((await lastMail(t, customer.email))?.subject).toBe(
      'Your identity is verified — Secure Vault',
    );
    // Approved is final: no edits, no second decision.
    expect((await saveDraft(t, customer.cookie, { firstName: 'X' }, 1)).statusCode).toBe(409);
    const again = await decide(t, staff.cookie, customer.userId, {
      decision: 'reject',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it('approve without a middle name, building or apartment', async () => {
    const customer = await submittedCustomer(t, {
      ...completeAnswers,
      middleName: '',
      building: '',
      apartment: undefined,
    });
    await decide(t, staff.cookie, customer.userId, { decision: 'approve' });
    expect(await profileOf(customer.userId)).toMatchObject({
      fullName: 'Amira Haddad',
      streetAddress: 'Sheikh Zayed Road',
    });
  });

  it('reject: the reason is shown, the customer corrects and resubmits', async () => {
    const customer = await submittedCustomer(t, completeAnswers, 'ar');
    const reason = 'The photo of the back is blurred.';
    const res = await decide(t, staff.cookie, customer.userId, { decision: 'reject', reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await profileOf(customer.userId))?.kycCompleted).toBe(false);
    const [audit] = await audited('admin.kyc_rejected', customer.userId);
    expect(audit?.details).toEqual({ reason });
    // Mailed in the language the customer submitted in, with the reason.
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toContain('Secure Vault');
    expect(mail?.text).toContain('السبب');
    expect(mail?.text).toContain(reason);

    const state = (await getKyc(t, customer.cookie)).json();
    expect(state).toMatchObject({ status: 'rejected', rejectionReason: reason });
    // Nothing corrected yet: not submitted again as it was.
    expect((await submit(t, customer.cookie)).statusCode).toBe(409);
    // The first save makes it a draft again; the reason stays to guide the correction.
    const saved = (await saveDraft(t, customer.cookie, { apartment: '1204' }, 16)).json();
    expect(saved).toMatchObject({ status: 'draft', rejectionReason: reason });
    const resubmitted = await submit(t, customer.cookie);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
      decidedAt: null,
    });
    expect(await audited('kyc.submitted', customer.userId)).toHaveLength(2);
    await decide(t, staff.cookie, customer.userId, { decision: 'approve' });
    expect((await profileOf(customer.userId))?.streetAddress).toBe(
      'Sheikh Zayed Road, Al Noor Tower, 1204',
    );
  });

  it('refuses a decision on a verification that is not submitted', async () => {
    const notStarted = await createCustomer(t);
    const draft = await createCustomer(t);
    await saveDraft(t, draft.cookie, completeAnswers, 16);
    for (const customer of [notStarted, draft]) {
      const res = await decide(t, staff.cookie, customer.userId, { decision: 'approve' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
    }
    const [row] = await t.ctx.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, draft.userId));
    expect(row?.status).toBe('draft');
    expect((await profileOf(draft.userId))?.kycCompleted).toBe(false);
  });

  it('needs a reason to reject, and a customer who exists', async () => {
    const customer = await submittedCustomer(t);
    for (const body of [
      { decision: 'reject' },
      { decision: 'reject', reason: '   ' },
      { decision: 'maybe' },
      { decision: 'approve', reason: 'extra' },
    ]) {
      const res = await decide(t, staff.cookie, customer.userId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await decide(t, staff.cookie, '00000000-0000-4000-8000-000000000000', {
      decision: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await getKyc(t, customer.cookie)).json().status).toBe('submitted');
  });
});
