// The test object every spec imports: baseURL from the server that global setup started,
// helpers to pick language and theme, to read the dev mailbox, and to run axe.
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';

export type Language = 'en' | 'ar';

/** The server global-setup started for this run. */
export function e2eBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e tests through Playwright.');
  return url;
}
export type Theme = 'light' | 'dark';

interface Fixtures {
  /** Sets language and theme in local storage before any page script runs. */
  usePreferences: (preferences: { language?: Language; theme?: Theme }) => Promise<void>;
  /** Fails the test on any axe violation on the current page. */
  expectAccessible: () => Promise<void>;
  /**
   * Requests from this machine itself, with no X-Forwarded-For: the development tools (the
   * mailbox, running due jobs) answer only a client on the server's machine.
   */
  devRequest: APIRequestContext;
  /** Newest-first mail kept by the outbox for an address. */
  readMailbox: (to: string) => Promise<{ to: string; subject: string; text: string }[]>;
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(e2eBaseUrl());
  },
  // Like visitors on different networks: the server's per-address rate limits then apply per
  // test rather than to the whole suite (the e2e server trusts X-Forwarded-For from loopback).
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ 'x-forwarded-for': `198.18.${octet()}.${octet()}` });
  },
  page: async ({ page }, use, testInfo) => {
    testInfo.skip(
      process.env.E2E_SKIP === '1',
      'No Chromium on this machine (see the warning above)',
    );
    await use(page);
  },
  usePreferences: async ({ page }, use) => {
    await use(async ({ language, theme }) => {
      await page.addInitScript(
        ([lang, th]) => {
          if (lang) localStorage.setItem('language', lang);
          if (th) localStorage.setItem('theme', th);
        },
        [language, theme] as const,
      );
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async () => {
      const summary = await axeViolations(page);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
  devRequest: async ({ playwright }, use) => {
    // Explicitly none: a context made in a test otherwise takes the test's own headers.
    const local = await playwright.request.newContext({
      baseURL: e2eBaseUrl(),
      extraHTTPHeaders: {},
    });
    await use(local);
    await local.dispose();
  },
  readMailbox: async ({ devRequest }, use) => {
    await use(async (to) => {
      const res = await devRequest.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
      expect(res.ok()).toBe(true);
      return res.json();
    });
  },
});

export { expect };

/** Waits until the page's language catalogs have loaded and the lazy page has rendered. */
export async function waitForPage(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
}
