// `/` (and `/about`) are prerendered HTML in the visitor's language with one small script
// (src/home.ts): the switches, the menu and the links must work as on every other page, and in
// both languages.
import type { Page } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import arLanding from '../apps/web/src/locales/ar/landing.json' with { type: 'json' };
import arAbout from '../apps/web/src/locales/ar/about.json' with { type: 'json' };
import enWhatWeDo from '../apps/web/src/locales/en/what-we-do.json' with { type: 'json' };
import arWhatWeDo from '../apps/web/src/locales/ar/what-we-do.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the language switch on / brings the page back in Arabic, and it stays Arabic', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  await expect(page).toHaveTitle(`${enLanding.pageTitle} · ${enCommon.brand}`);

  await page.getByRole('button', { name: enCommon.language.switchTo }).first().click();
  await expect(heading(page)).toHaveText(arLanding.hero.title);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(`${arLanding.pageTitle} · ${arCommon.brand}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    arLanding.metaDescription,
  );
  await expectAccessible();

  // The next page, prerendered or the app, opens in Arabic too; and so does / again.
  await page.locator('main').locator('a[href="/about"]').click();
  await expect(heading(page)).toHaveText(arAbout.hero.tagline);
  await page.getByRole('navigation').locator('a[href="/what-we-do"]').first().click();
  await expect(heading(page)).toHaveText(arWhatWeDo.hero.title);
  await page.goto('/');
  await expect(heading(page)).toHaveText(arLanding.hero.title);

  await page.getByRole('button', { name: arCommon.language.switchTo }).first().click();
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a language chosen in the app is the language of /', async ({ page }) => {
  await page.goto('/what-we-do');
  await waitForPage(page);
  await page.getByRole('button', { name: enCommon.language.switchTo }).first().click();
  await expect(heading(page)).toHaveText(arWhatWeDo.hero.title);
  await page.goto('/');
  await expect(heading(page)).toHaveText(arLanding.hero.title);
});

test('a stored Arabic choice without the cookie still gets the Arabic page', async ({
  page,
  context,
  usePreferences,
}) => {
  await usePreferences({ language: 'ar' });
  expect(await context.cookies()).toEqual([]);
  await page.goto('/');
  await expect(heading(page)).toHaveText(arLanding.hero.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('ar');
});

test('the theme switch on / applies at once and is remembered by the app', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page)).toBeVisible();
  const dark = page.getByRole('radio', { name: enCommon.theme.dark }).first();
  await dark.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(dark).toHaveAttribute('aria-checked', 'true');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: enCommon.theme.dark }).first()).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.goto('/contact');
  await waitForPage(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: enCommon.theme.dark }).first()).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('on a phone the menu of / opens, closes with its label, and offers the switches', async ({
  page,
  usePreferences,
  expectAccessible,
}) => {
  await usePreferences({ language: 'ar' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(heading(page)).toHaveText(arLanding.hero.title);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: arCommon.nav.openMenu }).click();
  await expect(menu).toBeVisible();
  const close = page.getByRole('button', { name: arCommon.nav.closeMenu });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('radio', { name: arCommon.theme.dark })).toBeVisible();
  await expectAccessible();
  await close.click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: arCommon.nav.openMenu }).click();
  await menu.getByRole('link', { name: arCommon.nav.about }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(heading(page)).toHaveText(arAbout.hero.tagline);
});

test('the app shows the same home page when a visitor comes back to it by a link', async ({
  page,
}) => {
  await page.goto('/what-we-do');
  await waitForPage(page);
  await page.getByRole('banner').getByRole('link', { name: enCommon.brand }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  // Rendered by the app this time, not fetched again.
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', '');
});

test('the footer shows the current year, and / reads without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: e2eBaseUrl(),
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  await expect(
    page.locator('main').getByRole('link', { name: enLanding.hero.access }),
  ).toHaveAttribute('href', '/auth');
  await context.close();
});

test('when the cookie cannot reach the server, / reloads once and then stays as sent', async ({
  page,
  request,
  usePreferences,
}) => {
  await usePreferences({ language: 'ar' });
  let homeRequests = 0;
  // As from a server that ignores the cookie: always the English page.
  await page.route('**/', async (route) => {
    homeRequests += 1;
    await route.fulfill({ response: await request.get('/') });
  });
  await page.goto('/');
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  await page.waitForLoadState('networkidle');
  expect(homeRequests).toBe(2);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('pointing at a link on / starts loading the app before the click', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page)).toHaveText(enLanding.hero.title);
  const whatWeDo = page.getByRole('banner').getByRole('link', { name: enCommon.nav.whatWeDo });
  const appEntry = page.waitForRequest(/\/assets\/index-[^/]+\.js$/);
  await whatWeDo.hover();
  await appEntry;
  await whatWeDo.click();
  await expect(heading(page)).toHaveText(enWhatWeDo.hero.title);
});
