// The one script of the prerendered pages, `/` and `/about` (scripts/prerender.ts writes them):
// it works the language switch, the theme switch and the mobile menu without React, so they show
// and respond with a couple of kilobytes of JavaScript. Every other page is the app itself, whose
// modules start loading as soon as the visitor points at or focuses a link to one.
import { isLanguage } from '@secure-vault/shared/i18n';
import {
  storedTheme,
  storeLanguage,
  storeTheme,
  type Theme,
  themes,
  watchSystemTheme,
} from './lib/preferences';
import { registerServiceWorker } from './lib/pwa/register-service-worker';

let theme: Theme = storedTheme();

function isTheme(value: string | undefined): value is Theme {
  return themes.some((option) => option === value);
}

function showTheme(): void {
  for (const radio of document.querySelectorAll<HTMLElement>('[data-theme-option]')) {
    radio.setAttribute('aria-checked', String(radio.dataset.themeOption === theme));
  }
}

function setMenuOpen(button: HTMLElement, isOpen: boolean): void {
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  menu.hidden = !isOpen;
  button.setAttribute('aria-expanded', String(isOpen));
  const label = isOpen ? button.dataset.closeLabel : button.dataset.openLabel;
  if (label) button.setAttribute('aria-label', label);
  for (const icon of button.querySelectorAll<HTMLElement>('[data-menu-icon]')) {
    icon.toggleAttribute('hidden', (icon.dataset.menuIcon === 'open') !== isOpen);
  }
}

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(
    '[data-theme-option], [data-language-switch], [data-menu-button]',
  );
  if (!control) return;
  const { themeOption, languageSwitch } = control.dataset;
  if (isTheme(themeOption)) {
    theme = themeOption;
    storeTheme(theme);
    showTheme();
  } else if (isLanguage(languageSwitch)) {
    // The server writes the page in the language of the cookie this stores.
    storeLanguage(languageSwitch);
    location.reload();
  } else if (control.hasAttribute('data-menu-button')) {
    setMenuOpen(control, control.getAttribute('aria-expanded') !== 'true');
  }
});

let isAppRequested = false;

/** Preloads the app's modules (listed by the prerender) so the next page opens at once. */
function preloadApp(event: Event): void {
  if (isAppRequested || !(event.target instanceof Element)) return;
  if (!event.target.closest('a[href^="/"]')) return;
  isAppRequested = true;
  const list = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]');
  for (const href of list?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

for (const type of ['pointerover', 'focusin', 'touchstart']) {
  document.addEventListener(type, preloadApp, { passive: true });
}

showTheme();
watchSystemTheme(() => theme);
// Installed here too, so a first visit to the home page already works offline the next time;
// an update's prompt waits for the app's pages.
registerServiceWorker();
