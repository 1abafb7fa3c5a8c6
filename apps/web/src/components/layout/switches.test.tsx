import { Suspense } from 'react';
import { describe, expect, it, beforeAll } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initI18n } from '@/lib/i18n';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

beforeAll(async () => {
  initI18n();
  await i18next.loadNamespaces('common');
});

function renderWithSuspense(node: React.ReactNode) {
  return render(<Suspense fallback={null}>{node}</Suspense>);
}

describe('ThemeSwitch', () => {
  it('stores the choice under "theme" and applies the dark class', async () => {
    renderWithSuspense(<ThemeSwitch />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('LanguageSwitch', () => {
  it('switches to Arabic right-to-left and back, remembering the choice', async () => {
    renderWithSuspense(<LanguageSwitch />);
    await userEvent.click(
      await screen.findByRole('button', { name: /^Switch language to Arabic:\s*العربية$/ }),
    );
    expect(localStorage.getItem('language')).toBe('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');

    const back = await screen.findByRole('button', {
      name: /^تغيير اللغة إلى الإنجليزية:\s*English$/,
    });
    await act(() => userEvent.click(back));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(localStorage.getItem('language')).toBe('en');
  });
});
