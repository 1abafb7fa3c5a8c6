// "Your fixed terms": an active term counting down with its progress, a matured one with its
// profit paid, the cash the profits go to, and the empty, loading-error and Arabic views.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { activeTerm, maturedTerm } from '@/test/fixed-test-data';
import { FixedTermList } from './fixed-term-list';

const namespaces = ['custody', 'catalogue', 'vault', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18next.changeLanguage('en');
});

const summary = { cashBalance: '1250.00', bookBalance: '0.00', totalNetWorth: '0', allocation: [] };

function renderList(terms: Parameters<typeof stubApi>[0][string]) {
  stubApi({
    'GET /api/v1/me/fixed-terms': terms,
    'GET /api/v1/me/summary': { status: 200, body: summary },
  });
  renderWithProviders(<FixedTermList />);
}

describe('your fixed terms', () => {
  it('counts an active term down and shows a matured one with its profit paid', async () => {
    // 31 days and 2 hours before the active term matures; 61 of its 92 days have run.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T10:00:00Z') });
    renderList({ status: 200, body: [activeTerm, maturedTerm] });

    const active = await screen.findByTestId(`fixed-term-${activeTerm.id}`);
    expect(screen.getByRole('heading', { name: 'Active (1)' })).toBeVisible();
    expect(active).toHaveTextContent('Silver');
    expect(active).toHaveTextContent('10,000.000 mg');
    expect(active).toHaveTextContent('$8.40');
    expect(active).toHaveTextContent('3 months · 10%');
    expect(within(active).getByTestId('term-item-profit')).toHaveTextContent('$0.84');
    expect(within(active).getByTestId('term-item-maturity')).toHaveTextContent('Jan 1, 2027');
    expect(within(active).getByTestId('term-item-countdown')).toHaveTextContent(
      '31 days, 2 hours left',
    );
    expect(within(active).getByRole('progressbar', { name: 'Term progress' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );

    const matured = screen.getByTestId(`fixed-term-${maturedTerm.id}`);
    expect(screen.getByRole('heading', { name: 'Matured (1)' })).toBeVisible();
    expect(matured).toHaveTextContent('Whole item');
    expect(matured).toHaveTextContent('Profit paid');
    expect(within(matured).getByTestId('term-item-matured')).toHaveTextContent('Feb 28, 2026');
    expect(within(matured).getByTestId('term-item-paid')).toHaveTextContent(
      'Profit paid: $250.00 was added to your cash.',
    );
    expect(within(matured).queryByRole('progressbar')).toBeNull();
    expect(await screen.findByTestId('fixed-cash')).toHaveTextContent('$1,250.00');
    // The figure is named as the cash balance, not read as a profit.
    expect(screen.getByTestId('fixed-cash-line')).toHaveTextContent(
      'Your cash balance: $1,250.00 Profits are paid into it when a term matures.',
    );
  });

  it('counts the last day in hours and minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-01T08:40:00Z') });
    renderList({ status: 200, body: [activeTerm] });
    expect(await screen.findByTestId('term-item-countdown')).toHaveTextContent(
      '3 hours, 20 minutes left',
    );
  });

  it('leaves out a part that is zero', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00Z') });
    renderList({ status: 200, body: [activeTerm] });
    expect(await screen.findByTestId('term-item-countdown')).toHaveTextContent(/^31 days left$/);
  });

  it('says the term is being paid once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-01T12:00:01Z') });
    renderList({ status: 200, body: [activeTerm] });
    expect(await screen.findByTestId('term-item-countdown')).toHaveTextContent(
      'The term has ended; its profit is being paid.',
    );
  });

  it('says when there are none', async () => {
    renderList({ status: 200, body: [] });
    expect(await screen.findByTestId('fixed-terms-empty')).toHaveTextContent(
      'You have no fixed terms yet.',
    );
  });

  it('reports a failure to load and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderList(() =>
      fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
        : { status: 200, body: [maturedTerm] },
    );
    expect(await screen.findByText('Failed to load your fixed terms.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(`fixed-term-${maturedTerm.id}`)).toBeVisible();
  });

  it('speaks Arabic', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T10:00:00Z') });
    await i18next.changeLanguage('ar');
    await loadCatalogs(namespaces);
    renderList({ status: 200, body: [activeTerm, maturedTerm] });
    const active = await screen.findByTestId(`fixed-term-${activeTerm.id}`);
    expect(screen.getByRole('heading', { name: 'أصولك المثبّتة' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'قيد التثبيت (1)' })).toBeVisible();
    expect(active).toHaveTextContent('الفضة');
    expect(active).toHaveTextContent('3 أشهر');
    expect(within(active).getByTestId('term-item-countdown')).toHaveTextContent(
      'المتبقي: 31 يومًا وساعتان',
    );
    const matured = screen.getByTestId(`fixed-term-${maturedTerm.id}`);
    expect(matured).toHaveTextContent('الربح المدفوع');
    expect(matured).toHaveTextContent('القطعة بأكملها');
    await screen.findByTestId('fixed-cash');
    expect(screen.getByTestId('fixed-cash-line')).toHaveTextContent(
      /^رصيدك النقدي:.*تُودَع فيه الأرباح/,
    );
  });
});
