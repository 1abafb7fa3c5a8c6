import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { toast } from '@/lib/toast';
import { alertsReply, priceAlert } from '@/test/price-alert-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { PriceAlertsCard } from './price-alerts-card';

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

const list = 'GET /api/v1/me/price-alerts';

describe('the price alerts in Settings', () => {
  it('lists the waiting ones, then the fired ones with when and at what price', async () => {
    stubApi({
      [list]: alertsReply([
        priceAlert({ symbol: 'AU', direction: 'below', price: '0.05' }),
        priceAlert({
          symbol: 'BTC',
          price: '120000',
          firedAt: '2026-11-21T10:00:00.000Z',
          firedPrice: '120015.5',
        }),
      ]),
    });
    renderWithProviders(<PriceAlertsCard />);
    const [gold, bitcoin] = await screen.findAllByTestId('price-alert-item');
    expect(gold).toHaveTextContent('Below $0.050000 per mg');
    expect(within(gold!).getByTestId('price-alert-status')).toHaveTextContent('Waiting');
    expect(within(gold!).getByRole('link', { name: 'Gold' })).toHaveAttribute(
      'href',
      '/metal-calculator/au',
    );
    expect(bitcoin).toHaveTextContent('Above $120,000.00 per BTC');
    expect(within(bitcoin!).getByTestId('price-alert-status')).toHaveTextContent('Fired');
    const fired = within(bitcoin!).getByTestId('price-alert-fired');
    expect(fired).toHaveTextContent('Fired Nov 21, 2026');
    expect(fired).toHaveTextContent('sell price $120,015.50 per BTC');
    expect(within(fired).getByText(/Nov 21, 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-21T10:00:00.000Z',
    );
    expect(within(bitcoin!).getByRole('link', { name: 'Bitcoin' })).toHaveAttribute(
      'href',
      '/crypto/BTC',
    );
  });

  it('reads in Arabic', async () => {
    stubApi({
      [list]: alertsReply([
        priceAlert({ firedAt: '2026-11-21T10:00:00.000Z', firedPrice: '120015.5' }),
      ]),
    });
    await loadCatalogs(['trading', 'catalogue']);
    await i18next.changeLanguage('ar');
    renderWithProviders(<PriceAlertsCard />);
    expect(await screen.findByRole('heading', { name: 'تنبيهات الأسعار' })).toBeVisible();
    const item = await screen.findByTestId('price-alert-item');
    expect(within(item).getByTestId('price-alert-status')).toHaveTextContent('انطلق');
    expect(item).toHaveTextContent('أعلى من');
    expect(item).toHaveTextContent('لكل BTC');
  });

  it('says when there are none, and where to set one', async () => {
    stubApi({ [list]: alertsReply() });
    renderWithProviders(<PriceAlertsCard />);
    const empty = await screen.findByTestId('price-alerts-empty');
    expect(empty).toHaveTextContent('You have no price alerts.');
    expect(within(empty).getByRole('link', { name: 'Precious metals' })).toHaveAttribute(
      'href',
      '/precious-metals',
    );
    expect(within(empty).getByRole('link', { name: 'Cryptocurrencies' })).toHaveAttribute(
      'href',
      '/crypto',
    );
  });

  it('shows grey rows until the alerts arrive', async () => {
    stubApi({ [list]: alertsReply([priceAlert()]) });
    renderWithProviders(<PriceAlertsCard />);
    expect(screen.getByTestId('price-alerts-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your price alerts…');
    expect(await screen.findByTestId('price-alert-item')).toBeVisible();
    expect(screen.queryByTestId('price-alerts-loading')).not.toBeInTheDocument();
  });

  it('removes a fired alert', async () => {
    const user = userEvent.setup();
    const fired = priceAlert({ firedAt: '2026-11-21T10:00:00.000Z', firedPrice: '120015.5' });
    let items = [fired];
    const fetchMock = stubApi({
      [list]: () => alertsReply(items),
      [`DELETE /api/v1/me/price-alerts/${fired.id}`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<PriceAlertsCard />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Remove the alert: Bitcoin: Above $120,000.00 per BTC',
      }),
    );
    expect(await screen.findByTestId('price-alerts-empty')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Price alert removed');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/me/price-alerts/${fired.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('says when a removal failed, and keeps the alert', async () => {
    const user = userEvent.setup();
    const alert = priceAlert();
    stubApi({
      [list]: alertsReply([alert]),
      [`DELETE /api/v1/me/price-alerts/${alert.id}`]: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Down.' } },
      },
    });
    renderWithProviders(<PriceAlertsCard />);
    await user.click(await screen.findByRole('button', { name: /Remove the alert/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not remove the price alert', {
        description: 'Please try again.',
      }),
    );
    expect(screen.getByTestId('price-alert-item')).toBeVisible();
  });
});
