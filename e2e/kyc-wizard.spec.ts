// Identity verification end to end (SPEC §2, §5; DESIGN §5), in English and in Arabic: a new
// customer walks the 17 steps, confirms the phone with the code emailed to the account, uploads a
// passport (one file, on a desktop) or an ID card (front and back, on a phone), submits, and sees
// "Under review". Axe checks a few steps on the way.
import type { Page } from '@playwright/test';
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { phoneCodeFromMail } from './support/kyc-api.ts';
import { signInThroughForm } from './support/vault.ts';
import enKyc from '../apps/web/src/locales/en/kyc.json' with { type: 'json' };
import arKyc from '../apps/web/src/locales/ar/kyc.json' with { type: 'json' };

type Catalog = typeof enKyc;
const catalogs: Record<'en' | 'ar', Catalog> = { en: enKyc, ar: arKyc };

// Small files whose first bytes are what they claim (the server checks content, not names).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

interface Journey {
  employment: 'employed' | 'retired';
  documentType: 'passport' | 'id-card';
  phone: string;
}

const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

async function continueTo(page: Page, k: Catalog, next: string, button = k.continue) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(stepHeading(page, next)).toBeVisible();
}

async function choose(page: Page, label: string | RegExp) {
  await page.getByRole('main').getByRole('radio', { name: label, exact: true }).check();
}

const stepOf = (k: Catalog, number: number) =>
  k.stepOf.replace('{{number}}', String(number)).replace('{{total}}', '17');

for (const language of ['en', 'ar'] as const) {
  const k = catalogs[language];

  test.describe(`KYC wizard (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    const journeys: Journey[] = [
      { employment: 'employed', documentType: 'passport', phone: '501234567' },
      { employment: 'retired', documentType: 'id-card', phone: '502345678' },
    ];

    for (const journey of journeys) {
      test(`a new customer completes the wizard with a ${journey.documentType}`, async ({
        page,
        request,
        readMailbox,
        expectAccessible,
      }) => {
        test.setTimeout(120_000);
        const isPhone = journey.documentType === 'id-card';
        if (isPhone) await page.setViewportSize({ width: 375, height: 812 });
        const email = uniqueEmail(`kyc-${journey.documentType}-${language}`);
        const password = 'customer-password';
        await createCustomer(request, readMailbox, email, password);
        await signInThroughForm(page, language, email, password);

        // Introduction.
        await page.goto('/kyc');
        await waitForPage(page);
        await expect(
          page.getByRole('heading', { level: 1, name: k.introduction.title, exact: true }),
        ).toBeVisible();
        await expectAccessible();
        await continueTo(page, k, k.steps.personal, k.introduction.start);
        await expect(page.getByText(stepOf(k, 2))).toBeVisible();

        // Personal details: the email starts as the account's.
        await expect(page.getByLabel(k.personal.email, { exact: true })).toHaveValue(email);
        await page.getByLabel(k.personal.firstName, { exact: true }).fill('Amira');
        await page.getByLabel(k.personal.surname, { exact: true }).fill('Haddad');
        // The nationality's flag is an SVG picture, not an emoji a font may lack.
        await page.getByLabel(k.personal.nationality, { exact: true }).selectOption('AE');
        await expect(page.getByTestId('country-flag')).toHaveAttribute('data-country', 'AE');
        await continueTo(page, k, k.steps.dateOfBirth);

        // Date of birth, with a date that does not exist first.
        const dateOfBirth = page.getByLabel(k.dateOfBirth.label, { exact: true });
        await dateOfBirth.fill('31/02/1990');
        await page.getByRole('button', { name: k.continue, exact: true }).click();
        await expect(page.getByText(k.errors.dateOfBirthInvalid)).toBeVisible();
        // A child cannot open an account.
        await dateOfBirth.fill('01/01/2020');
        await page.getByRole('button', { name: k.continue, exact: true }).click();
        await expect(page.getByText(k.errors.tooYoung, { exact: true })).toBeVisible();
        await dateOfBirth.fill('15/04/1990');
        await continueTo(page, k, k.steps.address);

        await page.getByLabel(k.address.street, { exact: true }).fill('12 Palm Road');
        await page.getByLabel(k.address.city, { exact: true }).fill('Dubai');
        await page.getByLabel(k.address.postcode, { exact: true }).fill('00000');
        await continueTo(page, k, k.steps.phone);

        // Phone: the UAE's +971 needs 9 digits.
        await page.getByLabel(k.phone.country, { exact: true }).selectOption('AE');
        await expectAccessible();
        await page.getByLabel(k.phone.number, { exact: true }).fill(journey.phone);
        await continueTo(page, k, k.steps.otp);

        // The code goes to the account's email.
        await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
        const code = await phoneCodeFromMail(readMailbox, email, journey.phone);
        await page.getByLabel(k.otp.code, { exact: true }).fill(code);
        await page.getByRole('button', { name: k.otp.verify, exact: true }).click();
        await expect(page.getByText(k.otp.verified, { exact: true })).toBeVisible();
        // On to Experience by itself after 1.5 s.
        await expect(stepHeading(page, k.steps.experience)).toBeVisible();

        await choose(page, k.experience.options['2-4']);
        await continueTo(page, k, k.steps.employment);
        await choose(page, k.employment.options[journey.employment]);
        if (journey.employment === 'employed') {
          await continueTo(page, k, k.steps.industry);
          await choose(page, k.industry.options['financial-services']);
        }
        await continueTo(page, k, k.steps.income);
        await choose(page, k.income.options['100000-199999']);
        await continueTo(page, k, k.steps.wealth);
        await choose(page, k.wealth.options['500000-999999']);
        await continueTo(page, k, k.steps.incomeOrigin);
        await page
          .getByRole('checkbox', { name: k.incomeOrigin.options.savings, exact: true })
          .check();
        await page
          .getByRole('checkbox', { name: k.incomeOrigin.options['investment-rental'], exact: true })
          .check();
        await continueTo(page, k, k.steps.completion);
        await expect(page.getByText(k.completion.title, { exact: true })).toBeVisible();
        await continueTo(page, k, k.steps.terms);

        // Terms: Confirm waits for the declaration.
        const confirm = page.getByRole('button', { name: k.terms.confirm, exact: true });
        await expect(confirm).toBeDisabled();
        await page.getByRole('checkbox', { name: k.terms.accept, exact: true }).check();
        await expectAccessible();
        await continueTo(page, k, k.steps.currency, k.terms.confirm);

        // Currency: the UAE's own AED first, then USD and EUR; "Creating Your Account" for 2 s.
        const currencies = page.getByRole('main').getByRole('radio');
        await expect(currencies).toHaveCount(3);
        await expect(currencies.first()).toHaveValue('AED');
        await choose(page, /^EUR /);
        await page.getByRole('button', { name: k.currency.submit, exact: true }).click();
        await expect(page.getByText(k.currency.creating, { exact: true })).toBeVisible();
        await expect(stepHeading(page, k.steps.verification)).toBeVisible();
        await continueTo(page, k, k.steps.documentSelection, k.verification.start);

        await expect(page.getByLabel(k.documentSelection.country, { exact: true })).toHaveValue(
          'AE',
        );
        await expect(page.getByText(stepOf(k, 16))).toBeVisible();
        await choose(page, k.documentSelection.types[journey.documentType]);
        await page.getByLabel(k.documentSelection.number, { exact: true }).fill('P1234567');
        // An expired document is refused.
        const expiry = page.getByLabel(k.documentSelection.expiry, { exact: true });
        await expiry.fill('01/01/2020');
        await page.getByRole('button', { name: k.continue, exact: true }).click();
        await expect(page.getByText(k.errors.documentExpired)).toBeVisible();
        await expiry.fill('31/12/2099');
        await continueTo(page, k, k.steps.documentUpload);
        await expect(page.getByText(stepOf(k, 17))).toBeVisible();

        if (journey.documentType === 'passport') {
          await expect(page.getByLabel(k.documentUpload.sides.back, { exact: true })).toHaveCount(
            0,
          );
          await page
            .getByLabel(k.documentUpload.sides.passportFront, { exact: true })
            .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
          await expect(page.getByText(k.documentUpload.uploaded, { exact: true })).toHaveCount(1);
          await expect(page.getByText('passport.png', { exact: true })).toBeVisible();
        } else {
          // The back is required: Complete Verification says so until it is there.
          await page
            .getByLabel(k.documentUpload.sides.front, { exact: true })
            .setInputFiles({ name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: jpeg });
          await expect(page.getByText(k.documentUpload.uploaded, { exact: true })).toHaveCount(1);
          await page.getByRole('button', { name: k.documentUpload.submit, exact: true }).click();
          await expect(
            page.getByText(k.errors.documentBackRequired, { exact: true }),
          ).toBeVisible();
          await page
            .getByLabel(k.documentUpload.sides.back, { exact: true })
            .setInputFiles({ name: 'id-back.pdf', mimeType: 'application/pdf', buffer: pdf });
          await expect(page.getByText(k.documentUpload.uploaded, { exact: true })).toHaveCount(2);
          await expect(page.getByText('id-back.pdf', { exact: true })).toBeVisible();
        }
        await expectAccessible();
        // A reload opens Document Upload again, with the files uploaded.
        await page.reload();
        await expect(stepHeading(page, k.steps.documentUpload)).toBeVisible();
        await expect(page.getByText(stepOf(k, 17))).toBeVisible();

        await page.getByRole('button', { name: k.documentUpload.submit, exact: true }).click();
        await expect(page.getByText(k.documentUpload.processing, { exact: true })).toBeVisible();
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByText(k.submitted.title, { exact: true }).first()).toBeVisible();

        // Back on /kyc: under review, and the wizard no longer opens.
        await page.goto('/kyc');
        await waitForPage(page);
        await expect(
          page.getByRole('heading', { level: 1, name: k.status.underReview.title, exact: true }),
        ).toBeVisible();
        await expectAccessible();
      });
    }
  });
}
