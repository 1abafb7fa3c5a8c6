// Moving a delivery on in Delivery Management: a step sent at once with its Idempotency-Key,
// delivered and cancelled confirmed first, a change made meanwhile elsewhere (CONFLICT) said and
// refreshed, and a retried change sent with the same key.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { AdminDelivery, DeliveryStatus } from '@secure-vault/shared/custody';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import {
  callsTo,
  deliveries,
  gold,
  idempotencyKeyOf,
  listUrl,
  necklace,
  painting,
  rowOf,
  statusPath,
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

/** Chooses a status in a request's dropdown and presses Update. */
async function choose(user: User, item: AdminDelivery, label: string) {
  const row = await rowOf(item);
  await user.selectOptions(within(row).getByRole('combobox'), label);
  await user.click(within(row).getByRole('button', { name: /^Update/ }));
}

const moved = (item: AdminDelivery, status: DeliveryStatus) => ({ ...item, status });

describe('Delivery status changes', () => {
  it('sends a step with an Idempotency-Key, says so and refreshes the list', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    const fetchMock = stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return {
          status: 200,
          body: listCalls === 1 ? deliveries : [moved(necklace, 'processing')],
        };
      },
      [`POST ${statusPath(necklace)}`]: { status: 200, body: moved(necklace, 'processing') },
    });
    renderWithProviders(<DeliveryTab />);
    await choose(user, necklace, 'Processing');

    await waitFor(() => expect(callsTo(fetchMock, statusPath(necklace))).toHaveLength(1));
    const [call] = callsTo(fetchMock, statusPath(necklace));
    expect(call![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ status: 'processing' }),
    });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    // Not a change that moves the item: no confirmation.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Status updated', {
        description: 'Delivery status updated to processing',
      }),
    );
    const row = await rowOf(necklace);
    await waitFor(() =>
      expect(within(row).getByTestId('delivery-status-badge')).toHaveTextContent('Processing'),
    );
    // The dropdown now offers the next steps, from its prompt again.
    expect(within(row).getByRole('combobox')).toHaveValue('');
    expect(
      within(within(row).getByRole('combobox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Change status', 'Shipped', 'Cancelled']);
    expect(listCalls).toBe(2);
  });

  it('asks before marking as delivered, and sends nothing on Go back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${statusPath(painting)}`]: { status: 200, body: moved(painting, 'delivered') },
    });
    renderWithProviders(<DeliveryTab />);
    await choose(user, painting, 'Delivered');
    let dialog = await screen.findByRole('alertdialog', {
      name: 'Mark this delivery as delivered?',
    });
    expect(dialog).toHaveTextContent(
      'Oil painting\u2069 for \u2068Layla Nasser\u2069, requested by \u2068amira@example.com',
    );
    expect(within(dialog).getByTestId('delivery-effect')).toHaveTextContent(
      "The item leaves the customer's vault and no longer counts in their net worth. This cannot be changed afterwards.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, statusPath(painting))).toHaveLength(0);

    await user.click(within(await rowOf(painting)).getByRole('button', { name: /^Update/ }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as delivered' }));
    await waitFor(() => expect(callsTo(fetchMock, statusPath(painting))).toHaveLength(1));
    expect(callsTo(fetchMock, statusPath(painting))[0]![1]).toMatchObject({
      body: JSON.stringify({ status: 'delivered' }),
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Status updated', {
      description: 'Delivery status updated to delivered',
    });
  });

  it('asks before cancelling: the item returns to the vault', async () => {
    const user = userEvent.setup();
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    await choose(user, gold, 'Cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this delivery?' });
    expect(within(dialog).getByTestId('delivery-effect')).toHaveTextContent(
      "The item returns to the customer's vault.",
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel delivery' })).toBeVisible();
  });

  it('waits on the row while its change is on its way', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${statusPath(necklace)}`]: { status: 200, body: moved(necklace, 'processing') },
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') await answered;
      return fetchMock(url, init);
    });
    renderWithProviders(<DeliveryTab />);
    await choose(user, necklace, 'Processing');
    const row = await rowOf(necklace);
    await waitFor(() => expect(within(row).getByRole('combobox')).toBeDisabled());
    expect(within(row).getByRole('button', { name: /^Update/ })).toBeDisabled();
    expect(within(await rowOf(gold)).getByRole('combobox')).toBeEnabled();
    answer();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it('says when the request changed meanwhile, and refreshes the list', async () => {
    const user = userEvent.setup();
    let listCalls = 0;
    stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return { status: 200, body: listCalls === 1 ? [necklace] : [moved(necklace, 'cancelled')] };
      },
      [`POST ${statusPath(necklace)}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Out of order.' } },
      },
    });
    renderWithProviders(<DeliveryTab />);
    await choose(user, necklace, 'Processing');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Changed meanwhile', {
        description: 'This request changed while you were deciding. The list has been refreshed.',
      }),
    );
    const row = await rowOf(necklace);
    await waitFor(() =>
      expect(within(row).getByTestId('delivery-status-badge')).toHaveTextContent('Cancelled'),
    );
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('reuses the Idempotency-Key when the same change is retried after a failure', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: deliveries },
      [`POST ${statusPath(necklace)}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: moved(necklace, 'processing') };
      },
      [`POST ${statusPath(gold)}`]: { status: 200, body: moved(gold, 'shipped') },
    });
    renderWithProviders(<DeliveryTab />);
    await choose(user, necklace, 'Processing');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error updating status', {
        description: 'The status could not be changed. Please try again.',
      }),
    );
    await waitFor(async () =>
      expect(within(await rowOf(necklace)).getByRole('combobox')).toBeEnabled(),
    );
    await user.click(within(await rowOf(necklace)).getByRole('button', { name: /^Update/ }));
    await waitFor(() => expect(callsTo(fetchMock, statusPath(necklace))).toHaveLength(2));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    await choose(user, gold, 'Shipped');
    await waitFor(() => expect(callsTo(fetchMock, statusPath(gold))).toHaveLength(1));

    const [first, retry] = callsTo(fetchMock, statusPath(necklace)).map(idempotencyKeyOf);
    const [next] = callsTo(fetchMock, statusPath(gold)).map(idempotencyKeyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('confirms in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [listUrl]: { status: 200, body: deliveries } });
    renderWithProviders(<DeliveryTab />);
    const row = await rowOf(painting);
    await user.selectOptions(within(row).getByRole('combobox'), 'تم التسليم');
    await user.click(within(row).getByRole('button', { name: /^تحديث/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'تأكيد تسليم هذا الطلب؟' });
    expect(within(dialog).getByTestId('delivery-effect')).toHaveTextContent(
      'يخرج العنصر من خزنة العميل',
    );
    expect(within(dialog).getByRole('button', { name: 'رجوع' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'تأكيد التسليم' })).toBeVisible();
  });
});
