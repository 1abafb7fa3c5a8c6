// "Fix an asset": what the picker offers, the quantity of a position, the term table's profit,
// total return and maturity (31 January + 1 month = end of February), the review, and sending
// once with an Idempotency-Key that a retry reuses and the next term does not; refusals in the
// server's words or SPEC §8's fallback.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FixedTermRequest } from '@secure-vault/shared/custody';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import { createdTerm, gold, offers, ring, valuables } from '@/test/fixed-test-data';
import { FixedTermForm } from './fixed-term-form';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['custody', 'catalogue', 'vault', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

type Reply = Parameters<typeof stubApi>[0][string];
const failure = (status: number, code: string) => ({
  status,
  body: { error: { code, message: 'Refused', issues: [] } },
});
const postPath = 'POST /api/v1/me/fixed-terms';
/** The JSON body callApi sent. */
const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(init?.body as string) as FixedTermRequest;

function renderForm(routes: Record<string, Reply> = {}) {
  const fetchMock = stubApi({
    'GET /api/v1/me/valuables': { status: 200, body: valuables },
    'GET /api/v1/fixed-terms': { status: 200, body: offers },
    // What a success refreshes besides the valuables.
    'GET /api/v1/me/summary': { status: 200, body: {} },
    'GET /api/v1/me/fixed-terms': { status: 200, body: [] },
    ...routes,
  });
  renderWithProviders(<FixedTermForm />);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/me/fixed-terms' && init?.method === 'POST')
    .map(([, init]) => ({
      key: (init?.headers as Record<string, string>)['idempotency-key'],
      body: bodyOf(init),
    }));

const row = (months: number) => screen.getByTestId(`fixed-term-${String(months)}`);

describe('the asset picker', () => {
  it('offers active valued holdings, and shows the others disabled with their reason', async () => {
    renderForm();
    const list = await screen.findByTestId('fixed-items');
    expect(within(list).getByRole('radio', { name: /Gold/ })).toBeEnabled();
    expect(within(list).getByRole('radio', { name: /Bitcoin/ })).toBeEnabled();
    expect(within(list).getByRole('radio', { name: /Diamond ring/ })).toBeEnabled();
    const silver = within(list).getByRole('radio', { name: /Silver/ });
    expect(silver).toBeDisabled();
    expect(silver).toHaveAccessibleDescription(/Already fixed for a term/);
    expect(within(list).getByRole('radio', { name: /Oil painting/ })).toHaveAccessibleDescription(
      /In delivery/,
    );
    expect(within(list).getByRole('radio', { name: /Title deed/ })).toHaveAccessibleDescription(
      /No value to earn on/,
    );
    expect(within(list).queryByRole('radio', { name: /Cash|Withdrawal|Platinum/ })).toBeNull();
  });

  it('asks for a quantity of a position, and fixes an item whole', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('radio', { name: /Gold/ }));
    const quantity = screen.getByLabelText('Quantity to fix (mg)');
    expect(quantity).toHaveValue(10000);
    expect(screen.getByText(/You hold:/)).toHaveTextContent('10,000.000 mg');
    await user.clear(quantity);
    await user.type(quantity, '12000');
    await user.tab();
    expect(await screen.findByText('That is more than you hold.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Whole holding' }));
    expect(quantity).toHaveValue(10000);
    expect(screen.queryByText('That is more than you hold.')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Diamond ring/ }));
    expect(screen.queryByLabelText('Quantity to fix (mg)')).toBeNull();
    expect(screen.getByTestId('whole-item-note')).toHaveTextContent('This item is fixed whole.');
  });
});

describe('the term table', () => {
  it('prices each term on the quantity at the listed price, profit in cents rounded down', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('fixed-term-table');
    expect(within(row(1)).getByTestId('term-profit')).toHaveTextContent('—');
    expect(within(row(3)).getByRole('cell', { name: '10%' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Gold/ }));
    // 10,000 mg × $0.057 = $570.
    expect(within(row(1)).getByTestId('term-profit')).toHaveTextContent('$28.50');
    expect(within(row(1)).getByTestId('term-total')).toHaveTextContent('$598.50');
    expect(within(row(12)).getByTestId('term-profit')).toHaveTextContent('$285.00');
    expect(within(row(12)).getByTestId('term-total')).toHaveTextContent('$855.00');

    // 2,500 mg = $142.50; 5 % = $7.125, credited as $7.12.
    const quantity = screen.getByLabelText('Quantity to fix (mg)');
    await user.clear(quantity);
    await user.type(quantity, '2500');
    expect(within(row(1)).getByTestId('term-profit')).toHaveTextContent('$7.12');
    expect(within(row(1)).getByTestId('term-total')).toHaveTextContent('$149.62');
    expect(within(row(6)).getByTestId('term-profit')).toHaveTextContent('$35.62');
  });

  it.each([
    ['2027-01-31T10:00:00Z', 'Feb 28, 2027', 'Apr 30, 2027', 'Jul 31, 2027', 'Jan 31, 2028'],
    ['2028-01-31T23:30:00Z', 'Feb 29, 2028', 'Apr 30, 2028', 'Jul 31, 2028', 'Jan 31, 2029'],
  ])('on %s the terms mature on %s, %s, %s and %s', async (now, ...dates) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
    renderForm();
    await screen.findByTestId('fixed-term-table');
    [1, 3, 6, 12].forEach((months, index) =>
      expect(within(row(months)).getByTestId('term-maturity')).toHaveTextContent(dates[index]!),
    );
  });

  it('chooses a term by a click anywhere on its row', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('fixed-term-table');
    await user.click(within(row(6)).getByTestId('term-maturity'));
    expect(screen.getByRole('radio', { name: '6 months' })).toBeChecked();
  });
});

describe('fixing', () => {
  async function review(user: ReturnType<typeof userEvent.setup>, item: RegExp, term: string) {
    await user.click(await screen.findByRole('radio', { name: item }));
    await user.click(screen.getByRole('radio', { name: term }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    return screen.findByTestId('fixed-review');
  }

  it('asks for an asset and a term first', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Please choose an asset.')).toBeVisible();
    expect(screen.getByText('Please choose a term.')).toBeVisible();
    expect(sent(fetchMock)).toEqual([]);
  });

  it('reviews the figures, fixes once, and the picker shows the holding locked', async () => {
    const user = userEvent.setup();
    let list = valuables;
    const fetchMock = renderForm({
      [postPath]: (_url, init) => {
        const body = bodyOf(init);
        list = valuables.map((v) => (v.id === ring.id ? { ...v, status: 'locked' } : v));
        return { status: 201, body: createdTerm(body) };
      },
      'GET /api/v1/me/valuables': () => ({ status: 200, body: list }),
    });
    const dialog = await review(user, /Diamond ring/, '1 year');
    expect(within(dialog).getByTestId('review-profit')).toHaveTextContent('$2,500.00');
    expect(within(dialog).getByTestId('review-total')).toHaveTextContent('$7,500.00');
    expect(dialog).toHaveTextContent('The whole item');
    expect(dialog).toHaveTextContent('cannot be withdrawn before the term ends');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));

    await waitFor(() => expect(screen.queryByTestId('fixed-review')).toBeNull());
    expect(sent(fetchMock)).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { valuableId: ring.id, months: 12 } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Asset fixed', {
      description: 'Diamond ring is fixed for 1 year. It matures on Nov 25, 2027.',
    });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Diamond ring/ })).toHaveAccessibleDescription(
        /Already fixed for a term/,
      ),
    );
    expect(screen.getByRole('radio', { name: /Diamond ring/ })).toBeDisabled();
  });

  it('sends part of a position with its quantity', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm({
      [postPath]: (_url, init) => ({
        status: 201,
        body: createdTerm(bodyOf(init)),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: /Gold/ }));
    const quantity = screen.getByLabelText('Quantity to fix (mg)');
    await user.clear(quantity);
    await user.type(quantity, '2500');
    const dialog = await review(user, /Gold/, '1 month');
    expect(dialog).toHaveTextContent('2,500.000 mg');
    expect(within(dialog).getByTestId('review-profit')).toHaveTextContent('$7.12');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));
    await waitFor(() =>
      expect(sent(fetchMock).map((call) => call.body)).toEqual([
        { valuableId: gold.id, months: 1, quantity: '2500' },
      ]),
    );
  });

  it('reuses the key on a retry after a failure, and takes a new one for the next term', async () => {
    const user = userEvent.setup();
    let answers = [failure(500, 'INTERNAL')];
    const fetchMock = renderForm({
      [postPath]: (_url, init) =>
        answers.shift() ?? {
          status: 201,
          body: createdTerm(bodyOf(init)),
        },
    });
    let dialog = await review(user, /Diamond ring/, '3 months');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Asset not fixed', {
        description: 'Failed to fix asset. Please try again.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Review' }));
    dialog = await screen.findByTestId('fixed-review');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());

    answers = [];
    dialog = await review(user, /Diamond ring/, '3 months');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(3));
    const [first, retry, next] = sent(fetchMock);
    expect(retry?.key).toBe(first?.key);
    expect(next?.key).not.toBe(first?.key);
  });

  it.each([
    ['ASSET_UNAVAILABLE', 409, 'it is already fixed, in delivery or no longer active'],
    ['INSUFFICIENT_HOLDING', 422, 'You no longer hold that much of this asset.'],
    ['QUANTITY_INVALID', 422, 'Please enter a valid quantity.'],
  ])('says why when the server answers %s', async (code, status, text) => {
    const user = userEvent.setup();
    renderForm({ [postPath]: failure(status, code) });
    const dialog = await review(user, /Gold/, '6 months');
    await user.click(within(dialog).getByRole('button', { name: 'Fix asset' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Asset not fixed', {
        description: expect.stringContaining(text) as string,
      }),
    );
  });
});

describe('loading', () => {
  it('reports a failure to load the assets and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderForm({
      'GET /api/v1/me/valuables': () =>
        fail ? failure(500, 'INTERNAL') : { status: 200, body: valuables },
    });
    expect(await screen.findByText('Error loading assets')).toBeVisible();
    expect(screen.getByText('Failed to load your assets')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('fixed-items')).toBeVisible();
  });

  it('says when there is nothing to fix', async () => {
    renderForm({ 'GET /api/v1/me/valuables': { status: 200, body: [valuables[0]] } });
    expect(await screen.findByText('You have nothing to fix yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buy metals' })).toHaveAttribute(
      'href',
      '/precious-metals',
    );
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
  });
});
