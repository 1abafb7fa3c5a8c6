// The prerendered home page: what the build writes in each language, and the small script that
// works its switches and menu without React (the browser journeys are in e2e/home-page.spec.ts).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import enCommon from '@/locales/en/common.json';
import arLanding from '@/locales/ar/landing.json';
import enLanding from '@/locales/en/landing.json';
import arAbout from '@/locales/ar/about.json';
import enAbout from '@/locales/en/about.json';
import { renderPage } from './prerender';

describe('the prerendered home page', () => {
  it('is written wholly in the language asked for, with its title and description', async () => {
    const arabic = await renderPage('home', 'ar');
    expect(arabic.html).toContain(arLanding.hero.title);
    expect(arabic.html).not.toContain(enLanding.hero.title);
    expect(arabic.title).toBe(`${arLanding.pageTitle} · سيكيور ڤولت`);
    expect(arabic.description).toBe(arLanding.metaDescription);
    expect(arabic.copyright('2031')).toContain('2031');

    const english = await renderPage('home', 'en');
    expect(english.html).toContain(enLanding.hero.title);
    expect(english.title).toBe(`${enLanding.pageTitle} · Secure Vault`);
  });

  it('has /about beside it, in each language, with its own title and description', async () => {
    const arabic = await renderPage('about', 'ar');
    expect(arabic.html).toContain(arAbout.hero.tagline);
    expect(arabic.html).not.toContain(enAbout.hero.tagline);
    expect(arabic.title).toBe(`${arAbout.pageTitle} · سيكيور ڤولت`);
    expect(arabic.description).toBe(arAbout.metaDescription);
    const english = await renderPage('about', 'en');
    expect(english.title).toBe(`${enAbout.pageTitle} · Secure Vault`);
    // The header marks the page it is on, as the app does.
    document.body.innerHTML = english.html;
    expect(document.querySelector('header a[aria-current="page"]')).toHaveAttribute(
      'href',
      '/about',
    );
  });

  it('renders the mobile menu hidden, ready for the script to open', async () => {
    const { html } = await renderPage('home', 'en');
    document.body.innerHTML = html;
    expect(document.getElementById('mobile-menu')).not.toBeVisible();
    expect(screen.getByRole('button', { name: enCommon.nav.openMenu })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('the home page script', () => {
  beforeAll(async () => {
    await import('./home');
  });
  beforeEach(async () => {
    document.body.innerHTML = (await renderPage('home', 'en')).html;
  });

  it('switches the theme in every theme switch and remembers it', () => {
    const [header] = screen.getAllByRole('radiogroup', { name: enCommon.theme.label });
    fireEvent.click(within(header!).getByRole('radio', { name: enCommon.theme.dark }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    for (const radio of document.querySelectorAll('[data-theme-option]')) {
      const option = radio.getAttribute('data-theme-option');
      expect(radio).toHaveAttribute('aria-checked', String(option === 'dark'));
    }

    fireEvent.click(within(header!).getByRole('radio', { name: enCommon.theme.light }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('opens and closes the mobile menu, keeping its label and state true', () => {
    const button = screen.getByRole('button', { name: enCommon.nav.openMenu });
    fireEvent.click(button);
    expect(document.getElementById('mobile-menu')).toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName(enCommon.nav.closeMenu);
    expect(button.querySelector('[data-menu-icon="open"]')).not.toHaveAttribute('hidden');
    expect(button.querySelector('[data-menu-icon="closed"]')).toHaveAttribute('hidden');

    fireEvent.click(button);
    expect(document.getElementById('mobile-menu')).not.toBeVisible();
    expect(button).toHaveAccessibleName(enCommon.nav.openMenu);
  });

  it('starts loading the app once the visitor points at a link, and only once', () => {
    const meta = document.createElement('meta');
    meta.name = 'app-modules';
    meta.content = '/assets/index-abc.js /assets/react-def.js';
    document.head.append(meta);
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      );

    fireEvent.pointerOver(screen.getByRole('heading', { level: 1 }));
    expect(preloads()).toEqual([]);

    const [about] = screen.getAllByRole('link', { name: enCommon.nav.about });
    fireEvent.pointerOver(about!);
    expect(preloads()).toEqual(['/assets/index-abc.js', '/assets/react-def.js']);
    fireEvent.focusIn(about!);
    expect(preloads()).toHaveLength(2);
  });
});
