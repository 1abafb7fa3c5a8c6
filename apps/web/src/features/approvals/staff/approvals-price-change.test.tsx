// Approvals with a price change (decision 028): no customer, the asset by its name, the book's
// buy and sell before → after, and what it does to every customer's holdings of the asset
// together; approving says that first, rejecting and withdrawing say the book keeps its prices;
// in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { ApprovalsTab } from './approvals-tab';
import { maker, priceChange, proposal, proposalPage } from '@/test/approvals-test-data';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['admin', 'vault', 'auth', 'transfers', 'catalogue'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const pendingUrl = 'GET /api/v1/admin/proposals?state=pending&page=1&pageSize=25';
const gold = priceChange();
/** Silver down, proposed by the signed-in staff member: they may withdraw it. */
const silver = priceChange({
  id: '5a1d0000-0000-4000-8000-0000000000a2',
  amount: '-310.5',
  price: {
    symbol: 'AG',
    buy: '0.0008',
    sell: '0.0007',
    buyBefore: '0.00084',
    sellBefore: '0.00084',
  },
  canDecide: false,
  canWithdraw: true,
});

async function priceRows() {
  const table = await screen.findByTestId('approvals-table');
  return within(table).getAllByTestId('proposal-row');
}

describe('ApprovalsTab with price changes', () => {
  it('lists a price change with its asset, prices before and after, and the revaluation', async () => {
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([proposal(), gold, silver]) } });
    renderWithProviders(<ApprovalsTab />);
    const [intake, first, second] = (await priceRows()) as [HTMLElement, HTMLElement, HTMLElement];
    // A customer's proposal keeps its customer.
    expect(intake).toHaveTextContent('amira@example.com');

    expect(first).toHaveTextContent('Price change');
    expect(within(first).getByTestId('proposal-asset')).toHaveTextContent('Gold (AU)');
    expect(within(first).getByTestId('proposal-no-customer')).toHaveTextContent(
      'None: it changes the price book',
    );
    expect(within(first).getByTestId('proposal-price-buy')).toHaveTextContent('Buy$0.057to $0.06');
    expect(within(first).getByTestId('proposal-price-sell')).toHaveTextContent(
      'Sell$0.057to $0.058',
    );
    expect(within(first).getByTestId('proposal-effect')).toHaveTextContent('+$1,200.00');
    expect(within(first).getByTestId('proposal-effect')).toHaveClass('text-success');
    expect(within(first).getByTestId('proposal-maker')).toHaveTextContent(maker.email);
    // A screen reader hears which proposal each button acts on.
    expect(within(first).getByRole('button', { name: /^Approve/ })).toHaveAccessibleName(
      /^Approve ?\(Price change, Gold, \+\$1,200\.00\)$/,
    );

    expect(within(second).getByTestId('proposal-asset')).toHaveTextContent('Silver (AG)');
    expect(within(second).getByTestId('proposal-effect')).toHaveTextContent('-$310.50');
    expect(within(second).getByTestId('proposal-effect')).toHaveClass('text-destructive');
    expect(within(second).getByTestId('proposal-waiting')).toHaveTextContent(
      'Waiting for another staff member',
    );

    // The phone cards say the same.
    const cards = within(screen.getByTestId('approvals-cards')).getAllByTestId('proposal-card');
    expect(cards[1]).toHaveTextContent('None: it changes the price book');
    expect(within(cards[1]!).getByTestId('proposal-prices')).toBeInTheDocument();
  });

  it('says what approving sets and what it does to the holdings, first', async () => {
    const user = userEvent.setup();
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([gold]) } });
    renderWithProviders(<ApprovalsTab />);
    const [row] = await priceRows();
    await user.click(within(row!).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this change?' });
    expect(within(dialog).getByTestId('proposal-dialog-effect')).toHaveTextContent(
      "Sets the book's prices of \u2068Gold\u2069: buy $0.06, sell $0.058. Every customer's " +
        'holdings of \u2068Gold\u2069 together gain $1,200.00 in value.',
    );
    expect(within(dialog).getByTestId('proposal-summary')).toHaveTextContent(
      `Price change: \u2068Gold\u2069. Proposed by \u2068${maker.email}\u2069 on`,
    );
  });

  it('says rejecting and withdrawing leave the book as it is', async () => {
    const user = userEvent.setup();
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([gold, silver]) } });
    renderWithProviders(<ApprovalsTab />);
    const [first, second] = (await priceRows()) as [HTMLElement, HTMLElement];
    await user.click(within(first).getByRole('button', { name: /^Reject/ }));
    const reject = await screen.findByRole('alertdialog', { name: 'Reject this change?' });
    expect(reject).toHaveTextContent('Nothing changes in the price book.');
    await user.click(within(reject).getByRole('button', { name: 'Go back' }));

    await user.click(within(second).getByRole('button', { name: /^Withdraw/ }));
    const withdraw = await screen.findByRole('alertdialog', { name: 'Withdraw this proposal?' });
    expect(withdraw).toHaveTextContent('Nothing changes in the price book.');
  });

  it('reads in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [pendingUrl]: { status: 200, body: proposalPage([gold]) } });
    renderWithProviders(<ApprovalsTab />);
    const [row] = await priceRows();
    expect(row).toHaveTextContent('تغيير سعر');
    expect(within(row!).getByTestId('proposal-asset')).toHaveTextContent('الذهب');
    expect(within(row!).getByTestId('proposal-no-customer')).toHaveTextContent(
      'لا يوجد: يغيّر دفتر الأسعار',
    );
    await user.click(within(row!).getByRole('button', { name: /^موافقة/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('proposal-dialog-effect')).toHaveTextContent(
      'تزيد قيمة مقتنيات جميع العملاء من \u2068الذهب\u2069 مجتمعة بمقدار \u20661,200.00 US$\u2069.',
    );
  });
});
