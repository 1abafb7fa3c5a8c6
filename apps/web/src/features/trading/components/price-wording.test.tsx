// What the order screens promise about the price, now that the book moves (decision 028): an
// order fills at the book's price when placed, and is refused for the new one to be confirmed when
// the book has moved more than PRICE_TOLERANCE (0.5% by default, as the public book says it) from
// the price shown.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { ConfirmTradeDialog } from './confirm-trade-dialog';

beforeAll(() => loadCatalogs(['trading', 'catalogue', 'about', 'landing']));
afterEach(async () => {
  await i18next.changeLanguage('en');
});

const bitcoin = findAsset('BTC');
const quote = { quantity: '0.001', price: '115000', value: '115', total: '115.00' };

function renderConfirm(side: 'buy' | 'sell') {
  if (!bitcoin) throw new Error('No BTC');
  renderWithProviders(
    <ConfirmTradeDialog
      asset={bitcoin}
      side={side}
      quote={quote}
      isPending={false}
      onConfirm={() => {}}
      onCancel={() => {}}
    />,
  );
  return screen.getByRole('alertdialog');
}

/** Every text of these namespaces in the current language. */
function allTexts(namespaces: readonly string[]): string[] {
  const language = i18next.language;
  const walk = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(walk)
        : [];
  return namespaces.flatMap((namespace) => walk(i18next.getResourceBundle(language, namespace)));
}

describe('the price an order is promised', () => {
  it("says a purchase pays the book's price, within 0.5% of the one shown", () => {
    const dialog = renderConfirm('buy');
    expect(dialog).toHaveTextContent(
      "You pay the book's price when your order is placed. If it has moved by more than 0.5% " +
        'from the price shown, nothing is bought and you are asked to confirm the new price.',
    );
    expect(dialog).not.toHaveTextContent(/fixed|exactly what you will pay/);
  });

  it("says a sale receives the book's price, within 0.5% of the one shown", () => {
    const dialog = renderConfirm('sell');
    expect(dialog).toHaveTextContent(
      "You receive the book's price when your sale is made. If it has moved by more than 0.5%",
    );
    expect(dialog).toHaveTextContent('nothing is sold and you are asked to confirm the new price.');
  });

  it('names the tolerance the server runs with', async () => {
    stubApi({ 'GET /api/v1/prices': pricesReply(priceBook(), '0.01') });
    const dialog = renderConfirm('buy');
    expect(await within(dialog).findByText(/by more than 1% from the price shown/)).toBeVisible();
  });

  it('says the same in Arabic', async () => {
    await loadCatalogs(['trading', 'catalogue']);
    await i18next.changeLanguage('ar');
    const dialog = renderConfirm('buy');
    expect(dialog).toHaveTextContent('تدفع سعر دفتر الأسعار وقت تنفيذ طلبك');
    expect(dialog).toHaveTextContent('0.5%');
    expect(dialog).toHaveTextContent('فلن يُشترى شيء وسيُطلب منك تأكيد السعر الجديد');
    expect(dialog).not.toHaveTextContent('السعر ثابت');
  });

  it("says swaps and the lists use the book's current prices", () => {
    expect(i18next.t('trading:swap.note', { tolerance: '0.5' })).toMatch(
      /^Swaps use the book's prices when made\. If either has moved by more than 0\.5%/,
    );
    expect(i18next.t('trading:swap.description')).toContain("at the book's current prices");
    expect(i18next.t('trading:metals.subtitle')).toContain("at the book's current prices");
    expect(i18next.t('trading:crypto.subtitle')).toContain("at the book's current prices");
  });

  it.each(['en', 'ar'])('promises a fixed price nowhere (%s)', async (language) => {
    await loadCatalogs(['trading', 'about', 'landing']);
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces(['trading', 'about', 'landing']);
    const texts = allTexts(['trading', 'about', 'landing']);
    expect(texts.length).toBeGreaterThan(100);
    const promises =
      /fixed(-| listed )?prices?|price is fixed|prices are fixed|exactly what you|بأسعار ثابتة|السعر ثابت|الأسعار ثابتة/i;
    expect(texts.filter((text) => promises.test(text))).toEqual([]);
  });
});
