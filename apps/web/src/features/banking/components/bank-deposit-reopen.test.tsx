// A pending bank-transfer deposit's bank details, opened again from its row: read from the
// server when asked for, with a copy button per value, a loading state, a load error with a
// retry, and a note when staff settled it meanwhile; other rows have no such action.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { RequestList } from './request-list';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth', 'catalogue']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const pending = {
  id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e12',
  type: 'bank_deposit',
  status: 'pending',
  amount: '5000.00',
  reference: 'TXN1767225600000456',
  direction: null,
  counterpartyAccountNumber: null,
  counterpartyName: null,
  itemName: null,
  assetSymbol: null,
  quantity: null,
  bankName: null,
  bankAccountNumber: null,
  cardLastFour: null,
  cardType: null,
  reason: null,
  createdAt: '2026-05-15T10:00:00.000Z',
  updatedAt: '2026-05-15T10:00:00.000Z',
};
const failed = {
  ...pending,
  id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e13',
  status: 'failed',
  reference: 'TXN1767225600000999',
};
const bankDetails = {
  bankName: 'Secure Vault Custody Bank',
  accountName: 'Secure Vault Client Money',
  iban: 'GB33BUKB20201555555555',
  swiftCode: 'BUKBGB22',
};
const listPath = 'GET /api/v1/me/transfers?page=1&pageSize=10';
const depositPath = `GET /api/v1/me/deposits/bank/${pending.id}`;
const page = (items: unknown[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  counts: { pending: 1, completed: 0, failed: 1, cancelled: 0 },
});

type Reply = Parameters<typeof stubApi>[0][string];

function renderList(deposit: Reply = { status: 200, body: { ...pending, bankDetails } }) {
  const fetchMock = stubApi({
    [listPath]: { status: 200, body: page([pending, failed]) },
    [depositPath]: deposit,
  });
  renderWithProviders(<RequestList title="Your requests" emptyText="Nothing yet" />);
  return fetchMock;
}

const depositReads = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/me/deposits/bank/'));

describe('a pending bank-transfer deposit’s bank details', () => {
  it('open from its row, read when asked for, each value to copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = renderList();
    const rows = await screen.findAllByTestId('request-item-row');
    // Only the pending deposit has the action; the failed one has nothing to send.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(depositReads(fetchMock)).toHaveLength(0);

    const show = within(rows[0]!).getByRole('button', {
      name: 'Show the bank details for the deposit of $5,000.00',
    });
    expect(show).toHaveTextContent('Show bank details');
    await user.click(show);
    const dialog = await screen.findByRole('dialog', { name: 'Deposit by bank transfer' });
    const details = await within(dialog).findByTestId('bank-deposit-details');
    expect(depositReads(fetchMock)).toHaveLength(1);
    expect(within(dialog).getByText('Transfer $5,000.00 to:')).toHaveFocus();
    expect(details).toHaveTextContent('Secure Vault Custody Bank');
    expect(details).toHaveTextContent('Secure Vault Client Money');
    expect(within(details).getByTestId('bank-deposit-iban')).toHaveTextContent(bankDetails.iban);
    expect(within(details).getByTestId('bank-deposit-swiftCode')).toHaveTextContent('BUKBGB22');
    expect(within(details).getByTestId('bank-deposit-reference')).toHaveTextContent(
      pending.reference,
    );
    for (const name of ['Bank name', 'Account name', 'IBAN', 'SWIFT code', 'Reference']) {
      expect(within(details).getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument();
    }
    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenCalledWith(pending.reference);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus goes back to the row's button, where the customer was.
    expect(show).toHaveFocus();
  });

  it('shows placeholders while loading, then a load error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = renderList(() =>
      fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
        : { status: 200, body: { ...pending, bankDetails } },
    );
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/me/deposits/bank/')) await held;
      return answer!(url, init);
    });
    await user.click(await screen.findByRole('button', { name: /Show the bank details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Loading the bank details')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    expect(
      await within(dialog).findByText('Failed to load the bank details of this deposit.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('bank-deposit-details')).toBeInTheDocument();
  });

  it('says so when staff settled the deposit since the list was drawn', async () => {
    const user = userEvent.setup();
    renderList({ status: 200, body: { ...pending, status: 'completed', bankDetails } });
    await user.click(await screen.findByRole('button', { name: /Show the bank details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('bank-deposit-not-pending')).toHaveTextContent(
      'This deposit is no longer pending',
    );
    expect(within(dialog).queryByTestId('bank-deposit-details')).toBeNull();
  });

  it('speaks Arabic, the IBAN and reference kept left to right', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    renderList();
    const show = await screen.findByRole('button', { name: /^عرض البيانات المصرفية لإيداع بمبلغ/ });
    expect(show).toHaveTextContent('عرض البيانات المصرفية');
    await user.click(show);
    const dialog = await screen.findByRole('dialog', { name: 'الإيداع بتحويل مصرفي' });
    const details = await within(dialog).findByTestId('bank-deposit-details');
    expect(within(details).getByTestId('bank-deposit-iban')).toHaveAttribute('dir', 'ltr');
    expect(within(details).getByTestId('bank-deposit-reference')).toHaveAttribute('dir', 'ltr');
    expect(within(details).getByRole('button', { name: 'نسخ المرجع' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تم' })).toBeInTheDocument();
  });
});
