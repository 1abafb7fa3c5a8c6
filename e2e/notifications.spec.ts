// The notification centre and security alerts (issue 28): a sign-in from a browser the account has
// not seen is mailed and lands in the centre; the header's bell counts what is unread and follows a
// new notice without a reload; opening a notice and "Mark all as read" clear the count; and
// Settings → Notifications turns a kind of mail back on, with security alerts locked on.
import { expect, test, waitForPage } from './support/fixtures.ts';
import { createCustomer, csrf, uniqueEmail } from './support/auth.ts';
import { signInThroughForm } from './support/vault.ts';
import enApp from '../apps/web/src/locales/en/app.json' with { type: 'json' };
import arApp from '../apps/web/src/locales/ar/app.json' with { type: 'json' };
import enNotifications from '../apps/web/src/locales/en/notifications.json' with { type: 'json' };
import arNotifications from '../apps/web/src/locales/ar/notifications.json' with { type: 'json' };

const catalogs = {
  en: { app: enApp, notifications: enNotifications },
  ar: { app: arApp, notifications: arNotifications },
} as const;

/** The notices' titles, as the server's mail templates word them (mail/security-templates.ts). */
const titles = {
  en: { newSignIn: 'New sign-in to your account', settings: 'Your notification settings changed' },
  ar: { newSignIn: 'تسجيل دخول من جهاز جديد', settings: 'تم تغيير إعدادات الإشعارات' },
} as const;

/** As vault-live.spec.ts: what proves no reload is needed, not how fast the notice travels. */
const liveTimeout = 15_000;

for (const language of ['en', 'ar'] as const) {
  const { app, notifications: n } = catalogs[language];
  const title = titles[language];
  const plural = new Intl.PluralRules(language);
  const header: Record<string, string> = app.header;
  /** The bell's accessible name for `count` unread, in the page's plural forms. */
  const bellName = (count: number) =>
    count === 0
      ? app.header.notifications
      : (header[`notificationsUnread_${plural.select(count)}`] ?? '').replace(
          '{{count}}',
          String(count),
        );

  test.describe(`notifications (${language})`, () => {
    test.beforeEach(async ({ usePreferences }) => {
      await usePreferences({ language });
    });

    test('security alerts reach the bell live, the centre and the mailbox', async ({
      page,
      request,
      readMailbox,
      expectAccessible,
    }) => {
      const email = uniqueEmail(`notifications-${language}`);
      // Signed up through the API, whose browser the account then knows: the page is a new one.
      await createCustomer(request, readMailbox, email, 'customer-password');
      await signInThroughForm(page, language, email, 'customer-password');
      await waitForPage(page);

      // Mailed in the sign-in's language, naming the browser and system in coarse terms.
      await expect
        .poll(
          async () =>
            (await readMailbox(email)).find((item) => item.subject.startsWith(title.newSignIn))
              ?.text,
          { message: `the new sign-in mail to ${email}` },
        )
        .toMatch(/Chrome\W+(?:on|على)\W+Linux/);
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(bellName(1));
      await page.evaluate(() => {
        (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      });

      // Another security notice, from this browser: the bell follows it without a reload.
      const changed = await page.request.put('/api/v1/me/notification-preferences', {
        headers: { ...csrf, 'accept-language': language },
        data: { mail: { money: false, custody: true, kyc: true } },
      });
      expect(changed.status(), await changed.text()).toBe(200);
      await expect(bell).toHaveAccessibleName(bellName(2), { timeout: liveTimeout });
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);

      // The centre: both under Today, newest first, in the page's language.
      await bell.click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(n.title);
      await expect(page.getByTestId('notification-day')).toHaveText([n.days.today]);
      const items = page.getByTestId('notification-item');
      const titles = items.getByRole('heading').getByRole('link');
      await expect(titles).toHaveText([title.settings, title.newSignIn]);
      await expect(items.getByTestId('notification-unread')).toHaveCount(2);
      await expectAccessible();

      // Opening a notice goes to its page and marks it read.
      await items.getByRole('link', { name: title.newSignIn }).click();
      await expect(page).toHaveURL(/\/settings\/sessions$/);
      await expect(bell).toHaveAccessibleName(bellName(1));

      await bell.click();
      await expect(items.filter({ hasText: title.newSignIn })).toHaveAttribute(
        'data-unread',
        'false',
      );
      await page.getByRole('button', { name: n.markAll, exact: true }).click();
      await expect(page.getByText(n.markedAll, { exact: true })).toBeVisible();
      await expect(bell).toHaveAccessibleName(bellName(0));
      await expect(page.getByTestId('notification-badge')).toHaveCount(0);
      await expect(page.getByTestId('notification-unread')).toHaveCount(0);

      // Settings → Notifications: money mail is off from above; turned on again here.
      await page.getByRole('link', { name: n.settingsLink, exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/notifications$/);
      const money = page.getByRole('switch', { name: n.settings.money.label, exact: true });
      await expect(money).toHaveAttribute('aria-checked', 'false');
      await money.click();
      await expect(page.getByText(n.settings.saved, { exact: true })).toBeVisible();
      await expect(money).toHaveAttribute('aria-checked', 'true');
      const security = page.getByRole('switch', { name: n.settings.security.label, exact: true });
      await expect(security).toHaveAttribute('aria-checked', 'true');
      await expect(security).toBeDisabled();
      // That change is a security notice too.
      await expect(bell).toHaveAccessibleName(bellName(1), { timeout: liveTimeout });
    });
  });
}
