// Every public page in English and Arabic: its heading, mirrored layout in Arabic with no
// untranslated text, the dark theme, and no axe violations.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { latinTextOutsideLtr } from './support/text.ts';
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import arLanding from '../apps/web/src/locales/ar/landing.json' with { type: 'json' };
import enWhatWeDo from '../apps/web/src/locales/en/what-we-do.json' with { type: 'json' };
import arWhatWeDo from '../apps/web/src/locales/ar/what-we-do.json' with { type: 'json' };
import enAbout from '../apps/web/src/locales/en/about.json' with { type: 'json' };
import arAbout from '../apps/web/src/locales/ar/about.json' with { type: 'json' };
import enContact from '../apps/web/src/locales/en/contact.json' with { type: 'json' };
import arContact from '../apps/web/src/locales/ar/contact.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };

const pages = {
  en: [
    { path: '/', heading: enLanding.hero.title, text: enLanding.hero.access },
    { path: '/what-we-do', heading: enWhatWeDo.hero.title, text: '110%' },
    { path: '/about', heading: enAbout.hero.tagline, text: enAbout.hero.subtitle },
    { path: '/contact', heading: enContact.title, text: enContact.form.submit },
    { path: '/thank-you', heading: enContact.thankYou.title, text: enContact.thankYou.reply },
    { path: '/no-such-page', heading: enCommon.notFound.title, text: enCommon.notFound.home },
  ],
  ar: [
    { path: '/', heading: arLanding.hero.title, text: arLanding.hero.access },
    { path: '/what-we-do', heading: arWhatWeDo.hero.title, text: '110%' },
    { path: '/about', heading: arAbout.hero.tagline, text: arAbout.hero.subtitle },
    { path: '/contact', heading: arContact.title, text: arContact.form.submit },
    { path: '/thank-you', heading: arContact.thankYou.title, text: arContact.thankYou.reply },
    { path: '/no-such-page', heading: arCommon.notFound.title, text: arCommon.notFound.home },
  ],
} as const;

for (const language of ['en', 'ar'] as const) {
  for (const { path, heading, text } of pages[language]) {
    test(`${path} in ${language === 'en' ? 'English' : 'Arabic'}`, async ({
      page,
      usePreferences,
      expectAccessible,
    }) => {
      await usePreferences({ language, theme: 'light' });
      await page.goto(path);
      await waitForPage(page);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      if (language === 'ar') {
        expect(await latinTextOutsideLtr(page)).toEqual([]);
      }
      await expectAccessible();
    });
  }
}

test('the landing page links to the vault, the marketing pages and contact', async ({ page }) => {
  await page.goto('/');
  await waitForPage(page);
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: enLanding.hero.access })).toHaveAttribute(
    'href',
    '/auth',
  );
  // The hero's and the closing section's "Create Account" both open the sign-up tab.
  const createAccount = main.getByRole('link', { name: enLanding.hero.createAccount });
  await expect(createAccount).toHaveCount(2);
  for (const link of await createAccount.all()) {
    await expect(link).toHaveAttribute('href', '/auth?tab=sign-up');
  }
  for (const href of ['/what-we-do', '/about', '/contact']) {
    await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
});

test('the dark theme applies before the page renders and passes axe', async ({
  page,
  usePreferences,
  expectAccessible,
}) => {
  await usePreferences({ theme: 'dark' });
  for (const path of ['/', '/what-we-do', '/about', '/contact']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await waitForPage(page);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The dark background is a deep navy: every channel well below mid-grey.
    const channels =
      background
        .match(/[\d.]+/g)
        ?.slice(0, 3)
        .map(Number) ?? [];
    expect(Math.max(...channels), `${path} background ${background}`).toBeLessThan(80);
    await expectAccessible();
  }
});

test('switching language and theme from the header is remembered across pages', async ({
  page,
}) => {
  await page.goto('/about');
  await waitForPage(page);
  await page.getByRole('button', { name: enCommon.language.switchTo }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(arAbout.hero.tagline);

  await page.getByRole('radio', { name: arCommon.theme.dark }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.goto('/what-we-do');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(arWhatWeDo.hero.title);
});

test('on a phone the menu opens with the page links', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await waitForPage(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: enCommon.nav.openMenu }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: enCommon.nav.about }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('an unknown path answers 404, shows the not-found page and logs the path', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const answer = await page.goto('/vault/does-not-exist');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enCommon.notFound.title);
  await expect.poll(() => messages.join('\n')).toContain('/vault/does-not-exist');
  await page.getByRole('link', { name: enCommon.notFound.home }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('robots.txt is a robots file, not the app', async ({ page }) => {
  const res = await page.request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await res.text()).toMatch(/^User-agent: \*$/m);
  expect((await page.request.get('/sitemap.xml')).status()).toBe(404);
});

test('signed-out pages make no failed request and log no error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  // /auth, /reset-password and /update-password ask who is signed in; nobody is an answer.
  for (const path of ['/auth', '/reset-password', '/about', '/contact']) {
    await page.goto(path);
    await waitForPage(page);
  }
  await page.goto('/auth');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  expect(problems).toEqual([]);
});
