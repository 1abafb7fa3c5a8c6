import { describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { priceBook, secondsBefore } from '@/test/price-book-test-data';
import { shownPrice, sinceOf } from './book-price';

const gold = findAsset('AU')!;
const at = new Date('2026-12-02T12:00:00.000Z');
const book = priceBook(
  { AU: { buy: '0.058', sell: '0.056', change24h: '1.25', effectiveAt: secondsBefore(at, 12) } },
  at,
);

describe('shownPrice', () => {
  it("shows the book's buy price to a buyer and its sell price to a seller", () => {
    const read = { data: book, readAt: 1_000_000 };
    expect(shownPrice(gold, 'buy', read)).toEqual({
      price: '0.058',
      change24h: '1.25',
      since: 1_000_000 - 12_000,
      isFromBook: true,
      isHalted: false,
    });
    expect(shownPrice(gold, 'sell', read).price).toBe('0.056');
  });

  it('stands in the listed price until the book is read, or when it could not be', () => {
    expect(shownPrice(gold, 'buy', { data: undefined, readAt: 0, isLoading: true })).toEqual({
      price: '0.057',
      change24h: undefined,
      since: null,
      isFromBook: false,
      isHalted: false,
    });
    expect(shownPrice(gold, 'sell', { data: undefined, readAt: 0 })).toMatchObject({
      price: '0.057',
      change24h: null,
    });
  });

  it('shows the price a refusal named until a newer book is read', () => {
    const hint = { symbol: 'AU', side: 'buy' as const, price: '0.06', heardAt: 2_000 };
    expect(shownPrice(gold, 'buy', { data: book, readAt: 1_000 }, [hint])).toMatchObject({
      price: '0.06',
      since: null,
    });
    // The other side, and a book read after the refusal, are the book's.
    expect(shownPrice(gold, 'sell', { data: book, readAt: 1_000 }, [hint]).price).toBe('0.056');
    expect(shownPrice(gold, 'buy', { data: book, readAt: 3_000 }, [hint]).price).toBe('0.058');
  });

  it('says when trading in the asset is paused, as the book does', () => {
    const halted = priceBook({ AU: { halted: true } }, at);
    expect(shownPrice(gold, 'buy', { data: halted, readAt: 1_000 }).isHalted).toBe(true);
    expect(shownPrice(gold, 'sell', { data: halted, readAt: 1_000 }).isHalted).toBe(true);
    expect(shownPrice(gold, 'buy', { data: book, readAt: 1_000 }).isHalted).toBe(false);
  });
});

describe('sinceOf', () => {
  it("ages a price by the server's clock, whatever this browser's says", () => {
    const [entry] = book.prices.filter((price) => price.symbol === 'AU');
    // Read (on this browser's clock) at 5 000 ms: the price was 12 s old then.
    expect(sinceOf(book, entry!, 5_000)).toBe(5_000 - 12_000);
  });
});
