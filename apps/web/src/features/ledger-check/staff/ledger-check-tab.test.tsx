// The Ledger Check tab: runs on open, the success and the failure banners, the platform totals,
// the platform's position per asset, every difference as a row (and a card on phones), an
// unbalanced movement, "Run check" running it again, the load error with its retry, and the
// Arabic texts.
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
  positions: [
    {
      asset: 'USD',
      customers: '13777.00000000',
      tradingBook: '9765.99999895',
      rounding: '0.00000105',
      world: '-23600.00000000',
      interest: '-57.00000000',
      custodyIntake: '0.00000000',
      reserved: '0.00000000',
    },
    {
      asset: 'XAU',
      customers: '115000.00000000',
      tradingBook: '-115000.00000000',
      rounding: '0.00000000',
      world: '0.00000000',
      interest: '0.00000000',
      custodyIntake: '0.00000000',
      reserved: '0.00000000',
    },
    {
      asset: null,
      customers: '12500.00000000',
      tradingBook: '0.00000000',
      rounding: '0.00000000',
      world: '0.00000000',
      interest: '0.00000000',
      custodyIntake: '-12500.00000000',
      reserved: '0.00000000',
    },
  ],
  movements: 21,
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
    {
      userId: null,
      email: null,
      valuableId: null,
      itemName: 'XAG',
      kind: 'unbalanced',
      expected: '0.00000000',
      actual: '100.00000000',
      movement: '-42',
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
    expect(within(totals).getByTestId('ledger-total-movements')).toHaveTextContent('21');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the platform position per asset in each asset's own unit", async () => {
    stubApi({ [url]: { status: 200, body: whole } });
    renderWithProviders(<LedgerCheckTab />);
    const table = await screen.findByTestId('ledger-position-table');
    const rows = within(table).getAllByTestId('ledger-position-row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'USD',
      'XAU',
      'Custody items',
    ]);
    const [cash, gold, items] = rows as [HTMLElement, HTMLElement, HTMLElement];
    // Cash in dollars, down to the rounding account's sub-cents.
    expect(within(cash).getByTestId('ledger-position-customers')).toHaveTextContent('$13,777.00');
    expect(within(cash).getByTestId('ledger-position-rounding')).toHaveTextContent('$0.00000105');
    expect(within(cash).getByTestId('ledger-position-world')).toHaveTextContent('-$23,600.00');
    // A listed asset in its quantity, never dollars.
    expect(within(gold).getByTestId('ledger-position-tradingBook')).toHaveTextContent('-115000');
    expect(gold).not.toHaveTextContent('$');
    expect(within(items).getByTestId('ledger-position-custodyIntake')).toHaveTextContent(
      '-$12,500.00',
    );
    expect(within(table).getByRole('columnheader', { name: 'Trading book' })).toBeInTheDocument();
  });

  it('lists every difference with the customer, the item, what differs, expected and actual', async () => {
    stubApi({ [url]: { status: 200, body: broken } });
    renderWithProviders(<LedgerCheckTab />);
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent(
      '3 differences found',
    );
    const rows = within(screen.getByTestId('ledger-difference-table')).getAllByTestId(
      'ledger-difference-row',
    );
    expect(rows).toHaveLength(3);
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
    // An unbalanced movement names the asset and the movement; silver is left over in grams.
    expect(rows[2]).toHaveTextContent('A movement does not balance');
    expect(rows[2]).toHaveTextContent('XAG');
    expect(rows[2]).toHaveTextContent('Movement -42');
    expect(rows[2]).toHaveTextContent('100');
    expect(rows[2]).not.toHaveTextContent('$');
    const cards = within(screen.getByTestId('ledger-difference-cards')).getAllByTestId(
      'ledger-difference-card',
    );
    expect(cards).toHaveLength(3);
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
      expect(screen.getByTestId('ledger-check-result')).toHaveTextContent('3 differences found'),
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
    expect(await screen.findByTestId('ledger-check-result')).toHaveTextContent(
      'عُثر على 3 اختلافات',
    );
    expect(screen.getByRole('button', { name: 'تشغيل الفحص' })).toBeInTheDocument();
    expect(screen.getByText('مطابقة السجل')).toBeInTheDocument();
    expect(screen.getByText('مركز المنصة حسب الأصل')).toBeInTheDocument();
    expect(screen.getByText('حركة غير متوازنة', { selector: 'td' })).toBeInTheDocument();
  });
});
