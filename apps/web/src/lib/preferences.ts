// The visitor's two stored choices, language and theme, without React or i18next, so the
// prerendered home page (src/home.ts) shares them with the app. public/theme-init.js applies
// both before first paint; this module keeps them and changes them.
import { defaultLanguage, directionOf, isLanguage, type Language } from '@secure-vault/shared/i18n';

const languageKey = 'language';
const themeKey = 'theme';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
}

export function storedLanguage(): Language {
  const value = read(languageKey);
  return isLanguage(value) ? value : defaultLanguage;
}

/**
 * Stores the language, and mirrors it in a `language` cookie: the server reads the cookie to
 * send the home page already written in that language.
 */
export function storeLanguage(language: Language): void {
  write(languageKey, language);
  syncLanguageCookie(language);
}

export function syncLanguageCookie(language: Language): void {
  document.cookie = `${languageKey}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function storedTheme(): Theme {
  const value = read(themeKey);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function storeTheme(theme: Theme): void {
  write(themeKey, theme);
  applyTheme(theme);
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function applyTheme(theme: Theme): void {
  const isDark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

/** Follows the system's light or dark setting while `current()` is 'system'. */
export function watchSystemTheme(current: () => Theme): () => void {
  const query = darkQuery();
  const onChange = () => {
    if (current() === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
