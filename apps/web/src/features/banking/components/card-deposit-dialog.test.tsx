import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { CardDepositDialog } from './card-deposit-dialog';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = 'POST /api/v1/me/deposits/card';
const limitsReply = {
  'GET /api/v1/me/limits': {
    status: 200,
    body: {
      deposit: {
        perRequest: '1000.00',
        daily: '1500.00',
        usedToday: '1200.00',
        remainingToday: '300.00',
      },
      withdrawal: {
        perRequest: '500.00',
        daily: '800.00',
        usedToday: '0.00',
        remainingToday: '800.00',
      },
    },
  },
};
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
/** An expiry five years ahead, whenever the test runs. */
const futureExpiry = `08/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

const deposit = {
  id: '6f9b5a52-2d2e-4a8e-8b1a-2a0d1f6c9e11',
  type: 'card_deposit',
  status: 'pending',
  amount: '250.00',
  reference: 'TXN1767225600000123',
  direction: null,
  counterpartyAccountNumber: null,
  counterpartyName: null,
  itemName: null,
  assetSymbol: null,
  quantity: null,
  bankName: null,
  bankAccountNumber: null,
  cardLastFour: '4242',
  cardType: 'Visa',
  reason: null,
  createdAt: '2026-05-15T10:00:00.000Z',
  updatedAt: '2026-05-15T10:00:00.000Z',
};

async function open(user: UserEvent) {
  renderWithProviders(<CardDepositDialog />);
  await user.click(await screen.findByRole('button', { name: 'Deposit by card' }));
  return screen.findByRole('dialog', { name: 'Deposit by card' });
}

async function fill(
  user: UserEvent,
  values: Partial<Record<'amount' | 'name' | 'number' | 'expiry' | 'cvv', string>>,
) {
  const labels = {
    amount: 'Amount (USD)',
    name: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvv: 'CVV',
  } as const;
  for (const [field, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(labels[field as keyof typeof labels]), value);
  }
}

const complete = {
  amount: '250',
  name: 'Amira Haddad',
  number: '4242424242424242',
  expiry: futureExpiry.replace('/', ''),
  cvv: '123',
};

describe('CardDepositDialog', () => {
  it('formats the card as typed and names its brand', async () => {
    const user = userEvent.setup();
    stubApi(limitsReply);
    await open(user);
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('maxlength', '19');
    expect(screen.queryByTestId('card-brand')).toBeNull();

    await user.type(number, '5555555555554444999');
    expect(number).toHaveValue('5555 5555 5555 4444');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Mastercard');
    await user.clear(number);
    await user.type(number, '4');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    await user.clear(number);
    await user.type(number, '37');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Unknown card');

    const expiry = screen.getByLabelText('Expiry date (MM/YY)');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    await user.type(expiry, '1229');
    expect(expiry).toHaveValue('12/29');
    await user.clear(expiry);
    await user.type(expiry, '7');
    expect(expiry).toHaveValue('07');

    const cvv = screen.getByLabelText('CVV');
    expect(cvv).toHaveAttribute('autocomplete', 'cc-csc');
    await user.type(cvv, '12a345');
    expect(cvv).toHaveValue('1234');
    expect(screen.getByLabelText('Cardholder name')).toHaveAttribute('autocomplete', 'cc-name');
  });

  it('asks for every field before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    // Each field says what it wants, and no toast repeats it.
    const said = {
      'Amount (USD)': 'Enter the amount to deposit.',
      'Cardholder name': 'Enter the name as it appears on the card.',
      'Card number': 'Enter the card number.',
      'Expiry date (MM/YY)': "Enter the card's expiry date as MM/YY.",
      CVV: 'Enter the 3 or 4 digits of the CVV on the back of your card.',
    };
    for (const [label, message] of Object.entries(said)) {
      expect(await within(dialog).findByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining(message),
      );
    }
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Amount (USD)')).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('refuses a zero amount, a mistyped number and an expired card', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    const dialog = await open(user);
    await fill(user, { ...complete, amount: '0', number: '4242424242424241', expiry: '0120' });
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(await within(dialog).findByText('Amount must be greater than 0.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('This card number is not valid. Check it and try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('This card has expired.')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the deposit limits and holds the amount to them', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(limitsReply);
    const dialog = await open(user);
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        'Up to $1,000.00 per deposit and $1,500.00 in any 24 hours: $300.00 left now.',
      ),
    );
    await fill(user, { ...complete, amount: '300.01' });
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(
      await within(dialog).findByText(
        'Deposits are limited to $1,500.00 in any 24 hours. You can deposit up to $300.00 now.',
      ),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('puts the server’s refusal of a billion-dollar deposit on the amount, with the limit', async () => {
    const user = userEvent.setup();
    stubApi({
      [path]: {
        status: 422,
        body: {
          error: {
            code: 'OVER_REQUEST_LIMIT',
            message: 'Over',
            details: { kind: 'deposit', limit: '50000.00' },
          },
        },
      },
    });
    const dialog = await open(user);
    // The limits could not be read: the server still says.
    await fill(user, { ...complete, amount: '1000000000' });
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(
      await within(dialog).findByText('A single deposit can be at most $50,000.00.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveFocus();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends the amount, the last four digits and the brand, never the number or CVV', async () => {
    const user = userEvent.setup();
    const calls: { body: string; key: string | null }[] = [];
    stubApi({
      ...limitsReply,
      [path]: (_url, init) => {
        calls.push({
          body: init.body as string,
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return { status: 201, body: deposit };
      },
    });
    const dialog = await open(user);
    await fill(user, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({
      amount: '250',
      cardLastFour: '4242',
      cardType: 'Visa',
    });
    expect(calls[0]!.body).not.toMatch(/424242424242|4242 4242|"123"|cvv|Amira|expiry/i);
    expect(calls[0]!.key).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(toast.success).toHaveBeenCalledWith('Deposit request received', {
      description:
        'Your deposit of $250.00 is being processed. Your account will be credited within 24 hours. Reference: TXN1767225600000123',
      duration: 8000,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opening again starts empty: the card is forgotten with the dialog.
    await user.click(screen.getByRole('button', { name: 'Deposit by card' }));
    expect(await screen.findByLabelText('Card number')).toHaveValue('');
  });

  it('retries a failed deposit with the same key, and a new deposit with a new one', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let answers = [500, 201, 201];
    stubApi({
      ...limitsReply,
      [path]: (_url, init) => {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        const [status, ...rest] = answers;
        answers = rest;
        return status === 201
          ? { status: 201, body: deposit }
          : { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
      },
    });
    const dialog = await open(user);
    await fill(user, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Deposit Failed', {
        description: 'Failed to process deposit request. Please try again.',
      }),
    );
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');

    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(keys[1]).toBe(keys[0]);

    await user.click(screen.getByRole('button', { name: 'Deposit by card' }));
    await screen.findByRole('dialog', { name: 'Deposit by card' });
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps Deposit disabled while the request is on its way', async () => {
    const user = userEvent.setup();
    let answer: (value: Response) => void = () => {};
    // The limits are read at once; the deposit waits for its answer.
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit = {}) =>
        init.method === 'POST'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(
              new Response(JSON.stringify(limitsReply['GET /api/v1/me/limits'].body), {
                status: 200,
              }),
            ),
      ),
    );
    const dialog = await open(user);
    await fill(user, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    const sending = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(new Response(JSON.stringify(deposit), { status: 201 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    stubApi(limitsReply);
    await i18next.changeLanguage('ar');
    renderWithProviders(<CardDepositDialog />);
    await user.click(await screen.findByRole('button', { name: 'الإيداع بالبطاقة' }));
    const dialog = await screen.findByRole('dialog', { name: 'الإيداع بالبطاقة' });
    await user.type(within(dialog).getByLabelText('رقم البطاقة'), '5');
    expect(within(dialog).getByTestId('card-brand')).toHaveTextContent('ماستركارد');
    await user.click(within(dialog).getByRole('button', { name: 'إيداع' }));
    expect(await within(dialog).findByText('أدخل المبلغ المراد إيداعه.')).toBeInTheDocument();
    expect(within(dialog).getByText('أدخل الاسم كما يظهر على البطاقة.')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
