import { e2eBaseUrl, expect, test, waitForPage } from './support/fixtures.ts';
import enContact from '../apps/web/src/locales/en/contact.json' with { type: 'json' };
import arContact from '../apps/web/src/locales/ar/contact.json' with { type: 'json' };

const catalogs = { en: enContact, ar: arContact } as const;

for (const language of ['en', 'ar'] as const) {
  const t = catalogs[language];

  test.describe(`contact form (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('shows each SPEC message for bad input and sends nothing', async ({ page }) => {
      await page.goto('/contact');
      await waitForPage(page);
      await page.getByLabel(t.form.fullName).fill('A');
      await page.getByLabel(t.form.email).fill('not-an-email');
      await page.getByLabel(t.form.phone).fill('12345');
      await page.getByLabel(t.form.enquiry).fill('short');
      await page.getByRole('button', { name: t.form.submit }).click();

      await expect(page.getByText(t.errors.fullName)).toBeVisible();
      await expect(page.getByText(t.errors.email)).toBeVisible();
      await expect(page.getByText(t.errors.phone)).toBeVisible();
      await expect(page.getByText(t.errors.enquiry)).toBeVisible();
      await expect(page).toHaveURL(/\/contact$/);
    });

    test('sends a message, shows the thank-you page and mails a confirmation', async ({
      page,
      readMailbox,
    }) => {
      const email = `visitor-${language}-${Date.now()}@example.com`;
      await page.goto('/contact');
      await waitForPage(page);
      await page.getByLabel(t.form.fullName).fill('Mariam Al Mansoori');
      await page.getByLabel(t.form.email).fill(email);
      await page.getByLabel(t.form.phone).fill('+971 50 123 4567');
      await page
        .getByLabel(t.form.enquiry)
        .fill('I would like to store my family jewellery securely.');
      await page.getByRole('button', { name: t.form.submit }).click();

      await expect(page).toHaveURL(/\/thank-you$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.thankYou.title);
      await expect(page.getByText(t.thankYou.reply)).toBeVisible();

      const mail = await readMailbox(email);
      expect(mail).toHaveLength(1);
      // A fixed acknowledgement, the page's language first, quoting nothing the visitor wrote.
      expect(mail[0]?.subject).toMatch(
        language === 'ar' ? /^تلقّينا رسالتك/ : /^We received your message/,
      );
      expect(mail[0]?.text).not.toContain('family jewellery');
      expect(mail[0]?.text).not.toContain('Mariam');
    });

    test('shows the SPEC error toast when sending fails', async ({ page }) => {
      await page.route('**/api/v1/contact', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"UNAVAILABLE","message":"down"}}',
        }),
      );
      await page.goto('/contact');
      await waitForPage(page);
      await page.getByLabel(t.form.fullName).fill('Mariam Al Mansoori');
      await page.getByLabel(t.form.email).fill('mariam@example.com');
      await page.getByLabel(t.form.phone).fill('+971 50 123 4567');
      await page
        .getByLabel(t.form.enquiry)
        .fill('I would like to store my family jewellery securely.');
      await page.getByRole('button', { name: t.form.submit }).click();

      await expect(page.getByText(t.sendFailed.description)).toBeVisible();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
}

test('the dev mailbox page shows mail for an address', async ({ browser, request }) => {
  test.skip(process.env.E2E_SKIP === '1', 'No Chromium on this machine');
  const email = `mailbox-${Date.now()}@example.com`;
  const res = await request.post('/api/v1/contact', {
    headers: { 'x-requested-with': 'secure-vault' },
    data: {
      fullName: 'Mailbox Check',
      email,
      phone: '0501234567',
      enquiry: 'Checking the development mailbox.',
    },
  });
  expect(res.status()).toBe(201);
  // A browser on the server's machine, not behind the proxy (explicitly no X-Forwarded-For: a
  // context made in a test otherwise takes the test's own): only it may read the mailbox.
  const local = await browser.newContext({ baseURL: e2eBaseUrl(), extraHTTPHeaders: {} });
  try {
    const page = await local.newPage();
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByTestId('mail')).toHaveCount(1);
    await expect(page.getByTestId('mail')).toContainText('We received your message');
  } finally {
    await local.close();
  }
});
