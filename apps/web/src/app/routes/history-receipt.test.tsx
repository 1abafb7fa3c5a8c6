import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import i18next from 'i18next';
import type { HistoryReceipt } from '@secure-vault/shared/history-receipt';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import HistoryReceiptRoute from './history-receipt';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['history', 'catalogue', 'transfers']));
afterEach(() => vi.unstubAllGlobals());

const tradeId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const transferId = '7a2e3d4c-5b6f-4a71-9b8c-0d1e2f3a4b5c';
const at = '2026-01-05T10:00:00.000Z';

const line = {
  itemName: null,
  note: null,
  createdAt: at,
};

/** A purchase of gold by amount: $100.00 paid, the gold's exact worth $99.999945. */
const purchase: HistoryReceipt = {
  id: tradeId,
  kind: 'buy',
  createdAt: at,
  reference: 'a3c1e2d4-0000-4000-8000-000000000001',
  status: 'completed',
  lines: [
    {
      ...line,
      id: tradeId,
      kind: 'buy',
      assetSymbol: 'AU',
      itemName: 'Gold',
      quantityDelta: '1754.385',
      quantity: '1754.385',
      valueDelta: '100.00',
      cents: '100.00',
      reference: 'a3c1e2d4-0000-4000-8000-000000000001',
    },
    {
      ...line,
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'buy',
      assetSymbol: 'USD',
      itemName: 'Cash',
      quantityDelta: null,
      quantity: null,
      valueDelta: '-100.00',
      cents: '-100.00',
      reference: 'a3c1e2d4-0000-4000-8000-000000000001',
    },
  ],
  transfer: null,
};

/** 1 g of gold sent to another customer, shown by their masked name and last four digits. */
const sent: HistoryReceipt = {
  id: transferId,
  kind: 'transfer_out',
  createdAt: at,
  reference: 'b4d2f3e5-0000-4000-8000-000000000003',
  status: 'completed',
  lines: [
    {
      ...line,
      id: transferId,
      kind: 'transfer_out',
      assetSymbol: 'AU',
      itemName: 'Gold',
      quantityDelta: '-1000.00000000',
      quantity: '-1000.000',
      valueDelta: '-57.25',
      cents: '-57.25',
      reference: 'b4d2f3e5-0000-4000-8000-000000000003',
    },
  ],
  transfer: {
    type: 'asset_transfer',
    status: 'completed',
    direction: 'out',
    counterpartyName: 'L**** H*****',
    counterpartyAccount: '•••• 4321',
    bankName: null,
    bankAccount: null,
    cardLastFour: null,
    cardType: null,
    reason: null,
    updatedAt: at,
  },
};

function renderReceipt(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/history/:id" element={<HistoryReceiptRoute />} />
    </Routes>,
    { route: `/history/${id}` },
  );
}

describe('/history/:id', () => {
  it('shows a trade with its price large, each line as the list shows it, and its reference', async () => {
    stubApi({ [`GET /api/v1/me/history/${tradeId}`]: { status: 200, body: purchase } });
    renderReceipt(tradeId);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-kind')).toHaveTextContent('Purchase');
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('-$100.00');
    expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent('Completed');
    const lines = within(receipt).getAllByTestId('history-leg');
    expect(lines[0]).toHaveTextContent('Gold');
    expect(lines[0]).toHaveTextContent('+1,754.385 mg');
    expect(lines[0]).toHaveTextContent('+$100.00');
    expect(lines[1]).toHaveTextContent('Cash');
    expect(lines[1]).toHaveTextContent('-$100.00');
    expect(within(receipt).getByTestId('receipt-reference')).toHaveTextContent(
      purchase.reference ?? '',
    );
    expect(within(receipt).getByTestId('receipt-reference')).toHaveAttribute('dir', 'ltr');
    expect(within(receipt).getByTestId('receipt-date')).toHaveAttribute('dateTime', at);
    expect(screen.getByRole('button', { name: 'Copy the reference' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to history' })).toHaveAttribute(
      'href',
      '/history',
    );
  });

  it('shows a transfer in Arabic: the amount, the quantity and the masked other side left to right', async () => {
    stubApi({ [`GET /api/v1/me/history/${transferId}`]: { status: 200, body: sent } });
    await i18next.changeLanguage('ar');
    try {
      renderReceipt(transferId);
      const receipt = await screen.findByTestId('receipt');
      expect(within(receipt).getByTestId('receipt-kind')).toHaveTextContent('تحويل صادر');
      // Arabic writes dollars after the figure, the whole isolated left to right.
      expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent(
        '\u2066-57.25 US$\u2069',
      );
      expect(within(receipt).getByTestId('receipt-quantity')).toHaveTextContent(
        '\u2066\u200e-1,000.000\u2069 ملغ',
      );
      expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent('مكتمل');
      const party = within(receipt).getByTestId('receipt-counterparty');
      expect(party).toHaveTextContent('L**** H*****');
      expect(within(party).getByText('•••• 4321')).toHaveAttribute('dir', 'ltr');
      expect(receipt).toHaveTextContent('إلى');
      const [gold] = within(receipt).getAllByTestId('history-leg');
      expect(gold).toHaveTextContent('الذهب');
      expect(gold).toHaveTextContent('-57.25 US$');
      expect(receipt).not.toHaveTextContent(/Gold|Transfer sent|Completed/);
      expect(screen.getByRole('link', { name: 'العودة إلى السجل' })).toHaveAttribute(
        'href',
        '/history',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows a transfer in English and a trade in Arabic with the same figures', async () => {
    stubApi({
      [`GET /api/v1/me/history/${transferId}`]: { status: 200, body: sent },
      [`GET /api/v1/me/history/${tradeId}`]: { status: 200, body: purchase },
    });
    const english = renderReceipt(transferId);
    const transfer = await screen.findByTestId('receipt');
    expect(within(transfer).getByTestId('receipt-kind')).toHaveTextContent('Transfer sent');
    expect(within(transfer).getByTestId('receipt-amount')).toHaveTextContent('-$57.25');
    expect(within(transfer).getByTestId('receipt-quantity')).toHaveTextContent('-1,000.000 mg');
    expect(transfer).toHaveTextContent('To');
    expect(within(transfer).getByTestId('receipt-counterparty')).toHaveTextContent(
      'L**** H***** •••• 4321',
    );
    english.unmount();

    await i18next.changeLanguage('ar');
    try {
      renderReceipt(tradeId);
      const trade = await screen.findByTestId('receipt');
      expect(within(trade).getByTestId('receipt-kind')).toHaveTextContent('شراء');
      expect(within(trade).getByTestId('receipt-amount')).toHaveTextContent('-100.00 US$');
      const [gold, cash] = within(trade).getAllByTestId('history-leg');
      expect(gold).toHaveTextContent('الذهب');
      expect(gold).toHaveTextContent('+1,754.385');
      expect(gold).toHaveTextContent('100.00 US$');
      expect(cash).toHaveTextContent('النقد');
      expect(cash).toHaveTextContent('-100.00 US$');
      expect(screen.getByRole('button', { name: 'نسخ المرجع' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows grey blocks while the receipt loads', async () => {
    stubApi({
      [`GET /api/v1/me/history/${tradeId}`]: { status: 200, body: purchase },
    });
    renderReceipt(tradeId);
    expect(screen.getByTestId('receipt-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading receipt…');
    await screen.findByTestId('receipt');
  });

  it('says the receipt was not found when the server answers 404', async () => {
    stubApi({
      'GET /api/v1/me/history/nonsense': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found.' } },
      },
    });
    renderReceipt('nonsense');
    const notFound = await screen.findByTestId('receipt-not-found');
    expect(within(notFound).getByRole('heading')).toHaveTextContent('Receipt not found');
    expect(within(notFound).getByRole('link', { name: 'Back to history' })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
  });

  it('offers a retry when the server fails', async () => {
    stubApi({
      [`GET /api/v1/me/history/${tradeId}`]: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Broken' } },
      },
    });
    renderReceipt(tradeId);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this receipt');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
