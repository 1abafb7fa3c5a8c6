// The staff Prices tab (decision 028): the book in the catalogue's order with each price's
// source, age and 24 h change; the feed off, live, failing or halting trades; the price changes
// waiting, withdrawn by their maker; and "Propose a price", checked by the contract's schema,
// sent with an Idempotency-Key, saying it waits for a second staff member, and saying why when
// the server refuses; in both languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Proposal } from '@secure-vault/shared/approvals';
import { toast } from '@/lib/toast';
import { priceChange } from '@/test/approvals-test-data';
import { limitOrder } from '@/test/limit-order-test-data';
import { priceBook, secondsBefore } from '@/test/price-book-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { feedLive, staffPriceBook } from '@/test/staff-prices-test-data';
import { PricesTab } from './prices-tab';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['admin', 'catalogue', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const listUrl = 'GET /api/v1/admin/prices';
const proposeUrl = 'POST /api/v1/admin/prices/AU';
const withdrawPath = (proposal: Proposal) => `/api/v1/admin/proposals/${proposal.id}/withdraw`;

type FetchMock = ReturnType<typeof stubApi>;
const callsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === path);
const idempotencyKeyOf = (call: Parameters<FetchMock>) =>
  new Headers(call[1]?.headers).get('idempotency-key');

async function bookRows() {
  return within(await screen.findByTestId('book-table')).getAllByTestId('book-row');
}

async function rowOf(name: string) {
  const row = (await bookRows()).find((candidate) =>
    within(candidate).queryByText(name, { exact: true }),
  );
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/** Opens the form for gold from its row of the table. */
async function openGold(user: ReturnType<typeof userEvent.setup>) {
  const row = await rowOf('Gold');
  await user.click(within(row).getByRole('button', { name: /^Propose a price ?\(Gold\)$/ }));
  return screen.findByRole('dialog', { name: 'Propose a price for Gold' });
}

async function typeInto(field: HTMLElement, value: string) {
  const user = userEvent.setup();
  await user.clear(field);
  if (value) await user.type(field, value);
}

const conflict = {
  status: 409,
  body: { error: { code: 'CONFLICT', message: 'A change to this asset already waits.' } },
};

describe('PricesTab', () => {
  it('lists every asset in the catalogue order with its prices, source, age and 24 h change', async () => {
    const at = new Date();
    const book = priceBook(
      {
        AU: {
          buy: '0.06',
          sell: '0.05812345',
          source: 'staff',
          effectiveAt: secondsBefore(at, 2 * 3600),
          change24h: '1.25',
        },
        BTC: { buy: '115000', sell: '114500.5', source: 'feed', change24h: null },
      },
      at,
    );
    stubApi({ [listUrl]: { status: 200, body: staffPriceBook({ book }) } });
    renderWithProviders(<PricesTab />);

    const rows = await bookRows();
    expect(rows).toHaveLength(28);
    expect(rows[0]).toHaveTextContent('Rhodium');
    expect(rows[8]).toHaveTextContent('Bitcoin');
    expect(screen.getByTestId('prices-total')).toHaveTextContent('28 assets');

    const gold = await rowOf('Gold');
    expect(gold).toHaveTextContent('per mg');
    expect(within(gold).getByTestId('book-buy')).toHaveTextContent('$0.06');
    // Every decimal the book holds, none rounded.
    expect(within(gold).getByTestId('book-sell')).toHaveTextContent('$0.05812345');
    expect(gold).toHaveTextContent('Staff change');
    expect(within(gold).getByTestId('price-age')).toHaveTextContent('2 hours ago');
    expect(within(gold).getByTestId('price-change')).toHaveTextContent('+1.25%');

    const bitcoin = await rowOf('Bitcoin');
    expect(bitcoin).toHaveTextContent('per BTC');
    expect(within(bitcoin).getByTestId('book-sell')).toHaveTextContent('$114,500.50');
    expect(bitcoin).toHaveTextContent('Price feed');
    expect(bitcoin).toHaveTextContent('No 24-hour history');

    const rhodium = await rowOf('Rhodium');
    expect(rhodium).toHaveTextContent('Opening price');
    expect(within(rhodium).getByTestId('price-age')).toHaveTextContent('3 days ago');

    // The phone layout has the same assets as cards.
    expect(within(screen.getByTestId('book-cards')).getAllByTestId('book-card')).toHaveLength(28);
    expect(screen.getByTestId('pending-prices-empty')).toHaveTextContent(
      'No price change is waiting.',
    );
  });

  it('says plainly that prices change only by staff proposals when no feed is set up', async () => {
    stubApi({ [listUrl]: { status: 200, body: staffPriceBook() } });
    renderWithProviders(<PricesTab />);
    const feed = await screen.findByTestId('feed-status');
    expect(within(feed).getByTestId('feed-state')).toHaveTextContent('Off');
    expect(within(feed).getByTestId('feed-off')).toHaveTextContent(
      'No price feed is set up, so prices change only when a staff member proposes a change and another staff member approves it.',
    );
    expect(within(feed).queryByText('Last poll')).toBeNull();
  });

  it("shows a live feed's source, polls and intervals", async () => {
    const at = new Date();
    stubApi({
      [listUrl]: {
        status: 200,
        body: staffPriceBook({ book: priceBook({}, at), feed: feedLive(at) }),
      },
    });
    renderWithProviders(<PricesTab />);
    const feed = await screen.findByTestId('feed-status');
    expect(within(feed).getByTestId('feed-state')).toHaveTextContent('Live');
    expect(feed).toHaveTextContent('https://feed.example');
    expect(feed).toHaveTextContent('Last poll30 seconds ago');
    expect(feed).toHaveTextContent('None: the last poll succeeded');
    expect(feed).toHaveTextContent(
      'Polled every 60 seconds; an asset it prices is halted after 5 minutes without a fresh price.',
    );
    expect(feed).toHaveTextContent('None: every asset it prices can be traded.');
  });

  it('shows the assets a stale feed halts, its last error, and marks them in the book', async () => {
    const at = new Date();
    const feed = feedLive(at, {
      lastSuccessAt: secondsBefore(at, 600),
      lastError: 'The feed answered 503',
      halted: ['BTC', 'ETH'],
    });
    stubApi({
      [listUrl]: { status: 200, body: staffPriceBook({ book: priceBook({}, at), feed }) },
    });
    renderWithProviders(<PricesTab />);
    const card = await screen.findByTestId('feed-status');
    expect(within(card).getByTestId('feed-state')).toHaveTextContent('Halting trades');
    expect(within(card).getByTestId('feed-error')).toHaveTextContent('The feed answered 503');
    expect(card).toHaveTextContent('Last success10 minutes ago');
    const halted = within(card).getAllByTestId('feed-halted-asset');
    expect(halted.map((badge) => badge.textContent)).toEqual(['Bitcoin (BTC)', 'Ethereum (ETH)']);
    expect(within(await rowOf('Bitcoin')).getByTestId('price-halted')).toHaveTextContent(
      'Trading halted',
    );
    expect(within(await rowOf('Gold')).queryByTestId('price-halted')).toBeNull();
  });

  it('says a feed is failing when its last poll did, before anything is halted', async () => {
    const at = new Date();
    const feed = feedLive(at, { lastError: 'timeout' });
    stubApi({
      [listUrl]: { status: 200, body: staffPriceBook({ book: priceBook({}, at), feed }) },
    });
    renderWithProviders(<PricesTab />);
    expect(await screen.findByTestId('feed-state')).toHaveTextContent('Failing');
  });

  it('lists the price changes waiting, and lets their maker withdraw one after confirming', async () => {
    const user = userEvent.setup();
    const own = priceChange({ canDecide: false, canWithdraw: true });
    const other = priceChange({
      id: '5a1d0000-0000-4000-8000-0000000000a2',
      amount: '-310.5',
      price: {
        symbol: 'AG',
        buy: '0.0008',
        sell: '0.0007',
        buyBefore: '0.00084',
        sellBefore: '0.00084',
      },
      maker: { id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', email: 'karim@securevault.example' },
    });
    let listed = 0;
    const fetchMock = stubApi({
      [listUrl]: () => {
        listed += 1;
        const pending = listed === 1 ? [own, other] : [other];
        return { status: 200, body: staffPriceBook({ pending }) };
      },
      [`POST ${withdrawPath(own)}`]: {
        status: 200,
        body: { ...own, status: 'withdrawn', canWithdraw: false },
      },
    });
    renderWithProviders(<PricesTab />);
    const [first, second] = (await screen.findAllByTestId('pending-price')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('Gold');
    expect(first).toHaveTextContent('Proposed by nadia@securevault.example');
    expect(within(first).getByTestId('pending-buy')).toHaveTextContent('$0.057to $0.06');
    expect(within(first).getByTestId('pending-sell')).toHaveTextContent('$0.057to $0.058');
    expect(within(first).getByTestId('pending-revaluation')).toHaveTextContent('+$1,200.00');
    expect(within(second).getByTestId('pending-revaluation')).toHaveTextContent('-$310.50');
    // Someone else's is decided in Approvals; and the book marks both assets.
    expect(within(second).getByRole('link', { name: /Decide in Approvals/ })).toHaveAttribute(
      'href',
      '/?tab=approvals',
    );
    expect(within(second).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(within(await rowOf('Gold')).getByTestId('price-waiting')).toHaveTextContent(
      'Change waiting',
    );

    await user.click(within(first).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Withdraw the price change for Gold?',
    });
    expect(dialog).toHaveTextContent('The book keeps its prices.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${withdrawPath(own)}`)).toHaveLength(1));
    expect(idempotencyKeyOf(callsTo(fetchMock, `POST ${withdrawPath(own)}`)[0]!)).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Price change withdrawn'));
    await waitFor(() => expect(screen.getAllByTestId('pending-price')).toHaveLength(1));
  });

  it('checks the prices with the contract before sending, in words of the page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [listUrl]: { status: 200, body: staffPriceBook() } });
    renderWithProviders(<PricesTab />);
    const dialog = await openGold(user);
    expect(within(dialog).getByTestId('propose-current')).toHaveTextContent(
      'In the book now: buy $0.057, sell $0.057, per mg.',
    );
    const buy = within(dialog).getByLabelText('Buy price (what a customer pays)');
    const sell = within(dialog).getByLabelText('Sell price (what a customer receives)');
    expect(buy).toHaveValue('0.057');
    expect(sell).toHaveValue('0.057');

    await typeInto(buy, '0.0571234567');
    await typeInto(sell, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await within(dialog).findAllByText('Enter a price above 0 with at most 8 decimals.'),
    ).toHaveLength(2);
    expect(buy).toHaveAttribute('aria-invalid', 'true');
    expect(buy).toHaveFocus();

    await typeInto(buy, '0.05');
    await typeInto(sell, '0.06');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await within(dialog).findByText('The sell price may not be above the buy price.'),
    ).toBeVisible();
    expect(sell).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, proposeUrl)).toHaveLength(0);
  });

  it('sends the change with an Idempotency-Key and says it waits for a second staff member', async () => {
    const user = userEvent.setup();
    const sent = priceChange({ canDecide: false, canWithdraw: true });
    let listed = 0;
    const fetchMock = stubApi({
      [listUrl]: () => {
        listed += 1;
        return { status: 200, body: staffPriceBook({ pending: listed === 1 ? [] : [sent] }) };
      },
      [proposeUrl]: { status: 202, body: sent },
    });
    renderWithProviders(<PricesTab />);
    const dialog = await openGold(user);
    await typeInto(within(dialog).getByLabelText(/^Buy price/), ' 0.06 ');
    await typeInto(within(dialog).getByLabelText(/^Sell price/), '0.058');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));

    const done = await within(dialog).findByTestId('propose-sent');
    expect(done).toHaveTextContent('Sent for approval');
    expect(done).toHaveTextContent(
      'The book keeps the prices of Gold until another staff member approves this change in Approvals.',
    );
    expect(done).toHaveTextContent('Proposed: buy $0.06, sell $0.058.');
    const [call] = callsTo(fetchMock, proposeUrl);
    expect(call![1]).toMatchObject({ body: JSON.stringify({ buy: '0.06', sell: '0.058' }) });
    expect(idempotencyKeyOf(call!)).toMatch(/^[0-9a-f-]{36}$/);
    // The tab is read again and shows it waiting.
    expect(await screen.findByTestId('pending-price')).toHaveTextContent('Gold');

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a change to the asset already waits, keeps what was typed, and retries anew', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: staffPriceBook() },
      [proposeUrl]: conflict,
    });
    renderWithProviders(<PricesTab />);
    const dialog = await openGold(user);
    const buy = within(dialog).getByLabelText(/^Buy price/);
    await typeInto(buy, '0.06');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByTestId('propose-refused')).toHaveTextContent(
      'A change to the prices of Gold is already waiting for approval. Decide or withdraw it first.',
    );
    expect(buy).toHaveValue('0.06');

    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(callsTo(fetchMock, proposeUrl)).toHaveLength(2));
    const [first, second] = callsTo(fetchMock, proposeUrl);
    expect(idempotencyKeyOf(second!)).not.toBe(idempotencyKeyOf(first!));
  });

  it("puts the server's validation issue on its field, and retries with the same key", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: staffPriceBook() },
      [proposeUrl]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.sell', message: 'admin:prices.errors.sellAboveBuy' }],
          },
        },
      },
    });
    renderWithProviders(<PricesTab />);
    const dialog = await openGold(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await within(dialog).findByText('The sell price may not be above the buy price.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText(/^Sell price/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByTestId('propose-sent')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(callsTo(fetchMock, proposeUrl)).toHaveLength(2));
    const [first, second] = callsTo(fetchMock, proposeUrl);
    expect(idempotencyKeyOf(second!)).toBe(idempotencyKeyOf(first!));
  });

  it("shows the week's price changes once asked, and warns when a change already waits", async () => {
    const user = userEvent.setup();
    const at = new Date();
    const point = (days: number, buy: string, sell: string) => ({
      at: secondsBefore(at, days * 86400),
      buy,
      sell,
    });
    const historyUrl = 'GET /api/v1/prices/AU/history?range=1w';
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: staffPriceBook({ pending: [priceChange()] }) },
      [historyUrl]: {
        status: 200,
        body: {
          symbol: 'AU',
          range: '1w',
          points: [
            point(6, '0.057', '0.057'),
            point(5, '0.057', '0.057'),
            point(2, '0.058', '0.0575'),
            point(1, '0.058', '0.0575'),
            point(0, '0.06', '0.058'),
          ],
        },
      },
    });
    renderWithProviders(<PricesTab />);
    const dialog = await openGold(user);
    expect(within(dialog).getByTestId('propose-waiting')).toHaveTextContent(
      'A change to the prices of Gold is already waiting for approval.',
    );
    // Nothing is read until the staff member asks.
    expect(callsTo(fetchMock, historyUrl)).toHaveLength(0);
    await user.click(within(dialog).getByText('Prices over the last week'));
    const rows = await within(dialog).findAllByTestId('recent-price');
    expect(
      rows.map((row) => [
        within(row).getByTestId('recent-buy').textContent,
        within(row).getByTestId('recent-sell').textContent,
      ]),
    ).toEqual([
      ['Buy $0.06', 'Sell $0.058'],
      ['Buy $0.058', 'Sell $0.0575'],
      ['Buy $0.057', 'Sell $0.057'],
    ]);
  });

  it('offers to try again when the tab could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: staffPriceBook() };
      },
    });
    renderWithProviders(<PricesTab />);
    expect(screen.getByTestId('prices-loading')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading prices');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await bookRows()).toHaveLength(28);
  });

  it('reads in Arabic, its checks too', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [listUrl]: { status: 200, body: staffPriceBook() } });
    renderWithProviders(<PricesTab />);
    expect(await screen.findByRole('heading', { name: 'دفتر الأسعار' })).toBeVisible();
    expect(screen.getByTestId('feed-off')).toHaveTextContent('لم يُضبط أي مصدر للأسعار');
    const gold = (await bookRows())[2]!;
    expect(gold).toHaveTextContent('الذهب');
    expect(gold).toHaveTextContent('لكل ملغ');
    expect(within(gold).getByTestId('book-buy')).toHaveTextContent('0.057 US$');
    await user.click(within(gold).getByRole('button', { name: /^اقتراح سعر/ }));
    const dialog = await screen.findByRole('dialog', { name: 'اقتراح سعر لـالذهب' });
    await typeInto(within(dialog).getByLabelText(/^سعر البيع/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال للموافقة' }));
    expect(
      await within(dialog).findByText('لا يجوز أن يزيد سعر البيع على سعر الشراء.'),
    ).toBeVisible();
  });

  it("shows an asset's open limit orders, with what they hold in all", async () => {
    const user = userEvent.setup();
    const order = limitOrder();
    stubApi({
      [listUrl]: { status: 200, body: staffPriceBook() },
      'GET /api/v1/admin/orders/AU': {
        status: 200,
        body: {
          symbol: 'AU',
          items: [
            { ...order, email: 'amira@example.com' },
            {
              ...limitOrder({ side: 'sell', quantity: '250.000', reserved: '250.000' }),
              email: 'omar@example.com',
            },
          ],
          reservedCash: '55.00',
          reservedQuantity: '250.000',
        },
      },
    });
    renderWithProviders(<PricesTab />);
    const row = await rowOf('Gold');
    await user.click(within(row).getByRole('button', { name: /^Open orders ?\(Gold\)$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Open orders on Gold' });
    expect(within(dialog).getByTestId('open-orders-cash')).toHaveTextContent('$55.00');
    expect(within(dialog).getByTestId('open-orders-quantity')).toHaveTextContent('250.000 mg');
    const [buy, sell] = within(dialog).getAllByTestId('open-order');
    expect(buy).toHaveTextContent('amira@example.com');
    expect(buy).toHaveTextContent('Buy');
    expect(buy).toHaveTextContent('Quantity1,000.000 mg');
    expect(buy).toHaveTextContent('Limit$0.055 per mg');
    expect(buy).toHaveTextContent('Reserved$55.00');
    expect(sell).toHaveTextContent('omar@example.com');
    expect(sell).toHaveTextContent('Reserved250.000 mg');
  });
});
