// Transfer Management's list: what each row says, which rows can be decided, the query the
// filters and the pager build, and the load error, in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  bankDeposit,
  listPath,
  listUrl,
  page,
  rowOf,
  withdrawal,
} from '@/test/staff-transfer-test-data';
import { TransfersTab } from './transfers-tab';

const namespaces = ['admin', 'catalogue', 'transfers', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

describe('TransfersTab', () => {
  it('lists every transfer with its details, the total and the status counts', async () => {
    stubApi({ [listUrl]: { status: 200, body: page() } });
    renderWithProviders(<TransfersTab />);
    const table = await screen.findByTestId('transfers-table');
    const rows = within(table).getAllByTestId('transfer-row');
    expect(rows).toHaveLength(5);
    expect(screen.getByTestId('transfers-total')).toHaveTextContent('5 transfers');

    expect(rows[0]).toHaveTextContent('Bank deposit');
    expect(rows[0]).toHaveTextContent('$100.00');
    expect(rows[0]).toHaveTextContent('amira@example.com');
    expect(rows[0]).toHaveTextContent('1234567897');
    expect(rows[0]).toHaveTextContent('Quoting TXN1767000000000123');
    expect(within(rows[0]!).getByTestId('transfer-status-badge')).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Card deposit');
    expect(rows[1]).toHaveTextContent('$250.50');
    expect(rows[1]).toHaveTextContent('Visa •••• 4242');
    expect(rows[2]).toHaveTextContent('Withdrawal');
    expect(rows[2]).toHaveTextContent('WTH1767000000000789');
    expect(rows[2]).toHaveTextContent('Emirates NBD');
    expect(rows[2]).toHaveTextContent('1014567890');
    expect(rows[3]).toHaveTextContent('Convert to cash');
    expect(within(rows[3]!).getByTestId('transfer-status-badge')).toHaveTextContent('Failed');
    expect(within(rows[3]!).getByTestId('transfer-reason')).toHaveTextContent(
      'Reason: The holdings no longer cover it',
    );
    expect(rows[4]).toHaveTextContent('Asset transfer');
    expect(rows[4]).toHaveTextContent('omar@example.com');
    expect(rows[4]).toHaveTextContent('9876543210');
    expect(within(rows[4]!).getByTestId('transfer-item')).toHaveTextContent('Gold · 1,000.000 mg');

    const statusFilter = screen.getByLabelText('Status');
    expect(
      within(statusFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses (5)', 'Pending (3)', 'Completed (1)', 'Failed (1)', 'Cancelled (0)']);
    // The phone layout has the same transfers as cards.
    expect(
      within(screen.getByTestId('transfers-cards')).getAllByTestId('transfer-card'),
    ).toHaveLength(5);
  });

  it('offers Complete, Fail and Cancel on pending requests only', async () => {
    stubApi({ [listUrl]: { status: 200, body: page() } });
    renderWithProviders(<TransfersTab />);
    const rows = within(await screen.findByTestId('transfers-table')).getAllByTestId(
      'transfer-row',
    );
    for (const row of rows.slice(0, 3)) {
      const names = within(row)
        .getAllByRole('button')
        .map((button) => button.textContent);
      expect(names).toEqual([
        expect.stringMatching(/^Complete/),
        expect.stringMatching(/^Fail/),
        expect.stringMatching(/^Cancel/),
      ]);
    }
    // A decided request and an asset transfer (completed at once) have none.
    expect(within(rows[3]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(rows[4]!).queryAllByRole('button')).toHaveLength(0);
  });

  it('builds the query from the filters and the page, back to page 1 on a new filter', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: page({ total: 60 }) },
      [`GET ${listPath}?page=2&pageSize=25`]: { status: 200, body: page({ total: 60, page: 2 }) },
      [`GET ${listPath}?type=bank_deposit&page=1&pageSize=25`]: {
        status: 200,
        body: page({ items: [bankDeposit], total: 1 }),
      },
      [`GET ${listPath}?type=bank_deposit&status=pending&page=1&pageSize=25`]: {
        status: 200,
        body: page({ items: [bankDeposit], total: 1 }),
      },
    });
    renderWithProviders(<TransfersTab />);
    const pager = await screen.findByTestId('transfers-pager');
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('transfers-pager')).toHaveTextContent('Page 2 of 3'),
    );

    await user.selectOptions(screen.getByLabelText('Type'), 'Bank deposits');
    await waitFor(() =>
      expect(screen.getByTestId('transfers-total')).toHaveTextContent('1 transfer'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Pending (3)');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(
        `${listPath}?type=bank_deposit&status=pending&page=1&pageSize=25`,
        expect.anything(),
      ),
    );
    // One page: no pager.
    expect(screen.queryByTestId('transfers-pager')).not.toBeInTheDocument();
  });

  it('refreshes the list on Refresh', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return { status: 200, body: page(calls === 1 ? {} : { items: [bankDeposit], total: 1 }) };
      },
    });
    renderWithProviders(<TransfersTab />);
    expect(screen.getByTestId('transfers-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('transfers-total')).toHaveTextContent('5 transfers');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByTestId('transfers-total')).toHaveTextContent('1 transfer'),
    );
    expect(calls).toBe(2);
  });

  it('offers to try again when the list could not be loaded, then shows it empty', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : {
              status: 200,
              body: page({
                items: [],
                total: 0,
                counts: { pending: 0, completed: 0, failed: 0, cancelled: 0 },
              }),
            };
      },
    });
    renderWithProviders(<TransfersTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading transfers');
    expect(alert).toHaveTextContent('Failed to fetch transfer data');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('transfers-empty')).toHaveTextContent('No transfers found');
    expect(screen.getByTestId('transfers-total')).toHaveTextContent('0 transfers');
  });

  it('keeps emails and account numbers whole and left to right; an IBAN wraps only between groups of four', async () => {
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    const iban = 'AE070331234567890123456';
    const toIban = { ...withdrawal, bankAccountNumber: iban };
    stubApi({ [listUrl]: { status: 200, body: page({ items: [bankDeposit, toIban], total: 2 }) } });
    renderWithProviders(<TransfersTab />);
    const deposit = await rowOf(bankDeposit);
    const account = within(deposit).getByText('1234567897');
    expect(account.closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(account).toHaveClass('whitespace-nowrap');
    expect(account).not.toHaveClass('break-all');
    const email = within(deposit).getByText(
      (_, node) => node?.textContent === 'amira@example.com' && node.tagName === 'BDI',
    );
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(email).not.toHaveClass('break-all');

    const bank = within(await rowOf(toIban)).getByText(
      (_, node) => node?.tagName === 'BDI' && node.textContent === iban,
    );
    expect(bank).toHaveAttribute('dir', 'ltr');
    expect(bank).not.toHaveClass('break-all');
    // Each group of four stays whole; the only places to wrap are between them.
    const groups = [...bank.querySelectorAll('span')].map((group) => group.textContent);
    expect(groups).toEqual(['AE07', '0331', '2345', '6789', '0123', '456']);
    expect(bank.querySelectorAll('wbr')).toHaveLength(5);
  });

  it("stacks a pending request's actions in the table, so the table fits its card", async () => {
    stubApi({ [listUrl]: { status: 200, body: page() } });
    renderWithProviders(<TransfersTab />);
    const row = await rowOf(bankDeposit);
    const actions = within(row).getByRole('button', { name: /^Complete/ }).parentElement!;
    // Side by side the three buttons made the table 34 px wider than its card at 1280 px.
    expect(actions).toHaveClass('lg:flex-col');
    expect(actions).not.toHaveClass('lg:flex-nowrap');
  });

  it('reads in Arabic, with the same actions and the decision explained, approval included', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [listUrl]: { status: 200, body: page() } });
    renderWithProviders(<TransfersTab />);
    expect(await screen.findByRole('heading', { name: 'إدارة التحويلات' })).toBeVisible();
    const row = await rowOf(bankDeposit);
    expect(row).toHaveTextContent('إيداع بنكي');
    expect(within(row).getByTestId('transfer-status-badge')).toHaveTextContent('معلّق');
    expect(within(screen.getByLabelText('الحالة')).getAllByRole('option')[1]).toHaveTextContent(
      'معلّق (3)',
    );
    expect(screen.getByTestId('transfers-total')).toHaveTextContent('5 تحويلات');
    await user.click(within(row).getByRole('button', { name: /^إكمال/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'إكمال هذا الطلب؟' });
    expect(within(dialog).getByTestId('transfer-effect')).toHaveTextContent(
      'يُضاف \u2066100.00 US$\u2069 إلى رصيد العميل النقدي. يسري بعد أن يوافق عليه موظف آخر من صفحة الموافقات، ولا يمكن تغييره بعد ذلك.',
    );
    expect(within(dialog).getByRole('button', { name: 'رجوع' })).toBeVisible();
  });
});
