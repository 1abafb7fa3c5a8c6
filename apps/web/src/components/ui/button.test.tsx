// asChild: the one child (a link) is rendered with the button's classes and props, so a link
// looks like a button without a button around it.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button } from './button';

describe('Button asChild', () => {
  it("renders the child with the button's classes after its own, and the button's props", () => {
    render(
      <Button asChild variant="outline" aria-describedby="hint">
        <a href="/vault" className="mt-2">
          Vault
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Vault' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(link).toHaveClass('mt-2', 'border', 'h-10');
    expect(link).toHaveAttribute('aria-describedby', 'hint');
    expect(link).toHaveAttribute('href', '/vault');
  });

  it('takes the classes alone for a child with none of its own', () => {
    render(
      <Button asChild>
        <a href="/vault">Vault</a>
      </Button>,
    );
    expect(screen.getByRole('link')).toHaveClass('bg-primary');
    expect(screen.getByRole('link').className).not.toMatch(/undefined/);
  });
});
