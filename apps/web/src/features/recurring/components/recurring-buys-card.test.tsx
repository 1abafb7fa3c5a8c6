import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { RecurringBuy } from '@secure-vault/shared/recurring';
import { toast } from '@/lib/toast';
import { recurringBuy, recurringReply, recurringRun } from '@/test/recurring-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { RecurringBuysCard } from './recurring-buys-card';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'auth']));
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const list = 'GET /api/v1/me/recurring-buys';
const base = '/api/v1/me/recurring-buys';

/** A server holding `plans`, whose actions change their status as the real one would. */
function stubPlans(plans: RecurringBuy[]) {
  let items = plans;
  const change = (id: string, status: RecurringBuy['status']) => {
    items = items.map((plan) =>
      plan.id === id
        ? { ...plan, status, nextRunAt: status === 'active' ? '2026-12-14T12:00:00.000Z' : null }
        : plan,
    );
    return { status: 200, body: items.find((plan) => plan.id === id) };
  };
  const routes = Object.fromEntries(
    plans.flatMap((plan) => [
      [`POST ${base}/${plan.id}/pause`, () => change(plan.id, 'paused')],
      [`POST ${base}/${plan.id}/resume`, () => change(plan.id, 'active')],
      [`POST ${base}/${plan.id}/cancel`, () => change(plan.id, 'cancelled')],
    ]),
  );
  return stubApi({ [list]: () => recurringReply(items), ...routes });
}

describe('the recurring buys in Settings', () => {
  it('lists each plan with its asset, status, next buy and last buys in words', async () => {
    stubApi({
      [list]: recurringReply([
        recurringBuy({
          runs: [
            recurringRun('2026-11-30T12:00:00.000Z', {
              outcome: 'skipped',
              quantity: null,
              total: null,
              reason: 'INSUFFICIENT_CASH',
            }),
            recurringRun('2026-11-23T12:00:00.000Z'),
            recurringRun('2026-11-16T12:00:00.000Z', {
              outcome: 'skipped',
              quantity: null,
              total: null,
              reason: 'SOMETHING_NEW',
            }),
            recurringRun('2026-11-09T12:00:00.000Z'),
          ],
        }),
        recurringBuy({
          symbol: 'AU',
          amount: '1000',
          frequency: 'monthly',
          day: 31,
          status: 'paused',
          nextRunAt: null,
        }),
        recurringBuy({ symbol: 'ETH', status: 'cancelled', nextRunAt: null }),
      ]),
    });
    renderWithProviders(<RecurringBuysCard />);
    const [bitcoin, gold, ether] = await screen.findAllByTestId('recurring-buy-item');
    expect(within(bitcoin!).getByRole('link', { name: 'Bitcoin' })).toHaveAttribute(
      'href',
      '/crypto/BTC',
    );
    expect(bitcoin).toHaveTextContent('$50.00 every Monday');
    expect(within(bitcoin!).getByTestId('recurring-status')).toHaveTextContent('Active');
    expect(within(bitcoin!).getByTestId('recurring-next')).toHaveTextContent(
      'Next buy: Monday, December 7, 2026, 12:00 UTC',
    );
    const runs = within(bitcoin!).getAllByTestId('recurring-run');
    expect(runs[0]).toHaveTextContent('Nov 30, 2026Skipped: not enough cash');
    expect(runs[1]).toHaveTextContent('Nov 23, 2026Bought 0.00043103 BTC for $50.00');
    expect(runs[2]).toHaveTextContent('Skipped: the buy could not be made');
    // The fourth waits behind "Earlier ones".
    expect(within(bitcoin!).getByText('Earlier ones (1)')).toBeVisible();

    expect(within(gold!).getByRole('link', { name: 'Gold' })).toHaveAttribute(
      'href',
      '/metal-calculator/au',
    );
    expect(gold).toHaveTextContent('$1,000.00 on day 31 of every month');
    expect(within(gold!).getByTestId('recurring-status')).toHaveTextContent('Paused');
    expect(within(gold!).getByTestId('recurring-next')).toHaveTextContent(
      'nothing is bought until you resume it',
    );
    expect(gold).toHaveTextContent('Nothing bought yet.');
    expect(within(gold!).getByRole('button', { name: /^Resume Gold/ })).toBeVisible();

    expect(within(ether!).getByTestId('recurring-status')).toHaveTextContent('Cancelled');
    expect(within(ether!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('pauses and resumes a plan, keeping the keyboard on it', async () => {
    const user = userEvent.setup();
    const plan = recurringBuy();
    stubPlans([plan]);
    renderWithProviders(<RecurringBuysCard />);
    await user.click(
      await screen.findByRole('button', { name: 'Pause Bitcoin: $50.00 every Monday' }),
    );
    const item = screen.getByTestId('recurring-buy-item');
    await waitFor(() =>
      expect(within(item).getByTestId('recurring-status')).toHaveTextContent('Paused'),
    );
    expect(toast.success).toHaveBeenCalledWith('Recurring buy paused');
    expect(screen.getByText('$50.00 every Monday')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Resume Bitcoin: $50.00 every Monday' }));
    await waitFor(() =>
      expect(within(item).getByTestId('recurring-status')).toHaveTextContent('Active'),
    );
    expect(within(item).getByTestId('recurring-next')).toHaveTextContent('December 14, 2026');
    expect(toast.success).toHaveBeenCalledWith('Recurring buy resumed');
  });

  it('cancels a plan only once confirmed', async () => {
    const user = userEvent.setup();
    const plan = recurringBuy();
    const fetchMock = stubPlans([plan]);
    renderWithProviders(<RecurringBuysCard />);
    const cancel = await screen.findByRole('button', {
      name: 'Cancel Bitcoin: $50.00 every Monday',
    });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancel this recurring buy?',
    });
    expect(dialog).toHaveTextContent('To stop for a while, pause it instead.');
    // The safe choice has the focus; keeping it sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Keep It' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(`${base}/${plan.id}/cancel`, expect.anything());

    await user.click(cancel);
    await user.click(await screen.findByRole('button', { name: 'Cancel Recurring Buy' }));
    const item = screen.getByTestId('recurring-buy-item');
    await waitFor(() =>
      expect(within(item).getByTestId('recurring-status')).toHaveTextContent('Cancelled'),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `${base}/${plan.id}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(toast.success).toHaveBeenCalledWith('Recurring buy cancelled');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('$50.00 every Monday')).toHaveFocus();
  });

  it('says when the plan had already changed elsewhere', async () => {
    const user = userEvent.setup();
    const plan = recurringBuy();
    let items = [plan];
    stubApi({
      [list]: () => recurringReply(items),
      [`POST ${base}/${plan.id}/pause`]: () => {
        items = [{ ...plan, status: 'cancelled', nextRunAt: null }];
        return {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'This recurring buy is cancelled.' } },
        };
      },
    });
    renderWithProviders(<RecurringBuysCard />);
    await user.click(await screen.findByRole('button', { name: /^Pause Bitcoin/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not change the recurring buy', {
        description: 'It had already changed. The list now shows where it stands.',
      }),
    );
    expect(screen.getByTestId('recurring-status')).toHaveTextContent('Cancelled');
  });

  it('shows grey rows until the plans arrive, and says when there are none', async () => {
    stubApi({ [list]: recurringReply() });
    renderWithProviders(<RecurringBuysCard />);
    expect(screen.getByTestId('recurring-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your recurring buys…');
    const empty = await screen.findByTestId('recurring-empty');
    expect(empty).toHaveTextContent('You have no recurring buys.');
    expect(within(empty).getByRole('link', { name: 'Precious metals' })).toHaveAttribute(
      'href',
      '/precious-metals',
    );
  });

  it('offers to try again when the plans could not be read', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      [list]: () =>
        isDown
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Down.' } } }
          : recurringReply([recurringBuy()]),
    });
    renderWithProviders(<RecurringBuysCard />);
    expect(await screen.findByText('Your recurring buys could not be loaded.')).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('recurring-buy-item')).toBeVisible();
  });

  it('reads in Arabic', async () => {
    stubApi({
      [list]: recurringReply([
        recurringBuy({
          status: 'paused',
          nextRunAt: null,
          runs: [
            recurringRun('2026-11-30T12:00:00.000Z', {
              outcome: 'skipped',
              quantity: null,
              total: null,
              reason: 'PRICE_STALE',
            }),
          ],
        }),
      ]),
    });
    await i18next.changeLanguage('ar');
    renderWithProviders(<RecurringBuysCard />);
    const item = await screen.findByTestId('recurring-buy-item');
    expect(within(item).getByTestId('recurring-status')).toHaveTextContent('متوقف مؤقتًا');
    expect(item).toHaveTextContent('تم التخطي: كان التداول متوقفًا مؤقتًا لأن السعر غير محدَّث');
    expect(within(item).getByRole('button', { name: /^استئناف/ })).toBeVisible();
  });
});
