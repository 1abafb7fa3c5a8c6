// The Ledger Check tab: runs on open, the success and the failure banners, the platform totals,
// every difference as a row (and a card on phones), "Run check" running it again, the load
// error with its retry, and the Arabic texts.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { LedgerReport } from '@secure-vault/shared/ledger-check/contracts';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { LedgerCheckTab } from './ledger-check-tab';

const url = 'GET /api/v1/admin/ledger-check';

beforeAll(() => loadCatalogs(['admin']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const platform = {
  holdingsValue: '48556.99999895',
  journalValue: '48556.99999895',
  roundingAccount: '0.00000105',
  cash: '13777.00000000',
  deposits: '36000.00000000',
  withdrawals: '0.00000000',
  fixedTermProfit: '57.00000000',
  staffAdjustments: '12500.00000000',
  delivered: '0.00000000',
  journalRows: 32,
};

const whole: LedgerReport = {
  checkedAt: '2026-11-25T18:28:23.460Z',
  journalPosition: '2026-11-20T06:18:00.000Z',
  customers: 3,
  holdings: 14,
  differences: [],
  platform,
  ok: true,
};

const laylaId = '2b1c0000-0000-4000-8000-000000000001';
const goldId = '2b1c0000-0000-4000-8000-000000000002';
const broken: LedgerReport = {
  ...whole,
  differences: [
    {
      userId: laylaId,
      email: 'layla@demo.secure-vault.test',
      valuableId: goldId,
      itemName: 'Gold <script>',
      kind: 'quantity',
      expected: '115000.00000000',
      actual: '115001.00000000',
    },
    {
      userId: null,
      email: null,
      valuableId: null,
      itemName: null,
      kind: 'platform',
      expected: '48556.99999895',
      actual: '48557.99999895',
    },
  ],
  platform: { ...platform, holdingsValue: '48557.99999895' },
  ok: false,
};

describe('LedgerCheckTab', () => {
  it('runs the check on open and says every holding matches, with the platform totals', async () => {
    const fetchMock = stubApi({ [url]: { status: 200, body: whole } });
    renderWithProviders(<LedgerCheckTab />);
    expect(screen.getByTestId('ledger-check-loading')).toHaveAttribute('aria-busy', 'true');
    const result = await screen.findByTestId('ledger-check-result');
    expect(result).toHaveTextContent('Every holding matches the journal');
    expect(result).toHaveTextContent('3 customers and 14 holdings checked');
    expect(result).toHaveTextContent('Nov 20, 2026');
    expect(screen.queryByTestId('ledger-difference-table')).toBeNull();
    const totals = screen.getByTestId('ledger-check-totals');
    expect(within(totals).getByTestId('ledger-total-holdingsValue')).toHaveTextContent(
      '$48,556.99999895',
    );
    expect(within(totals).getByTestId('ledger-total-deposits')).toHaveTextContent('$36,000.00');
    expect(within(totals).getByTestId('ledger-total-roundingAccount')).toHaveTextContent(
      '$0.00000105',
    );
    expect(totals).toHaveTextContent('Journal rows');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lists every difference with the customer, the item, what differs, expected and actual', async () => {
    stubApi({ [url]: { status: 200, body: broken } });
    renderWithProviders(<LedgerCheckTab />);
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent(
      '2 differences found',
    );
    const rows = within(screen.getByTestId('ledger-difference-table')).getAllByTestId(
      'ledger-difference-row',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('layla@demo.secure-vault.test');
    // A hostile item name is text, never markup.
    expect(rows[0]).toHaveTextContent('Gold <script>');
    expect(document.querySelector('script')).toBeNull();
    expect(rows[0]).toHaveTextContent('Quantity differs from the journal');
    // A quantity is the exact number, not dollars.
    expect(rows[0]).toHaveTextContent('115000');
    expect(rows[0]).toHaveTextContent('115001');
    expect(rows[0]).not.toHaveTextContent('$');
    expect(rows[1]).toHaveTextContent('Platform');
    expect(rows[1]).toHaveTextContent('Holdings and journal totals disagree');
    expect(rows[1]).toHaveTextContent('$48,556.99999895');
    expect(rows[1]).toHaveTextContent('$48,557.99999895');
    const cards = within(screen.getByTestId('ledger-difference-cards')).getAllByTestId(
      'ledger-difference-card',
    );
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Expected (journal)');
  });

  it('runs the check again on "Run check" and shows the new result', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [url]: () => {
        calls += 1;
        return { status: 200, body: calls === 1 ? whole : broken };
      },
    });
    renderWithProviders(<LedgerCheckTab />);
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent(
      'Every holding matches the journal',
    );
    await user.click(screen.getByRole('button', { name: 'Run check' }));
    await waitFor(() =>
      expect(screen.getByTestId('ledger-check-result')).toHaveTextContent('2 differences found'),
    );
    expect(calls).toBe(2);
  });

  it('offers to try again when the check could not run', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [url]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: whole };
      },
    });
    renderWithProviders(<LedgerCheckTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The ledger check could not run');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent(
      'Every holding matches the journal',
    );
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    await loadCatalogs(['admin']);
    stubApi({ [url]: { status: 200, body: broken } });
    renderWithProviders(<LedgerCheckTab />);
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent('عُثر على اختلافين');
    expect(screen.getByRole('button', { name: 'تشغيل الفحص' })).toBeInTheDocument();
    expect(screen.getByText('مطابقة السجل')).toBeInTheDocument();
  });
});
