// Identity verification through the API, as the wizard would send it (DESIGN §5): a customer
// created, their answers saved, the phone confirmed with the code the dev mailbox holds, the
// documents uploaded as multipart, and the verification submitted. For journeys that start
// where the wizard ends (staff review).
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { codePattern, createCustomer, csrf } from './auth.ts';
import { e2eBaseUrl } from './fixtures.ts';

/** Each customer's calls from an address of its own, so per-address limits stay per customer. */
export function randomAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.21.${octet()}.${octet()}`;
}

export const customerPassword = 'customer-password';

/** A 2×2 PNG: a real picture, so the browser shows it. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4IScnd0KOAUIBAB3SBBHfPB1bAAAAAElFTkSuQmCC',
  'base64',
);
/** A one-page PDF. */
export const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

export type ReadMailbox = (to: string) => Promise<{ to: string; subject: string; text: string }[]>;

export interface Applicant {
  email: string;
  firstName: string;
  surname: string;
  countryCode: string;
  phoneNumber: string;
  documentCountry: string;
  documentType: 'passport' | 'id-card';
  employment: 'employed' | 'student';
  documents: { side: 'front' | 'back'; name: string; mimeType: string; buffer: Buffer }[];
}

/** The phone code the newest mail naming this number carries (it goes by email: no SMS). */
export async function phoneCodeFromMail(
  readMailbox: ReadMailbox,
  email: string,
  phone: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await readMailbox(email);
        code = mail.find((item) => item.text.includes(phone))?.text.match(codePattern)?.[1];
        return code;
      },
      { message: `phone code mail to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

export async function uploadDocument(
  api: APIRequestContext,
  document: Applicant['documents'][number],
) {
  const { side, ...file } = document;
  const res = await api.post('/api/v1/me/kyc/documents', {
    headers: csrf,
    multipart: { side, file },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Creates the customer and submits their verification through the API, as the wizard would:
 * the answers, the phone confirmed with the emailed code, the documents, then submit. Returns the
 * customer's API context (signed in); dispose of it when done.
 */
export async function submitVerification(
  readMailbox: ReadMailbox,
  applicant: Applicant,
): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  await createCustomer(api, readMailbox, applicant.email, customerPassword);
  const { countryCode, phoneNumber } = applicant;

  const personal = await api.put('/api/v1/me/kyc/draft', {
    headers: csrf,
    data: {
      step: 4,
      data: {
        firstName: applicant.firstName,
        surname: applicant.surname,
        email: applicant.email,
        nationality: applicant.documentCountry,
        dateOfBirth: '02/04/1985',
        street: '12 Palm Street',
        building: 'Tower B',
        apartment: '1204',
        city: 'Dubai',
        postcode: '00000',
        countryCode,
        phoneNumber,
      },
    },
  });
  expect(personal.status(), await personal.text()).toBe(200);

  const sent = await api.post('/api/v1/me/kyc/phone-code', {
    headers: csrf,
    data: { countryCode, phoneNumber },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await phoneCodeFromMail(readMailbox, applicant.email, phoneNumber);
  const verified = await api.post('/api/v1/me/kyc/phone-code/verify', {
    headers: csrf,
    data: { code },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  expect(((await verified.json()) as { verifiedPhone: string }).verifiedPhone).toBe(
    `${countryCode}${phoneNumber}`,
  );

  const rest = await api.put('/api/v1/me/kyc/draft', {
    headers: csrf,
    data: {
      step: 16,
      data: {
        experience: '2-4',
        employment: applicant.employment,
        ...(applicant.employment === 'employed' ? { industry: 'financial-services' } : {}),
        income: '100000-199999',
        wealth: '500000-999999',
        incomeOrigin: ['employment', 'savings'],
        termsAccepted: true,
        currency: 'USD',
        documentCountry: applicant.documentCountry,
        documentType: applicant.documentType,
        documentNumber: applicant.documentType === 'passport' ? 'P1234567' : '784-1985-1234567-1',
        documentExpiry: '31/12/2099',
      },
    },
  });
  expect(rest.status(), await rest.text()).toBe(200);
  for (const document of applicant.documents) await uploadDocument(api, document);

  const submitted = await api.post('/api/v1/me/kyc/submit', { headers: csrf });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(((await submitted.json()) as { status: string }).status).toBe('submitted');
  return api;
}
