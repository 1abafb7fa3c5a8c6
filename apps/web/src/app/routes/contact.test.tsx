// The contact form shows the text rule's message (decision 003) on the field it concerns: from its
// own check before sending, and from the server's answer when only the server refuses.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import ContactRoute from './contact';

beforeAll(() => loadCatalogs(['contact']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const textInvalid =
  'Remove the control or hidden formatting characters from this field (such as line breaks where one line is expected, or text-direction overrides).';

async function fillIn(fullName: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Full name'), fullName);
  await user.type(screen.getByLabelText('Email address'), 'layla@example.com');
  await user.type(screen.getByLabelText('Phone number'), '+971 50 123 4567');
  await user.type(screen.getByLabelText('Your enquiry'), 'I would like to store gold coins.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('/contact', () => {
  it('heads the form and the details one level under the page, skipping none', async () => {
    renderWithProviders(<ContactRoute />, { route: '/contact' });
    const headings = await screen.findAllByRole('heading');
    const levels = headings.map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.slice(1)).toEqual(levels.slice(1).map(() => 2));
  });

  it('refuses a name holding a text-direction override before sending it', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<ContactRoute />, { route: '/contact' });
    await fillIn('Gold \u202eksed');
    expect(await screen.findByText(textInvalid)).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's text refusal on its field, in Arabic too", async () => {
    stubApi({
      'POST /api/v1/contact': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.fullName', message: 'common:errors.textInvalid' }],
          },
        },
      },
    });
    renderWithProviders(<ContactRoute />, { route: '/contact' });
    await fillIn('Gold desk');
    expect(await screen.findByText(textInvalid)).toBeVisible();
    await loadCatalogs(['contact']);
    await i18next.changeLanguage('ar');
    await waitFor(() =>
      expect(
        screen.getByText(
          'أزِل من هذا الحقل رموز التحكم أو التنسيق المخفية (مثل فواصل الأسطر حيث يُنتظر سطر واحد، أو رموز فرض اتجاه النص).',
        ),
      ).toBeVisible(),
    );
  });
});
