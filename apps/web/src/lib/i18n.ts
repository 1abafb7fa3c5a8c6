// i18next with one lazily loaded JSON file per language and namespace, so a page downloads
// only the texts it shows. <html lang dir> follows the language, stored under `language`
// (lib/preferences.ts).
// useTranslation is our own small React binding (react-i18next would add 3 KB to every page).
import { useMemo, useSyncExternalStore } from 'react';
import i18next, { type BackendModule, type TFunction } from 'i18next';
import { defaultLanguage, isLanguage, type Language } from '@secure-vault/shared/i18n';
import { applyLanguage, storedLanguage, storeLanguage, syncLanguageCookie } from './preferences';

export const namespaces = ['common', 'marketing'] as const;
export type Namespace = (typeof namespaces)[number] | (string & {});

const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : defaultLanguage;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

function init(language: Language): Promise<unknown> {
  return i18next.use(lazyCatalogs).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ['en', 'ar'],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export function initI18n(): typeof i18next {
  const language = storedLanguage();
  applyLanguage(language);
  // A choice stored before the cookie existed reaches the server from now on.
  syncLanguageCookie(language);
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyLanguage(lng);
  });
  void init(language);
  return i18next;
}

/**
 * For rendering outside a browser (scripts/prerender.ts): switches to `language` and waits until
 * the namespaces have loaded, so nothing suspends while rendering.
 */
export async function prepareI18n(language: Language, namespaces: Namespace[]): Promise<void> {
  if (!i18next.isInitialized) await init(language);
  await i18next.changeLanguage(language);
  await i18next.loadNamespaces(namespaces);
}

const pending = new Map<string, Promise<void>>();

function subscribe(notify: () => void): () => void {
  i18next.on('languageChanged', notify);
  i18next.on('loaded', notify);
  i18next.on('initialized', notify);
  return () => {
    i18next.off('languageChanged', notify);
    i18next.off('loaded', notify);
    i18next.off('initialized', notify);
  };
}

const languageSnapshot = () => (i18next.isInitialized ? i18next.language : '');

/**
 * Translations for the current language. Suspends (for the nearest <Suspense>) until the
 * namespaces' catalogs have loaded; re-renders when the language changes. The first namespace
 * is the default; keys of the others are written `namespace:key`.
 */
export function useTranslation(namespaces: Namespace | Namespace[] = 'common'): {
  t: TFunction;
  i18n: typeof i18next;
} {
  const list = Array.isArray(namespaces) ? namespaces : [namespaces];
  const key = list.join(',');
  const language = useSyncExternalStore(subscribe, languageSnapshot, languageSnapshot);
  const t = useMemo(() => i18next.getFixedT(language, key.split(',')), [language, key]);
  if (language === '' || !list.every((ns) => i18next.hasLoadedNamespace(ns))) {
    const pendingKey = `${language}|${key}`;
    let promise = pending.get(pendingKey);
    if (!promise) {
      promise = waitUntilReady(list).finally(() => pending.delete(pendingKey));
      pending.set(pendingKey, promise);
    }
    // Suspense waits for the catalogs by catching this promise.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Suspense's protocol
    throw promise;
  }
  return { t, i18n: i18next };
}

async function waitUntilReady(namespaces: string[]): Promise<void> {
  if (!i18next.isInitialized) {
    await new Promise<void>((resolve) => i18next.on('initialized', () => resolve()));
  }
  await i18next.loadNamespaces(namespaces);
}
