// Staff review identity verifications (SPEC §2 KYC Management, DESIGN §5): two customers submit
// theirs through the API — one with a passport photo, one with an ID card (a photo of the front,
// a PDF of the back) — and staff find both under review, approve the first and reject the second
// with a reason. The first customer's open dashboard turns to "✓ KYC Complete" with the Account
// Information; the second reads the reason, corrects and resubmits, and staff see it under
// review again.
import type { Browser, Page } from '@playwright/test';
import { e2eBaseUrl, expect, type Language, test, waitForPage } from './support/fixtures.ts';
import { csrf } from './support/auth.ts';
import {
  type Applicant,
  customerPassword as password,
  pdf,
  png,
  randomAddress,
  submitVerification,
  uploadDocument,
} from './support/kyc-api.ts';
import { expectPageAccessible, openStaffPage, signInThroughForm } from './support/vault.ts';
import enAdmin from '../apps/web/src/locales/en/admin.json' with { type: 'json' };
import arAdmin from '../apps/web/src/locales/ar/admin.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };
import arVault from '../apps/web/src/locales/ar/vault.json' with { type: 'json' };

const catalogs = {
  en: { admin: enAdmin, vault: enVault },
  ar: { admin: arAdmin, vault: arVault },
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A browser of its own, in the language, signed in as the customer on the dashboard. */
async function openCustomerPage(browser: Browser, language: Language, email: string) {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await signInThroughForm(page, language, email, password);
  await waitForPage(page);
  return page;
}

/** KYC Management's row for a customer, once the list shows it. */
function rowOf(staffPage: Page, email: string) {
  return staffPage.getByTestId('kyc-row').filter({ hasText: email });
}

type AdminCatalog = (typeof catalogs)[Language]['admin'];

/** Opens a customer's verification from the list: the review dialog. */
async function openReview(staffPage: Page, a: AdminCatalog, email: string) {
  await rowOf(staffPage, email).getByRole('button', { name: a.kyc.review }).click();
  return staffPage.getByRole('dialog', { name: a.kyc.detail.title });
}

/** The passport: every answer, the phone confirmed, the photo shown; approved. */
async function approve(staffPage: Page, a: AdminCatalog, applicant: Applicant) {
  const review = await openReview(staffPage, a, applicant.email);
  await expect(review.getByTestId('kyc-answer-firstName')).toContainText(applicant.firstName);
  await expect(review.getByTestId('kyc-phone-verified')).toBeVisible();
  const photo = review.getByRole('img', {
    name: fill(a.kyc.documents.imageAlt, {
      side: a.kyc.documents.passportPage,
      name: applicant.documents[0]?.name ?? '',
    }),
  });
  await expect(photo).toBeVisible();
  // Loaded and decoded: the 2×2 picture uploaded.
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
  await expectPageAccessible(staffPage);

  await review.getByRole('button', { name: a.kyc.decision.approve, exact: true }).click();
  const confirm = staffPage.getByRole('alertdialog', { name: a.kyc.decision.approveTitle });
  await confirm.getByRole('button', { name: a.kyc.decision.approveConfirm, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(staffPage.getByText(a.kyc.decision.approved, { exact: true })).toBeVisible();
  await expect(review.getByTestId('kyc-no-decision')).toHaveText(a.kyc.detail.noDecision.approved);
  await review.getByRole('button', { name: a.kyc.detail.close }).click();
  await expect(review).toBeHidden();
}

/** The ID card: the front photo, the back a PDF that opens; rejected with a reason. */
async function reject(staffPage: Page, a: AdminCatalog, applicant: Applicant, reason: string) {
  const review = await openReview(staffPage, a, applicant.email);
  await expect(review.getByTestId('kyc-answer-surname')).toContainText(applicant.surname);
  await expect(review.getByTestId('kyc-document')).toHaveCount(2);
  await expect(
    review.getByRole('img', {
      name: fill(a.kyc.documents.imageAlt, {
        side: a.kyc.documents.front,
        name: applicant.documents[0]?.name ?? '',
      }),
    }),
  ).toBeVisible();
  const pdfLink = review.getByRole('link', { name: a.kyc.documents.openPdf });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const opened = await staffPage.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await opened.body(), pdf)).toBe(0);

  await review.getByRole('button', { name: a.kyc.decision.reject, exact: true }).click();
  const confirm = staffPage.getByRole('alertdialog', { name: a.kyc.decision.rejectTitle });
  const field = confirm.getByLabel(a.kyc.decision.reason);
  const submit = confirm.getByRole('button', { name: a.kyc.decision.rejectConfirm, exact: true });
  // A reason is required.
  await submit.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(reason);
  await submit.click();
  await expect(confirm).toBeHidden();
  await expect(staffPage.getByText(a.kyc.decision.rejected, { exact: true })).toBeVisible();
  await expect(review.getByTestId('kyc-rejection-reason')).toContainText(reason);
  await review.getByRole('button', { name: a.kyc.detail.close }).click();
  await expect(review).toBeHidden();
}

for (const language of ['en', 'ar'] as const) {
  const { admin: a, vault: v } = catalogs[language];

  test.describe(`KYC review (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('staff approve one verification and reject another, which is resubmitted', async ({
      page,
      browser,
      readMailbox,
    }) => {
      test.setTimeout(180_000);
      const tag = `kyc-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      const passport: Applicant = {
        email: `${tag}-passport@example.com`,
        firstName: 'Amira',
        surname: 'Haddad',
        countryCode: '+971',
        phoneNumber: '501234567',
        documentCountry: 'AE',
        documentType: 'passport',
        employment: 'employed',
        documents: [{ side: 'front', name: 'passport.png', mimeType: 'image/png', buffer: png }],
      };
      const idCard: Applicant = {
        email: `${tag}-idcard@example.com`,
        firstName: 'Omar',
        surname: 'Said',
        countryCode: '+44',
        phoneNumber: '7700900123',
        documentCountry: 'GB',
        documentType: 'id-card',
        employment: 'student',
        documents: [
          { side: 'front', name: 'id-front.png', mimeType: 'image/png', buffer: png },
          { side: 'back', name: 'id-back.pdf', mimeType: 'application/pdf', buffer: pdf },
        ],
      };
      const passportApi = await submitVerification(readMailbox, passport);
      const idCardApi = await submitVerification(readMailbox, idCard);
      const reason = `The back of the ID card is unreadable (${tag})`;

      // The first customer waits on an open dashboard.
      await signInThroughForm(page, language, passport.email, password);
      await waitForPage(page);
      await expect(page.getByTestId('kyc-status')).toHaveText(v.kyc.underReview);
      await expect(page.getByTestId('account-information')).toHaveCount(0);

      const staffPage = await openStaffPage(browser, { language });
      let idCardPage: Page | undefined;
      try {
        await staffPage.getByRole('tab', { name: a.tabs.kyc, exact: true }).click();
        await expect(staffPage).toHaveURL(/\?tab=kyc$/);
        await staffPage
          .getByLabel(a.kyc.filterLabel, { exact: true })
          .selectOption({ label: a.kyc.statuses.submitted });
        await staffPage.getByLabel(a.kyc.searchLabel, { exact: true }).fill(tag);
        await expect(staffPage.getByTestId('kyc-row')).toHaveCount(2);
        for (const email of [passport.email, idCard.email]) {
          await expect(rowOf(staffPage, email)).toContainText(a.kyc.statuses.submitted);
        }

        await approve(staffPage, a, passport);
        await reject(staffPage, a, idCard, reason);

        await expect(rowOf(staffPage, passport.email)).toHaveCount(0);
        await staffPage
          .getByLabel(a.kyc.filterLabel, { exact: true })
          .selectOption({ label: a.kyc.allStatuses });
        await expect(rowOf(staffPage, passport.email)).toContainText(a.kyc.statuses.approved);
        await expect(rowOf(staffPage, idCard.email)).toContainText(a.kyc.statuses.rejected);

        // The approved customer's dashboard follows without a reload.
        await expect(page.getByTestId('kyc-status')).toHaveText(v.kyc.complete);
        await expect(page.getByTestId('kyc-action-done')).toBeVisible();
        const account = page.getByTestId('account-information');
        await expect(account).toContainText('Amira Haddad');
        await expect(account).toContainText('+971501234567');

        // The rejected customer reads why, and is led back to the wizard.
        idCardPage = await openCustomerPage(browser, language, idCard.email);
        await expect(idCardPage.getByTestId('kyc-status')).toHaveText(v.kyc.rejected);
        const notice = idCardPage.getByTestId('kyc-rejected');
        await expect(notice.getByTestId('kyc-rejection-reason')).toHaveText(reason);
        await expect(idCardPage.getByTestId('account-information')).toHaveCount(0);
        await expectPageAccessible(idCardPage);
        await notice.getByRole('link', { name: v.kyc.resubmit, exact: true }).click();
        await expect(idCardPage).toHaveURL(/\/kyc$/);
        await waitForPage(idCardPage);
        // The wizard shows the reason too.
        await expect(idCardPage.getByText(reason).first()).toBeVisible();

        // They correct the back of the card and submit again.
        const corrected = await idCardApi.put('/api/v1/me/kyc/draft', {
          headers: csrf,
          data: { step: 16, data: { street: '14 Palm Street' } },
        });
        expect(corrected.status(), await corrected.text()).toBe(200);
        await uploadDocument(idCardApi, {
          side: 'back',
          name: 'id-back-clear.png',
          mimeType: 'image/png',
          buffer: png,
        });
        const resubmitted = await idCardApi.post('/api/v1/me/kyc/submit', { headers: csrf });
        expect(resubmitted.status(), await resubmitted.text()).toBe(200);

        await idCardPage.goto('/dashboard');
        await waitForPage(idCardPage);
        await expect(idCardPage.getByTestId('kyc-status')).toHaveText(v.kyc.underReview);
        await expect(idCardPage.getByTestId('kyc-rejected')).toHaveCount(0);

        // Staff see it under review again.
        await staffPage.reload();
        await waitForPage(staffPage);
        await staffPage.getByLabel(a.kyc.searchLabel, { exact: true }).fill(idCard.email);
        await expect(staffPage.getByTestId('kyc-row')).toHaveCount(1);
        await expect(rowOf(staffPage, idCard.email)).toContainText(a.kyc.statuses.submitted);
      } finally {
        await idCardPage?.context().close();
        await staffPage.context().close();
        await passportApi.dispose();
        await idCardApi.dispose();
      }
    });
  });
}
