// The phone step (SPEC §2, DESIGN §4/§5): the code is emailed to the account's address (there is
// no SMS), follows the one-time code rules (wrong, used, too many tries, expired, too soon), and
// confirms exactly the number it was sent for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeLifetimeMs, codeMaxAttempts, codeResendAfterMs } from '../../auth/one-time-codes.ts';
import { lastMail, mailCount, readCode } from '../../test/auth-helpers.ts';
import { createCustomer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  completeAnswers,
  confirmPhone,
  getKyc,
  saveDraft,
  sendCode,
  submittedCustomer,
  verifyCode,
} from './test-support.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A code that is not the real one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the phone code', () => {
  it('is emailed to the account’s address and confirms exactly that number', async () => {
    const customer = await createCustomer(t);
    await saveDraft(t, customer.cookie, { countryCode: '+44', phoneNumber: '7700900123' }, 4);
    const res = await sendCode(t, customer.cookie, {
      countryCode: '+971',
      phoneNumber: '501234567',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Confirm your phone number — Secure Vault');
    expect(mail?.subject).not.toMatch(/\d{6}/);
    expect(mail?.text).toContain('+971501234567');
    // The number asked for is the draft's now.
    let state = (await getKyc(t, customer.cookie)).json();
    expect(state.data).toMatchObject({ countryCode: '+971', phoneNumber: '501234567' });
    expect(state.verifiedPhone).toBeNull();

    const verified = await verifyCode(t, customer.cookie, await readCode(t, customer.email));
    expect(verified.statusCode).toBe(200);
    state = verified.json();
    expect(state.verifiedPhone).toBe('+971501234567');
    expect(state.data).toMatchObject({ countryCode: '+971', phoneNumber: '501234567' });
  });

  it('is mailed in Arabic from an Arabic page', async () => {
    const customer = await createCustomer(t);
    await sendCode(t, customer.cookie, completeAnswers, 'ar');
    expect((await lastMail(t, customer.email))?.subject).toContain('رمز');
  });

  it('refuses a wrong code, counting the tries, and a used one', async () => {
    const customer = await createCustomer(t);
    await sendCode(t, customer.cookie);
    const code = await readCode(t, customer.email);
    const res = await verifyCode(t, customer.cookie, wrong(code));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
    expect((await getKyc(t, customer.cookie)).json().verifiedPhone).toBeNull();
    expect((await verifyCode(t, customer.cookie, code)).statusCode).toBe(200);
    expect((await verifyCode(t, customer.cookie, code)).json().error.code).toBe('CODE_INVALID');
  });

  it('stops a code after too many wrong tries', async () => {
    const customer = await createCustomer(t);
    await sendCode(t, customer.cookie);
    const code = await readCode(t, customer.email);
    for (let i = 0; i < codeMaxAttempts; i++) await verifyCode(t, customer.cookie, wrong(code));
    const res = await verifyCode(t, customer.cookie, code);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('expires after 10 minutes', async () => {
    const customer = await createCustomer(t);
    await sendCode(t, customer.cookie);
    const code = await readCode(t, customer.email);
    clock.advance(codeLifetimeMs + 1000);
    const res = await verifyCode(t, customer.cookie, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('is not sent again within 60 seconds', async () => {
    const customer = await createCustomer(t);
    expect((await sendCode(t, customer.cookie)).statusCode).toBe(202);
    const first = await readCode(t, customer.email);
    const again = await sendCode(t, customer.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('CODE_TOO_SOON');
    expect(await mailCount(t, customer.email)).toBe(1);
    clock.advance(codeResendAfterMs);
    expect((await sendCode(t, customer.cookie)).statusCode).toBe(202);
    // The new code replaces the old one.
    const second = await readCode(t, customer.email);
    if (second !== first) {
      expect((await verifyCode(t, customer.cookie, first)).json().error.code).toBe('CODE_INVALID');
    }
    expect((await verifyCode(t, customer.cookie, second)).statusCode).toBe(200);
  });

  it('must be confirmed again when the number changes', async () => {
    const customer = await createCustomer(t);
    await confirmPhone(t, customer);
    expect((await getKyc(t, customer.cookie)).json().verifiedPhone).toBe('+971501234567');
    // Saving the same number keeps the confirmation; another number loses it.
    let state = (await saveDraft(t, customer.cookie, { phoneNumber: '501234567' }, 5)).json();
    expect(state.verifiedPhone).toBe('+971501234567');
    state = (await saveDraft(t, customer.cookie, { phoneNumber: '509999999' }, 4)).json();
    expect(state.verifiedPhone).toBeNull();
    // Going back to the confirmed number does not bring the confirmation back.
    state = (await saveDraft(t, customer.cookie, { phoneNumber: '501234567' }, 4)).json();
    expect(state.verifiedPhone).toBeNull();
  });

  it('stops working when the number changes before it is entered', async () => {
    const customer = await createCustomer(t);
    await sendCode(t, customer.cookie);
    const code = await readCode(t, customer.email);
    await saveDraft(t, customer.cookie, { countryCode: '+1', phoneNumber: '2025550123' }, 4);
    const res = await verifyCode(t, customer.cookie, code);
    expect(res.json().error.code).toBe('CODE_INVALID');
    expect((await getKyc(t, customer.cookie)).json().verifiedPhone).toBeNull();
  });

  it('is refused once the verification is submitted', async () => {
    const customer = await submittedCustomer(t);
    clock.advance(codeResendAfterMs);
    const res = await sendCode(t, customer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect((await verifyCode(t, customer.cookie, '123456')).json().error.code).toBe('CONFLICT');
  });
});
