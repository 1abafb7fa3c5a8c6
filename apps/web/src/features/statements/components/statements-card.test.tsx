// The Settings card builds its two download links from the chosen month and language: the
// statement of a UTC calendar month (this one and the 11 before it) and the proof of holdings.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { StatementsCard } from './statements-card';

beforeAll(() => loadCatalogs(['statements']));
// An account opened long ago, unless a test says otherwise.
beforeEach(() => {
  stubApi({ 'GET /api/v1/me/profile': { status: 200, body: profileBody } });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const profileBody = {
  userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  email: 'amira@example.com',
  fullName: 'Amira Haddad',
  bookBalance: '0.00',
  kycCompleted: true,
  dateOfBirth: null,
  country: null,
  city: null,
  streetAddress: null,
  postalCode: null,
  phoneNumber: null,
  accountNumber: '1234567897',
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
};

/** 00:30 UTC on 1 January 2026: still 31 December 2025 west of Greenwich. */
function atNewYear() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:30:00Z'));
}

describe('StatementsCard', () => {
  it('offers this UTC month and the 11 before it, newest first, and links to their PDFs', async () => {
    atNewYear();
    const user = userEvent.setup();
    renderWithProviders(<StatementsCard />);
    const month = await screen.findByLabelText('Month');
    const options = within(month).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'January 2026',
      'December 2025',
      'November 2025',
      'October 2025',
      'September 2025',
      'August 2025',
      'July 2025',
      'June 2025',
      'May 2025',
      'April 2025',
      'March 2025',
      'February 2025',
    ]);
    expect(month).toHaveValue('2026-01');

    const statement = screen.getByRole('link', { name: 'Download statement' });
    expect(statement).toHaveAttribute('href', '/api/v1/me/statements/2026-01.pdf?lang=en');
    expect(statement).toHaveAttribute('download');
    const proof = screen.getByRole('link', { name: 'Download proof of holdings' });
    expect(proof).toHaveAttribute('href', '/api/v1/me/proof-of-holdings.pdf?lang=en');
    expect(proof).toHaveAttribute('download');

    await user.selectOptions(month, 'February 2025');
    await user.selectOptions(screen.getByLabelText('Document language'), 'العربية');
    expect(statement).toHaveAttribute('href', '/api/v1/me/statements/2025-02.pdf?lang=ar');
    expect(proof).toHaveAttribute('href', '/api/v1/me/proof-of-holdings.pdf?lang=ar');
  });

  it('offers no month before the account opened', async () => {
    atNewYear();
    stubApi({
      'GET /api/v1/me/profile': {
        status: 200,
        body: { ...profileBody, createdAt: '2025-11-15T09:00:00.000Z' },
      },
    });
    renderWithProviders(<StatementsCard />);
    const month = await screen.findByLabelText('Month');
    await waitFor(() =>
      expect(
        within(month)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['January 2026', 'December 2025', 'November 2025']),
    );
    expect(month).toHaveValue('2026-01');
  });

  it('points to /verify, where anyone can check a document', async () => {
    renderWithProviders(<StatementsCard />);
    const note = await screen.findByTestId('statements-signed-note');
    expect(note).toHaveTextContent(
      'Every document is signed by Secure Vault. Anyone can check one at /verify',
    );
    expect(within(note).getByRole('link', { name: '/verify' })).toHaveAttribute('href', '/verify');
  });

  it('names the months in Arabic and writes the documents in Arabic by default', async () => {
    atNewYear();
    await i18next.changeLanguage('ar');
    await loadCatalogs(['statements']);
    renderWithProviders(<StatementsCard />);
    const month = await screen.findByLabelText('الشهر');
    expect(within(month).getAllByRole('option')[0]).toHaveTextContent('يناير 2026');
    expect(within(month).getAllByRole('option')[1]).toHaveTextContent('ديسمبر 2025');
    expect(screen.getByLabelText('لغة المستند')).toHaveValue('ar');
    expect(screen.getByRole('link', { name: 'تنزيل كشف الحساب' })).toHaveAttribute(
      'href',
      '/api/v1/me/statements/2026-01.pdf?lang=ar',
    );
    expect(screen.getByRole('link', { name: 'تنزيل إثبات الحيازة' })).toHaveAttribute(
      'href',
      '/api/v1/me/proof-of-holdings.pdf?lang=ar',
    );
  });
});
