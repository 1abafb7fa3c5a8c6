// One request's tracking in Delivery Management: its records newest first with the newest
// highlighted, and the form to add one — status required, all seven statuses offered, optional
// fields left out when empty, the server's issues on their fields — in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { AdminDelivery } from '@secure-vault/shared/custody';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  callsTo,
  deliveries,
  gold,
  listUrl,
  necklace,
  record,
  rowOf,
  trackingPath,
} from '@/test/staff-delivery-test-data';
import { DeliveryTab } from './delivery-tab';

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

type User = ReturnType<typeof userEvent.setup>;

async function openTracking(user: User, item: AdminDelivery, name: RegExp) {
  await user.click(within(await rowOf(item)).getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Tracking' });
}

describe('A request’s tracking', () => {
  it('lists its records newest first, the newest highlighted', async () => {
    const user = userEvent.setup();
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    const dialog = await openTracking(user, gold, /^Tracking \(2\)/);
    expect(dialog).toHaveTextContent('Gold for Omar Saleh');
    const history = within(dialog).getByRole('list', { name: 'Tracking updates, newest first' });
    const records = within(history).getAllByTestId('delivery-tracking-record');
    expect(records).toHaveLength(2);
    expect(records[0]).toHaveAttribute('data-latest', 'true');
    expect(records[0]).toHaveTextContent('ProcessingLatest');
    expect(records[0]).toHaveTextContent('Dubai vault');
    expect(records[0]).toHaveTextContent('Packed and sealed');
    expect(records[1]).not.toHaveAttribute('data-latest');
    expect(records[1]).toHaveTextContent('Pending');
    expect(records[1]).not.toHaveTextContent('Latest');
  });

  it('requires a status, offers all seven, and adds the record', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    const added = record({
      id: '7e3f0000-0000-4000-8000-000000000009',
      deliveryId: necklace.id,
      status: 'in_transit',
      location: 'Jebel Ali',
    });
    const fetchMock = stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return {
          status: 200,
          body: listCalls === 1 ? deliveries : [{ ...necklace, tracking: [added] }],
        };
      },
      [`POST ${trackingPath(necklace)}`]: { status: 201, body: added },
    });
    renderWithProviders(<DeliveryTab />);
    const dialog = await openTracking(user, necklace, /^Tracking \(0\)/);
    expect(within(dialog).getByTestId('delivery-tracking-empty')).toHaveTextContent(
      'No tracking updates yet',
    );
    const status = within(dialog).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a status',
      'Pending',
      'Processing',
      'Shipped',
      'In transit',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Add update' }));
    expect(await within(dialog).findByText('Please choose a status.')).toBeVisible();
    expect(status).toHaveAttribute('aria-invalid', 'true');
    expect(status).toHaveFocus();
    expect(callsTo(fetchMock, trackingPath(necklace))).toHaveLength(0);

    await user.selectOptions(status, 'In transit');
    await user.type(within(dialog).getByLabelText('Location'), '  Jebel Ali ');
    await user.click(within(dialog).getByRole('button', { name: 'Add update' }));
    await waitFor(() => expect(callsTo(fetchMock, trackingPath(necklace))).toHaveLength(1));
    // Trimmed, and the empty message left out.
    expect(callsTo(fetchMock, trackingPath(necklace))[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ status: 'in_transit', location: 'Jebel Ali' }),
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tracking update added'));
    // The dialog stays open on the refreshed request, its form ready for the next update.
    const records = await within(dialog).findAllByTestId('delivery-tracking-record');
    expect(records[0]).toHaveTextContent('In transit');
    expect(records[0]).toHaveTextContent('Jebel Ali');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('');
    expect(within(dialog).getByLabelText('Location')).toHaveValue('');
  });

  it('puts the server’s issue on its field, and says when adding failed', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    stubApi({
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${trackingPath(necklace)}`]: () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION',
                  message: 'The request is not valid.',
                  issues: [{ path: 'body.message', message: 'custody:errors.tooLong' }],
                },
              },
            }
          : { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
      },
    });
    renderWithProviders(<DeliveryTab />);
    const dialog = await openTracking(user, necklace, /^Tracking \(0\)/);
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Pending');
    await user.type(within(dialog).getByLabelText('Message'), 'Awaiting courier');
    await user.click(within(dialog).getByRole('button', { name: 'Add update' }));
    expect(await within(dialog).findByText('This is too long.')).toBeVisible();
    expect(toast.error).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Add update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error adding tracking update', {
        description: 'The update could not be added. Please try again.',
      }),
    );
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Awaiting courier');
  });

  it('reads in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    await user.click(within(await rowOf(gold)).getByRole('button', { name: /^التتبع \(2\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'التتبع' });
    const records = within(dialog).getAllByTestId('delivery-tracking-record');
    expect(records[0]).toHaveTextContent('الأحدث');
    expect(records[0]).toHaveTextContent('قيد المعالجة');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة التحديث' }));
    expect(await within(dialog).findByText('يرجى اختيار حالة.')).toBeVisible();
  });
});
