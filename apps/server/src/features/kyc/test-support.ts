// Helpers for the KYC tests: calls as the web app makes them (any method, an optional language),
// a complete set of answers, the phone confirmed through the emailed code, documents recorded
// straight into the table (their bytes are the document tests' concern), and staff.
import { randomUUID } from 'node:crypto';
import type { DocumentSide, KycDraftData } from '@secure-vault/shared/kyc';
import { kycDocuments } from '../../db/kyc-schema.ts';
import { sessionCookieName } from '../../auth/sessions.ts';
import { enableTwoFactor, grantAdmin, randomIp, readCode } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import type { TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  cookie?: string | undefined;
  language?: 'en' | 'ar';
}

export function kycCall(
  t: TestApp,
  method: Method,
  url: string,
  body?: unknown,
  { cookie, language }: CallOptions = {},
) {
  const headers: Record<string, string> = { 'x-requested-with': 'secure-vault' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = `${sessionCookieName}=${cookie}`;
  if (language) headers['accept-language'] = language;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    remoteAddress: randomIp(),
  });
}

/** Every answer of the wizard, valid, for an ID card (front and back). */
export const completeAnswers = {
  firstName: 'Amira',
  middleName: 'Nour',
  surname: 'Haddad',
  email: 'amira@example.com',
  nationality: 'AE',
  dateOfBirth: '31/01/1990',
  street: 'Sheikh Zayed Road',
  building: 'Al Noor Tower',
  apartment: '1203',
  city: 'Dubai',
  postcode: '00000',
  countryCode: '+971',
  phoneNumber: '501234567',
  experience: '2-4',
  employment: 'employed',
  industry: 'financial-services',
  income: '100000-199999',
  wealth: '500000-999999',
  incomeOrigin: ['employment', 'savings'],
  currency: 'EUR',
  documentCountry: 'AE',
  documentType: 'id-card',
  documentNumber: '784-1990-1234567-1',
  // Valid for decades yet: an expired document is refused.
  documentExpiry: '31/12/2099',
  termsAccepted: true,
} as const satisfies KycDraftData;

export const getKyc = (t: TestApp, cookie: string) =>
  kycCall(t, 'GET', '/me/kyc', undefined, { cookie });

export const saveDraft = (t: TestApp, cookie: string, data: unknown, step = 1) =>
  kycCall(t, 'PUT', '/me/kyc/draft', { step, data }, { cookie });

export const sendCode = (
  t: TestApp,
  cookie: string,
  phone: { countryCode: string; phoneNumber: string } = completeAnswers,
  language?: 'en' | 'ar',
) =>
  kycCall(
    t,
    'POST',
    '/me/kyc/phone-code',
    { countryCode: phone.countryCode, phoneNumber: phone.phoneNumber },
    { cookie, ...(language ? { language } : {}) },
  );

export const verifyCode = (t: TestApp, cookie: string, code: string) =>
  kycCall(t, 'POST', '/me/kyc/phone-code/verify', { code }, { cookie });

export const submit = (t: TestApp, cookie: string, language?: 'en' | 'ar') =>
  kycCall(t, 'POST', '/me/kyc/submit', undefined, { cookie, ...(language ? { language } : {}) });

export const decide = (t: TestApp, cookie: string, userId: string, body: unknown) =>
  kycCall(t, 'POST', `/admin/kyc/${userId}/decision`, body, { cookie });

/** Confirms the phone number with the code mailed to the customer; fails loudly otherwise. */
export async function confirmPhone(
  t: TestApp,
  customer: Customer,
  phone: { countryCode: string; phoneNumber: string } = completeAnswers,
): Promise<void> {
  const sent = await sendCode(t, customer.cookie, phone);
  if (sent.statusCode !== 202) throw new Error(`phone code: ${sent.statusCode} ${sent.body}`);
  const verified = await verifyCode(t, customer.cookie, await readCode(t, customer.email));
  if (verified.statusCode !== 200)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
}

/** Records uploaded documents for the customer, as the upload route would after storing them. */
export async function addDocuments(t: TestApp, userId: string, sides: DocumentSide[]) {
  return t.ctx.db
    .insert(kycDocuments)
    .values(
      sides.map((side) => ({
        userId,
        side,
        name: `${side}.png`,
        size: 1234,
        mediaType: 'image/png' as const,
        storageKey: `test/${randomUUID()}`,
      })),
    )
    .returning();
}

/** A customer who has answered everything, confirmed the phone and uploaded both sides. */
export async function readyCustomer(
  t: TestApp,
  answers: KycDraftData = completeAnswers,
  label = 'kyc',
): Promise<Customer> {
  const customer = await createCustomer(t, { label });
  const saved = await saveDraft(t, customer.cookie, answers, 16);
  if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
  await confirmPhone(t, customer, {
    countryCode: answers.countryCode ?? '+971',
    phoneNumber: answers.phoneNumber ?? '501234567',
  });
  await addDocuments(t, customer.userId, ['front', 'back']);
  return customer;
}

/** A customer whose verification is submitted. */
export async function submittedCustomer(
  t: TestApp,
  answers: KycDraftData = completeAnswers,
  language: 'en' | 'ar' = 'en',
): Promise<Customer> {
  const customer = await readyCustomer(t, answers);
  const res = await submit(t, customer.cookie, language);
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return customer;
}

/** A staff member with two-factor on, in the session that turned it on (staff powers pass). */
export async function createStaff(t: TestApp): Promise<Customer> {
  const staff = await createCustomer(t, { label: 'staff' });
  await grantAdmin(t, staff.userId);
  await enableTwoFactor(t, staff.cookie);
  return staff;
}
