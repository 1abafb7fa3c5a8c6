// The Tracking tab: every record with its recipient and the customer's email, the load error and
// the empty list, and the "Add record" dialog — a delivery request required, the dialog's subset
// of statuses — in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  adminRecord,
  callsTo,
  deliveries,
  gold,
  listUrl,
  trackingListUrl,
  trackingPath,
} from '@/test/staff-delivery-test-data';
import { TrackingTab } from './tracking-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['admin', 'custody', 'vault', 'catalogue', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const inTransit = adminRecord({
  id: '7e3f0000-0000-4000-8000-000000000011',
  deliveryId: gold.id,
  status: 'in_transit',
  location: 'Jebel Ali',
  message: 'On the way to the airport',
  createdAt: '2026-03-05T07:15:00.000Z',
});
const pending = adminRecord({
  id: '7e3f0000-0000-4000-8000-000000000010',
  deliveryId: gold.id,
  status: 'pending',
  recipientName: 'Amira Haddad',
  userEmail: 'amira@example.com',
  createdAt: '2026-03-02T09:30:00.000Z',
});
const records = [inTransit, pending];

describe('TrackingTab', () => {
  it('lists every record with its recipient, the customer’s email and the details', async () => {
    stubApi({ [trackingListUrl]: { status: 200, body: records } });
    renderWithProviders(<TrackingTab />);
    expect(screen.getByTestId('tracking-loading')).toHaveAttribute('aria-busy', 'true');
    const rows = within(await screen.findByTestId('tracking-table')).getAllByTestId('tracking-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('tracking-total')).toHaveTextContent('2 records');
    expect(rows[0]).toHaveTextContent('Omar Saleh');
    expect(rows[0]).toHaveTextContent('omar.customer@example.com');
    expect(within(rows[0]!).getByTestId('delivery-status-badge')).toHaveTextContent('In transit');
    expect(rows[0]).toHaveTextContent('Jebel Ali');
    expect(rows[0]).toHaveTextContent('On the way to the airport');
    expect(rows[0]).toHaveTextContent('Mar 5, 2026');
    expect(rows[1]).toHaveTextContent('Amira Haddad');
    expect(rows[1]).toHaveTextContent('amira@example.com');
    // No location and no message: said, not left blank.
    expect(within(rows[1]!).getAllByText('Not given')).toHaveLength(2);
    expect(
      within(screen.getByTestId('tracking-cards')).getAllByTestId('tracking-card'),
    ).toHaveLength(2);
  });

  it('offers to try again when the records could not be loaded, then shows them empty', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [trackingListUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: [] };
      },
    });
    renderWithProviders(<TrackingTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading tracking updates');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tracking-empty')).toHaveTextContent(
      'No tracking records found',
    );
  });

  it('adds a record: a delivery request is required, and the subset of statuses is offered', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    const added = adminRecord({ id: '7e3f0000-0000-4000-8000-000000000012', status: 'delivered' });
    const fetchMock = stubApi({
      [trackingListUrl]: () => {
        listCalls += 1;
        return { status: 200, body: listCalls === 1 ? records : [added, ...records] };
      },
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${trackingPath(gold)}`]: { status: 201, body: added },
    });
    renderWithProviders(<TrackingTab />);
    await screen.findByTestId('tracking-table');
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tracking record' });

    const request = await within(dialog).findByLabelText('Delivery request');
    const options = within(request).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Select a delivery request');
    expect(options[2]).toHaveTextContent(
      'Omar Saleh · Gold · omar.customer@example.com (Processing)',
    );
    expect(
      within(within(dialog).getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a status', 'Pending', 'Processing', 'In transit', 'Delivered', 'Cancelled']);

    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(await within(dialog).findByText('Please select a delivery request')).toBeVisible();
    expect(within(dialog).getByText('Please choose a status.')).toBeVisible();
    expect(request).toHaveFocus();
    expect(callsTo(fetchMock, trackingPath(gold))).toHaveLength(0);

    await user.selectOptions(request, gold.id);
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Delivered');
    await user.type(within(dialog).getByLabelText('Message'), 'Signed for at reception');
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    await waitFor(() => expect(callsTo(fetchMock, trackingPath(gold))).toHaveLength(1));
    expect(callsTo(fetchMock, trackingPath(gold))[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ status: 'delivered', message: 'Signed for at reception' }),
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Tracking record added successfully'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByTestId('tracking-total')).toHaveTextContent('3 records'),
    );
  });

  it('says when adding the record failed, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    stubApi({
      [trackingListUrl]: { status: 200, body: records },
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${trackingPath(gold)}`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'No such request.' } },
      },
    });
    renderWithProviders(<TrackingTab />);
    await user.click(await screen.findByRole('button', { name: 'Add record' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Delivery request'), gold.id);
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Pending');
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error adding tracking update', expect.anything()),
    );
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({
      [trackingListUrl]: { status: 200, body: records },
      [listUrl]: { status: 200, body: deliveries },
    });
    renderWithProviders(<TrackingTab />);
    expect(await screen.findByRole('heading', { name: 'التتبع' })).toBeVisible();
    const rows = within(await screen.findByTestId('tracking-table')).getAllByTestId('tracking-row');
    expect(within(rows[0]!).getByTestId('delivery-status-badge')).toHaveTextContent('في الطريق');
    expect(within(rows[1]!).getAllByText('غير محدد')).toHaveLength(2);
    expect(screen.getByTestId('tracking-total')).toHaveTextContent('سجلان');
    await user.click(screen.getByRole('button', { name: 'إضافة سجل' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سجل تتبع' });
    await within(dialog).findByLabelText('طلب التوصيل');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة السجل' }));
    expect(await within(dialog).findByText('يرجى اختيار طلب توصيل')).toBeVisible();
  });
});
