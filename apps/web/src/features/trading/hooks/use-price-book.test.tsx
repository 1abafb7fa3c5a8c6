// The book on an order screen stays fresh: read again every 15 s and when the customer comes
// back to the tab, and a price a refusal named shows until the book is read again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { findAsset } from '@secure-vault/shared/catalogue';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/render';
import { priceBook, pricesReply } from '@/test/price-book-test-data';
import { usePriceBook } from './use-price-book';

const gold = findAsset('AU')!;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderBook() {
  let book = priceBook();
  const fetchMock = stubApi({ 'GET /api/v1/prices': () => pricesReply(book) });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => usePriceBook(), { wrapper });
  return {
    ...hook,
    reads: () => fetchMock.mock.calls.length,
    moveTo: (price: string) => {
      book = priceBook({ AU: { buy: price, sell: price } });
    },
  };
}

/** Lets timers and answers run: fetch's promise, then React's update. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(1));
}

describe('usePriceBook', () => {
  it('reads the book again every 15 seconds and when the customer comes back to the tab', async () => {
    vi.useFakeTimers();
    const { result, reads, moveTo } = renderBook();
    // The listed price stands in until the book answers.
    expect(result.current.priceOf(gold, 'buy')).toMatchObject({
      price: '0.057',
      isFromBook: false,
    });
    await wait(0);
    expect(result.current.query.isSuccess).toBe(true);
    expect(reads()).toBe(1);

    moveTo('0.058');
    await wait(15_000);
    expect(reads()).toBe(2);
    expect(result.current.priceOf(gold, 'buy').price).toBe('0.058');

    await wait(1_000);
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await wait(0);
    expect(reads()).toBe(3);
  });

  it('shows the price a refusal named, and reads the book again at once', async () => {
    vi.useFakeTimers();
    const { result, reads, moveTo } = renderBook();
    await wait(0);
    moveTo('0.06');
    act(() => result.current.hearPrice('AU', 'buy', '0.0605'));
    expect(result.current.priceOf(gold, 'buy')).toMatchObject({ price: '0.0605', since: null });
    expect(result.current.priceOf(gold, 'sell').price).toBe('0.057');
    await wait(0);
    expect(reads()).toBe(2);
    // The newer book wins over what the refusal said.
    expect(result.current.priceOf(gold, 'buy').price).toBe('0.06');
  });
});
