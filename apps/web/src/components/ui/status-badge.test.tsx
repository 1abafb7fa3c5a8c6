import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusBadge, statusToneClasses, type StatusTones } from './status-badge';

type Light = 'off' | 'on';
const tones: StatusTones<Light> = { off: 'grey', on: 'green' };

describe('StatusBadge', () => {
  it('shows the status in words, tinted by the tone its domain gave it', () => {
    render(<StatusBadge status="on" tones={tones} label="Switched on" testId="light" />);
    const badge = screen.getByTestId('light');
    expect(badge).toHaveTextContent('Switched on');
    expect(badge).toHaveAttribute('data-status', 'on');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(badge).toHaveClass(statusToneClasses.green);
  });

  it('gives every tone its own tint, so two statuses never look alike by accident', () => {
    const backgrounds = Object.values(statusToneClasses).map((classes) =>
      classes.split(' ').find((name) => name.startsWith('bg-')),
    );
    expect(new Set(backgrounds).size).toBe(backgrounds.length);
  });
});
