import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EmailAddress } from './email-address';

/** The text between the places a narrow column may break the line. */
function pieces(element: HTMLElement): string[] {
  const parts = [''];
  for (const node of element.childNodes) {
    if (node.nodeName === 'WBR') parts.push('');
    else parts[parts.length - 1] += node.textContent ?? '';
  }
  return parts;
}

describe('EmailAddress', () => {
  it('reads as the whole address, left to right, and may break only after the @ or before a dot', () => {
    render(<EmailAddress email="james.carter@demo.secure-vault.test" />);
    const address = screen.getByText('james.carter@demo.secure-vault.test');
    expect(address).toHaveAttribute('dir', 'ltr');
    // Shown whole, so no tooltip repeats it.
    expect(address).not.toHaveAttribute('title');
    // The dot of the name part is not a break: "james." alone on a line would read as a sentence.
    expect(pieces(address)).toEqual(['james.carter@', 'demo', '.secure-vault', '.test']);
  });

  it('shows a string without an @ whole, breaking only before its dots', () => {
    render(<EmailAddress email="not-an-address.example" />);
    expect(pieces(screen.getByText('not-an-address.example'))).toEqual([
      'not-an-address',
      '.example',
    ]);
  });
});
