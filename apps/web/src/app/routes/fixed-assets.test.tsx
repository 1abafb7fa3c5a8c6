// /fixed-assets as a whole, in both languages: the heading and the way back to the dashboard,
// the picker, the term table, the how-it-works notes (SPEC §9) and the customer's terms. The
// form's rules are in features/custody/components/fixed-term-form.test.tsx.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { activeTerm, offers, valuables } from '@/test/fixed-test-data';
import FixedAssetsRoute from './fixed-assets';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['custody', 'catalogue', 'vault', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

function renderPage() {
  stubApi({
    'GET /api/v1/me/valuables': { status: 200, body: valuables },
    'GET /api/v1/fixed-terms': { status: 200, body: offers },
    'GET /api/v1/me/fixed-terms': { status: 200, body: [activeTerm] },
    'GET /api/v1/me/summary': {
      status: 200,
      body: { cashBalance: '250.00', bookBalance: '0.00', totalNetWorth: '0', allocation: [] },
    },
  });
  renderWithProviders(<FixedAssetsRoute />, { route: '/fixed-assets' });
}

describe('/fixed-assets', () => {
  it('shows the picker, the term table, the notes and the terms, with a way back', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixed Assets' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(await screen.findByRole('group', { name: 'Pick an asset' })).toBeVisible();
    const table = await screen.findByTestId('fixed-term-table');
    for (const term of ['1 month', '3 months', '6 months', '1 year']) {
      expect(within(table).getByRole('radio', { name: term })).toBeInTheDocument();
    }
    const notes = screen.getByTestId('fixed-how');
    expect(notes).toHaveTextContent(
      '1 month at 5%, 3 months at 10%, 6 months at 25% or 1 year at 50% profit interest',
    );
    expect(notes).toHaveTextContent('Total return = the asset');
    expect(notes).toHaveTextContent('cannot be withdrawn before the term ends');
    expect(notes).toHaveTextContent('the profit is added to your net worth');
    expect(await screen.findByTestId(`fixed-term-${activeTerm.id}`)).toBeVisible();
    expect(document.title).toContain('Fixed Assets');
  });

  it('speaks Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await loadCatalogs(namespaces);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'الأصول الثابتة' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' })).toBeVisible();
    const table = await screen.findByTestId('fixed-term-table');
    expect(within(table).getByRole('radio', { name: 'سنة واحدة' })).toBeInTheDocument();
    expect(screen.getByTestId('fixed-how')).toHaveTextContent(
      'لا يمكن سحب الأصل المثبّت قبل انتهاء المدة',
    );

    await user.click(screen.getByRole('button', { name: 'مراجعة' }));
    expect(await screen.findByText('يرجى اختيار أصل.')).toBeVisible();
    expect(screen.getByText('يرجى اختيار مدة.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /الذهب/ }));
    expect(screen.getByLabelText('الكمية المراد تثبيتها (ملغ)')).toHaveValue(10000);
    expect(screen.getByRole('button', { name: 'كامل الحيازة' })).toBeVisible();
    expect(screen.getByRole('radio', { name: /الفضة/ })).toHaveAccessibleDescription(
      /مثبّت لمدة محددة بالفعل/,
    );
  });
});
