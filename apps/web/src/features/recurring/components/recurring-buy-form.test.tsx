import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import { toast } from '@/lib/toast';
import { recurringBuy, recurringRefusal, recurringReply } from '@/test/recurring-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AssetRecurringBuys } from './asset-recurring-buys';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => {
  // Wednesday 2 December 2026, before the day's buys at 12:00 UTC.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T09:00:00.000Z'));
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const list = 'GET /api/v1/me/recurring-buys';
const create = 'POST /api/v1/me/recurring-buys';

function renderFor(symbol: string) {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(`No asset ${symbol}`);
  return renderWithProviders(<AssetRecurringBuys asset={asset} />);
}

function sentBodies(fetchMock: ReturnType<typeof stubApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe("an asset's recurring buy form", () => {
  it('offers the weekdays for a weekly buy and 1 to 31 for a monthly one', async () => {
    const user = userEvent.setup();
    stubApi({ [list]: recurringReply() });
    renderFor('BTC');
    const frequency = screen.getByLabelText('How often');
    expect(frequency).toHaveValue('weekly');
    const weekday = screen.getByLabelText('Day of the week');
    expect(optionTexts(weekday)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(screen.getByTestId('recurring-next-run')).toHaveTextContent(
      'First buy: Monday, December 7, 2026, 12:00 UTC',
    );

    await user.selectOptions(frequency, 'monthly');
    const monthDay = screen.getByLabelText('Day of the month');
    expect(optionTexts(monthDay)).toHaveLength(31);
    expect(optionTexts(monthDay).at(-1)).toBe('31');
    // The day chosen stays chosen: Monday was 1.
    expect(monthDay).toHaveValue('1');
    await user.selectOptions(monthDay, '31');
    expect(screen.getByTestId('recurring-next-run')).toHaveTextContent(
      'First buy: Thursday, December 31, 2026, 12:00 UTC',
    );
    expect(screen.getByTestId('recurring-help')).toHaveTextContent(
      "In a month without that day (the 31st in April), it is made on the month's last day.",
    );

    // Back to weekly, a day a week has not is Monday again.
    await user.selectOptions(frequency, 'weekly');
    expect(screen.getByLabelText('Day of the week')).toHaveValue('1');
    expect(screen.getByTestId('recurring-next-run')).toHaveTextContent('Monday, December 7, 2026');
    expect(screen.getByTestId('recurring-help')).toHaveTextContent('at 12:00 UTC on the day');
  });

  it('checks the amount before sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [list]: recurringReply() });
    renderFor('BTC');
    const amount = screen.getByLabelText('Amount');
    const submit = screen.getByRole('button', { name: 'Start Recurring Buy' });
    await user.click(submit);
    const invalid = 'Enter an amount in US dollars, with at most 2 decimals.';
    expect(await screen.findByText(invalid)).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    await user.type(amount, '12.345');
    await user.click(submit);
    expect(screen.getByText(invalid)).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '9.99');
    await user.click(submit);
    expect(await screen.findByText('Enter an amount from $10.00 to $100,000.00.')).toBeVisible();
    expect(sentBodies(fetchMock)).toEqual([]);
  });

  it('sets up a monthly buy and lists it', async () => {
    const user = userEvent.setup();
    let items = [recurringBuy({ symbol: 'ETH' })];
    const fetchMock = stubApi({
      [list]: () => recurringReply(items),
      [create]: (_url, init) => {
        const created = recurringBuy({
          symbol: 'AU',
          amount: '250.00',
          frequency: 'monthly',
          day: 15,
          nextRunAt: '2026-12-15T12:00:00.000Z',
        });
        items = [created, ...items];
        expect(JSON.parse(typeof init.body === 'string' ? init.body : '')).toEqual({
          symbol: 'AU',
          amount: '250',
          frequency: 'monthly',
          day: 15,
        });
        return { status: 201, body: created };
      },
    });
    renderFor('AU');
    expect(await screen.findByTestId('recurring-empty')).toHaveTextContent(
      'You have no recurring buys of Gold.',
    );
    await user.type(screen.getByLabelText('Amount'), ' 250 ');
    await user.selectOptions(screen.getByLabelText('How often'), 'monthly');
    await user.selectOptions(screen.getByLabelText('Day of the month'), '15');
    await user.click(screen.getByRole('button', { name: 'Start Recurring Buy' }));
    const item = await screen.findByTestId('recurring-buy-item');
    expect(item).toHaveTextContent('$250.00 on day 15 of every month');
    expect(item).toHaveTextContent('Next buy: Tuesday, December 15, 2026, 12:00 UTC');
    expect(within(item).getByTestId('recurring-status')).toHaveTextContent('Active');
    expect(toast.success).toHaveBeenCalledWith(
      'Recurring buy of Gold set: $250.00 on day 15 of every month',
    );
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(sentBodies(fetchMock)).toHaveLength(1);
  });

  it('puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    stubApi({
      [list]: recurringReply(),
      [create]: recurringRefusal('amount', 'trading:recurring.errors.tooMany'),
    });
    renderFor('BTC');
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Start Recurring Buy' }));
    expect(
      await screen.findByText('You already keep 20 recurring buys. Cancel one to set up another.'),
    ).toBeVisible();
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a day out of range on the day field', async () => {
    const user = userEvent.setup();
    stubApi({
      [list]: recurringReply(),
      [create]: recurringRefusal('day', 'trading:recurring.errors.dayInvalid'),
    });
    renderFor('BTC');
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Start Recurring Buy' }));
    expect(
      await screen.findByText(
        'Choose a day: a weekday for a weekly buy, 1 to 31 for a monthly one.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Day of the week')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a 21st plan before sending it', async () => {
    const user = userEvent.setup();
    const kept = Array.from({ length: 20 }, () => recurringBuy({ symbol: 'ETH' }));
    const fetchMock = stubApi({ [list]: recurringReply(kept) });
    renderFor('BTC');
    expect(await screen.findByTestId('recurring-empty')).toBeVisible();
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Start Recurring Buy' }));
    expect(
      await screen.findByText('You already keep 20 recurring buys. Cancel one to set up another.'),
    ).toBeVisible();
    expect(sentBodies(fetchMock)).toEqual([]);
  });

  it('reads in Arabic', async () => {
    stubApi({ [list]: recurringReply([recurringBuy()]) });
    await i18next.changeLanguage('ar');
    renderFor('BTC');
    expect(await screen.findByRole('heading', { name: 'الشراء المتكرر' })).toBeVisible();
    expect(optionTexts(screen.getByLabelText('يوم الأسبوع'))[0]).toBe('الاثنين');
    const item = await screen.findByTestId('recurring-buy-item');
    expect(item).toHaveTextContent('كل يوم الاثنين');
    expect(within(item).getByTestId('recurring-status')).toHaveTextContent('نشط');
  });
});
