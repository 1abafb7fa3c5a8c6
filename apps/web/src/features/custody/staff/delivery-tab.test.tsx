// Delivery Management's list: what each request says, the statuses each one may move to (and
// only those), the status filter, the load error and the empty list, in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  deliveries,
  gold,
  listPath,
  listUrl,
  necklace,
  painting,
  ring,
  rowOf,
  watch,
} from '@/test/staff-delivery-test-data';
import { DeliveryTab } from './delivery-tab';

const namespaces = ['admin', 'custody', 'vault', 'catalogue', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

/** The statuses a row's dropdown offers, its prompt left out. */
function offered(row: HTMLElement): string[] {
  const select = within(row).queryByRole('combobox');
  if (!select) return [];
  return within(select)
    .getAllByRole('option')
    .slice(1)
    .map((option) => option.textContent ?? '');
}

describe('DeliveryTab', () => {
  it('lists every request with its customer, item, recipient, status and date', async () => {
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    expect(screen.getByTestId('delivery-loading')).toHaveAttribute('aria-busy', 'true');
    const rows = within(await screen.findByTestId('delivery-table')).getAllByTestId('delivery-row');
    expect(rows).toHaveLength(5);
    expect(screen.getByTestId('delivery-total')).toHaveTextContent('5 requests');

    const [first, second] = rows;
    expect(first).toHaveTextContent('amira@example.com');
    expect(within(first!).getByTestId('delivery-item')).toHaveTextContent(
      'Diamond necklace' + 'Jewelry · Value: $12,500.00',
    );
    const recipient = within(first!).getByTestId('delivery-recipient');
    expect(recipient).toHaveTextContent('Amira Haddad');
    expect(recipient).toHaveTextContent('amira.home@example.com');
    expect(recipient).toHaveTextContent('+971501234567');
    expect(recipient).toHaveTextContent('12 Palm Street Dubai');
    expect(within(first!).getByTestId('delivery-status-badge')).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('Mar 2, 2026');
    // Part of a metal position: the catalogue's name and the quantity in milligrams.
    expect(within(second!).getByTestId('delivery-item')).toHaveTextContent(
      'Gold' + '1,000.000 mg · Value: $57.00',
    );
    expect(within(second!).getByRole('button', { name: /^Tracking \(2\)/ })).toBeVisible();
    // The phone layout has the same requests as cards.
    expect(
      within(screen.getByTestId('delivery-cards')).getAllByTestId('delivery-card'),
    ).toHaveLength(5);
  });

  it('offers only the statuses a request may move to next', async () => {
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    expect(offered(await rowOf(necklace))).toEqual(['Processing', 'Cancelled']);
    expect(offered(await rowOf(gold))).toEqual(['Shipped', 'Cancelled']);
    expect(offered(await rowOf(painting))).toEqual(['Delivered']);
    // Delivered and cancelled are final: no dropdown at all.
    for (const item of [watch, ring]) {
      const row = await rowOf(item);
      expect(offered(row)).toEqual([]);
      expect(within(row).getByTestId('delivery-final')).toHaveTextContent('Final status');
      expect(within(row).queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
    }
    // Choosing alone sends nothing; Update waits for a choice.
    const row = await rowOf(necklace);
    expect(within(row).getByRole('button', { name: /^Update/ })).toBeDisabled();
    expect(within(row).getByLabelText('New status for Amira Haddad, Diamond necklace')).toHaveValue(
      '',
    );
  });

  it('asks the server for the chosen status only', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: deliveries },
      [`GET ${listPath}?status=shipped`]: { status: 200, body: [painting] },
      [`GET ${listPath}?status=cancelled`]: { status: 200, body: [] },
    });
    renderWithProviders(<DeliveryTab />);
    await screen.findByTestId('delivery-table');
    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() =>
      expect(screen.getByTestId('delivery-total')).toHaveTextContent('1 request'),
    );
    expect(fetchMock).toHaveBeenLastCalledWith(`${listPath}?status=shipped`, expect.anything());
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(await screen.findByTestId('delivery-empty')).toHaveTextContent(
      'No delivery requests with this status',
    );
  });

  it('offers to try again when the list could not be loaded, then shows it empty', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: [] };
      },
    });
    renderWithProviders(<DeliveryTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading delivery requests');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('delivery-empty')).toHaveTextContent(
      'No delivery requests found',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    expect(await screen.findByRole('heading', { name: 'إدارة التوصيل' })).toBeVisible();
    const row = await rowOf(necklace);
    expect(within(row).getByTestId('delivery-status-badge')).toHaveTextContent('قيد الانتظار');
    expect(within(row).getByTestId('delivery-item')).toHaveTextContent('مجوهرات');
    expect(offered(row)).toEqual(['قيد المعالجة', 'ملغى']);
    expect(within(row).getByRole('button', { name: /^تحديث/ })).toBeDisabled();
    expect(within(await rowOf(gold)).getByTestId('delivery-item')).toHaveTextContent('ذهب');
    expect(screen.getByTestId('delivery-total')).toHaveTextContent('5 طلبات');
  });
});
