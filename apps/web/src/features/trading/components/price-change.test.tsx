import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { loadCatalogs, renderWithProviders } from '@/test/render';
import { PriceAge } from './price-age';
import { PriceChange } from './price-change';

beforeAll(() => loadCatalogs(['trading']));
afterEach(() => vi.useRealTimers());

describe('PriceChange', () => {
  it('gives the way a price went in its sign and in words, not only its colour', () => {
    const { unmount } = renderWithProviders(<PriceChange change="1.25" />);
    const up = screen.getByTestId('price-change');
    expect(up).toHaveAttribute('data-direction', 'up');
    expect(up).toHaveTextContent('+1.25%');
    expect(up).toHaveTextContent('Up 1.25% in the last 24 hours');
    unmount();

    renderWithProviders(<PriceChange change="-0.5" />);
    expect(screen.getByTestId('price-change')).toHaveTextContent('-0.50%');
    expect(screen.getByTestId('price-change')).toHaveTextContent('Down 0.50% in the last 24 hours');
  });

  it('says an unchanged price is unchanged, and shows "—" with no change to tell', () => {
    const { unmount } = renderWithProviders(<PriceChange change="0.00" />);
    expect(screen.getByTestId('price-change')).toHaveTextContent('Unchanged in the last 24 hours');
    unmount();
    renderWithProviders(<PriceChange change={null} />);
    expect(screen.getByTestId('price-change')).toHaveTextContent('—No 24-hour change yet');
  });
});

describe('PriceAge', () => {
  it('says how old the price is, moving on each second', () => {
    vi.useFakeTimers();
    renderWithProviders(<PriceAge since={Date.now() - 12_000} />);
    expect(screen.getByTestId('price-age')).toHaveTextContent('Updated 12 seconds ago');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('price-age')).toHaveTextContent('Updated 15 seconds ago');
  });
});
