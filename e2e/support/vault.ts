// Helpers for the vault journeys: signing in through the form, and a second browser (staff) beside
// the customer's, each with its own language, theme and client address.
import { axeViolations } from './axe.ts';
import { type Browser, expect, type Page } from '@playwright/test';
import enAuth from '../../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arAuth from '../../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import { e2eBaseUrl, waitForPage, type Language, type Theme } from './fixtures.ts';
import { staff } from './auth.ts';

const authCatalogs = { en: enAuth, ar: arAuth } as const;

/** Signs in through /auth and waits for the vault. */
export async function signInThroughForm(
  page: Page,
  language: Language,
  email: string,
  password: string,
): Promise<void> {
  const t = authCatalogs[language];
  await page.goto('/auth');
  await waitForPage(page);
  const form = page.getByRole('tabpanel');
  await form.getByLabel(t.fields.email, { exact: true }).fill(email);
  await form.getByLabel(t.fields.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.signIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

function randomAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.19.${octet()}.${octet()}`;
}

/** A separate browser context signed in as staff, on /admin. Close its context when done. */
export async function openStaffPage(
  browser: Browser,
  {
    language,
    theme = 'light',
    as = staff,
  }: { language: Language; theme?: Theme; as?: { email: string; password: string } },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  await context.addInitScript(
    ([lang, th]) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', th);
    },
    [language, theme] as const,
  );
  const page = await context.newPage();
  await signInThroughForm(page, language, as.email, as.password);
  await page.goto('/admin');
  await waitForPage(page);
  return page;
}

/** As the `expectAccessible` fixture, for a page other than the test's own (the staff browser). */
export async function expectPageAccessible(page: Page): Promise<void> {
  const summary = await axeViolations(page);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
