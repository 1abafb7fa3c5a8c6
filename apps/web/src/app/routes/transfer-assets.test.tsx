// /transfer-assets before the review: the KYC gate, what the picker offers, the amount field, and
// SPEC §5's validation toasts in both languages. The recipient, review and sending are in
// features/banking/components/transfer-flow.test.tsx.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import {
  account,
  fixedSilver,
  painting,
  savedRecipientsPath,
  valuables,
} from '@/test/transfer-test-data';
import TransferAssetsRoute from './transfer-assets';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const namespaces = ['transfers', 'catalogue', 'vault', 'auth'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

function renderPage(list = valuables, overview: Record<string, unknown> = account) {
  const fetchMock = stubApi({
    'GET /api/v1/me/account': { status: 200, body: overview },
    'GET /api/v1/me/valuables': { status: 200, body: list },
    [savedRecipientsPath]: { status: 200, body: [] },
  });
  renderWithProviders(<TransferAssetsRoute />, { route: '/transfer-assets' });
  return fetchMock;
}

const radio = (name: RegExp) => screen.getByRole('radio', { name });

describe('/transfer-assets', () => {
  it('asks for identity verification and offers nothing else', async () => {
    const fetchMock = renderPage(valuables, { ...account, kycStatus: 'submitted' });
    const notice = await screen.findByTestId('kyc-required');
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByLabelText('Receiver account number')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('lists what can move, and shows fixed and delivering items unavailable with the reason', async () => {
    renderPage();
    const list = await screen.findByTestId('transfer-items');
    const radios = within(list).getAllByRole('radio');
    // Cash first, then positions, then items; the negative entry and the empty cash line are left out.
    expect(radios).toHaveLength(6);
    expect(radios[0]).toHaveAccessibleName(/Cash/);
    expect(list).not.toHaveTextContent('Storage fee');

    const goldOption = radio(/Gold/);
    expect(goldOption).toBeEnabled();
    expect(goldOption).toHaveAccessibleDescription('1,000.000 mg');
    expect(goldOption.closest('label')).toHaveTextContent('$57.00');
    expect(radio(/Bitcoin/)).toHaveAccessibleDescription('0.00435000 BTC');
    expect(radio(/Diamond ring/)).toHaveAccessibleDescription('Jewelry');
    expect(radio(/Diamond ring/).closest('label')).toHaveTextContent('$5,000.00');

    expect(radio(/Silver/)).toBeDisabled();
    expect(radio(/Silver/)).toHaveAccessibleDescription(/Fixed for a term/);
    expect(radio(/Oil painting/)).toBeDisabled();
    expect(radio(/Oil painting/)).toHaveAccessibleDescription(/Out for delivery/);
  });

  it('asks how much of cash or of a position, with a whole-holding shortcut; an item moves whole', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Gold/ }));
    const grams = screen.getByLabelText('Quantity (mg)');
    expect(screen.getByText(/Available:/)).toHaveTextContent('1,000.000 mg');
    await user.click(screen.getByRole('button', { name: 'Whole holding' }));
    expect(grams).toHaveValue(1000);

    await user.click(radio(/Bitcoin/));
    expect(screen.getByLabelText('Quantity (units)')).toHaveValue(null);

    await user.click(radio(/Cash/));
    const amount = screen.getByLabelText('Amount (USD)');
    await user.click(screen.getByRole('button', { name: 'Whole holding' }));
    expect(amount).toHaveValue(250);

    await user.click(radio(/Diamond ring/));
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
    expect(screen.getByTestId('whole-item-note')).toHaveTextContent(
      'The whole item moves to the receiver.',
    );
  });

  it('answers an incomplete form and a short account number with SPEC texts', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    // Unavailable until a receiver is confirmed, yet a press says what is missing.
    expect(continueButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(continueButton);
    expect(toast.error).toHaveBeenLastCalledWith('Invalid Input', {
      description: 'Please fill in all fields.',
    });

    await user.click(radio(/Diamond ring/));
    const number = screen.getByLabelText('Receiver account number');
    await user.type(number, '12-34 5');
    expect(number).toHaveValue('12345');
    await user.click(continueButton);
    expect(toast.error).toHaveBeenLastCalledWith('Invalid Account Number', {
      description: 'Account number must be 10 digits.',
    });
    expect(screen.getByText('Account number must be 10 digits.')).toBeVisible();

    // Ten digits, at most: the rest of a paste is dropped. This one fails its check digit.
    await user.clear(number);
    await user.paste('1234567890123');
    expect(number).toHaveValue('1234567890');
    expect(
      await screen.findByText('This account number is not valid. Check it and try again.'),
    ).toBeVisible();
    // The account, the valuables and the saved recipients were read; no number was looked up.
    const asked = fetchMock.mock.calls.map(([url]) => url);
    expect(asked.some((url) => url.startsWith('/api/v1/me/valuables'))).toBe(true);
    expect(asked.filter((url) => url.startsWith('/api/v1/transfers/recipient'))).toEqual([]);
  });

  it('refuses more cash than the balance before the review', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Cash/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '300');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This is more than your cash balance.')).toBeVisible();
    expect(toast.error).toHaveBeenLastCalledWith('Invalid Input', {
      description: 'Please fill in all fields.',
    });
  });

  it('says the same in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await loadCatalogs(namespaces);
    renderPage();
    const continueButton = await screen.findByRole('button', { name: 'متابعة' });
    await user.click(continueButton);
    expect(toast.error).toHaveBeenLastCalledWith('إدخال غير صالح', {
      description: 'يرجى ملء جميع الحقول.',
    });
    await user.click(screen.getByRole('radio', { name: /الذهب|Gold/ }));
    expect(screen.getByLabelText('الكمية (ملغ)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('رقم حساب المستلم'), '123');
    await user.click(screen.getByRole('button', { name: 'كامل الحيازة' }));
    await user.click(continueButton);
    expect(toast.error).toHaveBeenLastCalledWith('رقم حساب غير صالح', {
      description: 'يجب أن يتكون رقم الحساب من 10 أرقام.',
    });
  });

  it('says when there is nothing to transfer', async () => {
    renderPage([fixedSilver, painting]);
    expect(await screen.findByText('You have nothing to transfer yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('reports a failure to load the assets and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/v1/me/account': { status: 200, body: account },
      'GET /api/v1/me/valuables': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: valuables },
    });
    renderWithProviders(<TransferAssetsRoute />, { route: '/transfer-assets' });
    expect(await screen.findByText('Failed to load your assets.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('transfer-items')).toBeVisible();
  });
});
