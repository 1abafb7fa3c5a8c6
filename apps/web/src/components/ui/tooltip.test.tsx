import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, tooltipDelayMs } from './tooltip';

afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('shows its text after 700 ms of hover (SPEC §9), not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(
      <Tooltip content="Light theme">
        <button type="button">Sun</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Sun' }));
    await act(async () => {
      vi.advanceTimersByTime(tooltipDelayMs - 100);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Light theme');
    expect(tooltipDelayMs).toBe(700);
  });

  it('shows at once on keyboard focus, describes its trigger, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="someone.with.a.long.name@example.com">
        <span tabIndex={0}>someone.with…</span>
      </Tooltip>,
    );
    await user.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('someone.with.a.long.name@example.com');
    expect(screen.getByText('someone.with…')).toHaveAttribute('aria-describedby', tip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
