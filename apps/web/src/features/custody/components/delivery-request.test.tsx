// Settings' Delivery Services card, main and request views: the way in, the identity check, which
// valuables may be chosen, the SPEC §5 checks in both languages, and a request sent once with its
// Idempotency-Key, kept on a retry, leading to the tracking view with SPEC's confirmation.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { bitcoin, cash, delivery, fixedPainting, gold, necklace } from '@/test/delivery-test-data';
import { DeliveryCard } from './delivery-card';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(async () => {
  await loadCatalogs(['custody', 'auth', 'catalogue', 'vault']);
  // The card loads its views on demand; loaded once here, they do not race the tests' timeouts.
  await Promise.all([import('./delivery-request'), import('./delivery-tracking')]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const account = {
  accountNumber: '4000123412341234',
  cashBalance: '250.00',
  totalAssets: '1000.00',
  convertibleAssets: '1000.00',
  kycStatus: 'approved',
};
const profile = {
  userId: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  email: 'amira@example.com',
  fullName: 'Amira Haddad',
  bookBalance: '0.00',
  kycCompleted: true,
  dateOfBirth: '1985-04-02',
  country: 'AE',
  city: 'Dubai',
  streetAddress: '12 Palm Street, Tower B',
  postalCode: '00000',
  phoneNumber: '+971501234567',
  accountNumber: '4000123412341234',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const routes = (overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) => ({
  'GET /api/v1/me/account': { status: 200, body: account },
  'GET /api/v1/me/valuables?orderBy=itemName': {
    status: 200,
    body: [bitcoin, cash, gold, necklace, fixedPainting],
  },
  'GET /api/v1/me/profile': { status: 200, body: profile },
  'GET /api/v1/me/deliveries': { status: 200, body: [] },
  ...overrides,
});

const requestRoute = '/settings/delivery?view=request';

async function fillRecipient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Recipient name'), 'Omar Haddad');
  await user.type(screen.getByLabelText('Recipient email'), 'omar@example.com');
  await user.type(screen.getByLabelText('Recipient phone'), '+44 20 7946 0958');
  await user.type(screen.getByLabelText('Delivery address'), '10 Downing Street{enter}London');
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');
const idempotencyKeyOf = (call: Parameters<ReturnType<typeof stubApi>>) =>
  new Headers(call[1]?.headers).get('idempotency-key');

describe('Delivery Services card', () => {
  it('opens the request and tracking views from its main view', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: '/settings/delivery' });
    const card = await screen.findByRole('region', { name: 'Delivery Services' });
    expect(within(card).getByRole('link', { name: /Track Delivery/ })).toHaveAttribute(
      'href',
      '/settings/delivery?view=track',
    );
    await user.click(within(card).getByRole('link', { name: /Request Delivery/ }));
    expect(await screen.findByRole('group', { name: 'Asset to deliver' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Request Delivery' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Track Delivery' }));
    expect(await screen.findByTestId('deliveries-empty')).toHaveTextContent(
      'No delivery requests yet',
    );
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Delivery Services' })).toHaveFocus();
  });

  it('asks for approved identity verification before a request', async () => {
    const fetchMock = stubApi(
      routes({
        'GET /api/v1/me/account': { status: 200, body: { ...account, kycStatus: 'draft' } },
      }),
    );
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    const notice = await screen.findByTestId('delivery-kyc-required');
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.queryByRole('group', { name: 'Asset to deliver' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/v1/me/deliveries');
  });

  it('tells staff viewing the account that a request is the customer’s alone', async () => {
    stubApi(routes());
    renderWithProviders(<DeliveryCard isImpersonation />, { route: requestRoute });
    expect(await screen.findByTestId('delivery-impersonation')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
  });

  it('offers physical items and metals; cash, digital and locked holdings cannot be chosen', async () => {
    stubApi(routes());
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    const group = await screen.findByRole('group', { name: 'Asset to deliver' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(within(group).getByRole('radio', { name: /Bitcoin/ })).toHaveAccessibleDescription(
      /Digital assets cannot be delivered/,
    );
    expect(within(group).getByRole('radio', { name: /^Cash/ })).toHaveAccessibleDescription(
      'Cash is not delivered: withdraw it to your bank from Withdrawal.',
    );
    expect(within(group).getByRole('radio', { name: /Oil painting/ })).toHaveAccessibleDescription(
      /Fixed for a term/,
    );
    expect(within(group).getByRole('radio', { name: /Gold/ })).toHaveAccessibleDescription(
      /1,000\.000 mg/,
    );
  });

  it('says every field is required, then what is wrong with the phone', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getAllByText('Please fill in all fields.')).toHaveLength(5));
    expect(toast.error).toHaveBeenCalledWith('Error submitting request', {
      description: 'Please fill in all fields.',
    });

    await user.click(screen.getByRole('radio', { name: /Diamond necklace/ }));
    expect(screen.getByTestId('delivery-whole-item')).toHaveTextContent(
      'The whole item will be delivered.',
    );
    await user.type(screen.getByLabelText('Recipient phone'), '0501234567');
    await user.tab();
    expect(
      await screen.findByText(/Enter a valid phone number with its country code/),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Recipient phone'));
    await user.type(screen.getByLabelText('Recipient phone'), '+9715');
    expect(screen.getByTestId('delivery-phone-country')).toHaveTextContent(
      /^A number in United Arab Emirates$/,
    );
    // The flag is an SVG picture, not an emoji a machine without the font shows as a box.
    expect(
      await within(screen.getByTestId('delivery-phone-country')).findByTestId('country-flag'),
    ).toHaveAttribute('data-country', 'AE');
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    await i18next.changeLanguage('ar');
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    await user.click(await screen.findByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(screen.getAllByText('يرجى ملء جميع الحقول.')).toHaveLength(5));
    expect(toast.error).toHaveBeenCalledWith('خطأ في إرسال الطلب', {
      description: 'يرجى ملء جميع الحقول.',
    });
    expect(screen.getByRole('radio', { name: /بيتكوين|Bitcoin/ })).toHaveAccessibleDescription(
      /لا يمكن توصيل الأصول الرقمية/,
    );
    expect(screen.getByRole('radio', { name: /^(النقد|Cash)/ })).toHaveAccessibleDescription(
      'النقد لا يُوصَّل: اسحبه إلى حسابك المصرفي من صفحة السحب.',
    );
  });

  it('fills in the customer’s own details on request', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    await user.click(await screen.findByRole('button', { name: 'Use my details' }));
    expect(screen.getByLabelText('Recipient name')).toHaveValue('Amira Haddad');
    expect(screen.getByLabelText('Recipient email')).toHaveValue('amira@example.com');
    expect(screen.getByLabelText('Recipient phone')).toHaveValue('+971501234567');
    expect(screen.getByLabelText('Delivery address')).toHaveValue(
      '12 Palm Street, Tower B\nDubai 00000\nUnited Arab Emirates',
    );
  });

  it('sends part of a metal once, with the same key on a retry, then shows it tracked', async () => {
    const user = userEvent.setup();
    const made = delivery({
      id: '77777777-7777-4777-8777-777777777777',
      valuableId: gold.id,
      itemName: 'Gold',
      itemType: 'precious_metals',
      assetSymbol: 'AU',
      quantity: '1000',
      unit: 'mg',
      estimatedValue: '57.00',
      recipientName: 'Omar Haddad',
      recipientEmail: 'omar@example.com',
      recipientPhone: '+44 20 7946 0958',
      recipientAddress: '10 Downing Street\nLondon',
    });
    let attempts = 0;
    let deliveries: unknown[] = [];
    const fetchMock = stubApi(
      routes({
        'POST /api/v1/me/deliveries': () => {
          attempts += 1;
          if (attempts === 1) {
            return { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
          }
          deliveries = [made];
          return { status: 201, body: made };
        },
        'GET /api/v1/me/deliveries': () => ({ status: 200, body: deliveries }),
      }),
    );
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    await user.click(await screen.findByRole('radio', { name: /Gold/ }));
    await user.click(screen.getByRole('button', { name: 'Whole holding' }));
    expect(screen.getByLabelText('Quantity (mg)')).toHaveValue(1000);
    await fillRecipient(user);

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error submitting request', {
        description: 'Please try again.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    const confirmation = await screen.findByTestId('delivery-submitted');
    expect(confirmation).toHaveTextContent('Delivery begins within 24 hours.');
    expect(toast.success).toHaveBeenCalledWith('Delivery request submitted', {
      description: 'Delivery begins within 24 hours. Its tracking updates will appear here.',
    });
    const entry = await screen.findByTestId('delivery-entry');
    expect(entry).toHaveTextContent('Omar Haddad');
    expect(within(entry).getByTestId('delivery-status')).toHaveTextContent('Pending');

    const posts = callsTo(fetchMock, '/api/v1/me/deliveries');
    expect(posts).toHaveLength(2);
    const [first, retry] = posts.map(idempotencyKeyOf);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(JSON.parse(posts[1]?.[1]?.body as string)).toEqual({
      valuableId: gold.id,
      quantity: '1000',
      recipientName: 'Omar Haddad',
      recipientEmail: 'omar@example.com',
      recipientPhone: '+44 20 7946 0958',
      recipientAddress: '10 Downing Street\nLondon',
    });
  });

  it('says why the server refused a request', async () => {
    const user = userEvent.setup();
    stubApi(
      routes({
        'POST /api/v1/me/deliveries': {
          status: 422,
          body: { error: { code: 'ASSET_UNAVAILABLE', message: 'Unavailable' } },
        },
      }),
    );
    renderWithProviders(<DeliveryCard isImpersonation={false} />, { route: requestRoute });
    await user.click(await screen.findByRole('radio', { name: /Diamond necklace/ }));
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error submitting request', {
        description: 'This item is fixed for a term or already in delivery.',
      }),
    );
  });
});
