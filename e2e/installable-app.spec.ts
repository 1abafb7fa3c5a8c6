// The installable app (docs/decisions/026): Chromium finds nothing in the way of installing it,
// its manifest and icons load; after one visit the dashboard opens offline as the dated,
// read-only copy of the vault with every action disabled; a page never opened shows the offline
// screen (in Arabic too, right to left); and after signing out the caches hold nothing from
// /api and no copy of the vault is left on the device.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, uniqueEmail } from './support/auth.ts';
import { chromiumPath } from './support/chromium.ts';
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import enVault from '../apps/web/src/locales/en/vault.json' with { type: 'json' };

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  dir: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Waits until the service worker controls the page and has kept the page and what it loaded. */
async function waitUntilKeptOffline(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(`${location.origin}/assets/`));
        const wanted = [location.origin + location.pathname, ...loaded];
        const kept = await Promise.all(wanted.map((url) => caches.match(url)));
        return wanted.filter((_url, index) => !kept[index]);
      }),
    )
    .toEqual([]);
}

/** Every URL in the page's caches, and whether any offline copy of the vault is left. */
async function whatTheDeviceKeeps(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    const databases = (await indexedDB.databases()).map((database) => database.name);
    return { urls, databases };
  });
}

// Chromium installs no app from an incognito profile, which is what a test's own context is: this
// test opens a browser with a profile on disk.
let profileDir = '';
let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ playwright }) => {
  test.skip(process.env.E2E_SKIP === '1', 'No Chromium on this machine (see the warning above)');
  profileDir = mkdtempSync(path.join(os.tmpdir(), 'sv-installable-'));
  const executablePath = chromiumPath();
  context = await playwright.chromium.launchPersistentContext(profileDir, {
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 254) + 1}.7` },
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterEach(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

test('installs, opens offline with the vault as last seen, and forgets it on signing out', async ({
  readMailbox,
}) => {
  await createCustomer(page.request, readMailbox, uniqueEmail('pwa'), 'correct horse battery');

  await test.step('Chromium finds the app installable, with its manifest and icons', async () => {
    await page.goto('/dashboard');
    await waitForPage(page);
    await expect(page.getByTestId('total-net-worth')).toContainText('$');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (
      await page.request.get('/manifest.webmanifest')
    ).json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'Secure Vault',
      short_name: 'Secure Vault',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      dir: 'ltr',
      lang: 'en',
      theme_color: '#fbfaf7',
      background_color: '#fbfaf7',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
      'any any',
    ]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type'], icon.src).toContain(icon.type);
      const body = await response.body();
      if (icon.type === 'image/png') {
        // A PNG's width and height, from its header, are the size the manifest says.
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
      }
    }
    const arabic = (await (
      await page.request.get('/manifest.ar.webmanifest')
    ).json()) as WebManifest;
    expect(arabic).toMatchObject({ dir: 'rtl', lang: 'ar', start_url: '/dashboard' });
  });

  await test.step('offline, the dashboard is the dated copy, with every action disabled', async () => {
    await waitUntilKeptOffline(page);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
      .toContain('secure-vault-private');
    await context.setOffline(true);
    await page.reload();
    const offline = page.getByTestId('offline-vault');
    await expect(offline.getByRole('heading', { level: 1 })).toHaveText(enVault.title);
    await expect(page.getByTestId('offline-as-of')).toHaveText(
      /^Offline — as of .+\d{1,2}:\d{2}.*, may be out of date$/,
    );
    await expect(offline.getByTestId('total-net-worth')).toContainText('$');
    const actions = offline.getByRole('navigation', { name: enVault.actions.label });
    const tiles = actions.getByRole('link');
    await expect(tiles).toHaveCount(9);
    for (const tile of await tiles.all()) await expect(tile).toBeDisabled();
    await expect(page.getByRole('button', { name: enVault.refresh })).toHaveCount(0);
  });

  await test.step('a page never opened shows the offline screen, in Arabic right to left too', async () => {
    // Another tab, so the dashboard stays open offline for the next step.
    const other = await context.newPage();
    await other.goto('/contact');
    await expect(other.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await other.evaluate(() => localStorage.setItem('language', 'ar'));
    await other.reload();
    await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(
      other.getByRole('heading', { level: 1, name: 'أنت غير متصل بالإنترنت' }),
    ).toBeVisible();
    // The profile is shared: the rest of the test reads English.
    await other.evaluate(() => localStorage.setItem('language', 'en'));
    await other.close();
  });

  await test.step('online again it is the live vault; signing out leaves nothing private', async () => {
    // The same page, not reloaded: the live answers come back and replace the copy.
    await context.setOffline(false);
    // It tries the server again every 5 s until it answers.
    await expect(page.getByRole('button', { name: enVault.refresh })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('offline-vault')).toHaveCount(0);
    await page.getByRole('button', { name: enApp.header.signOut, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: enApp.signOut.title })
      .getByRole('button', { name: enApp.signOut.confirm, exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
    const kept = await whatTheDeviceKeeps(page);
    expect(kept.urls.length).toBeGreaterThan(0);
    expect(kept.urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
    expect(kept.databases).not.toContain('secure-vault-private');
  });
});
