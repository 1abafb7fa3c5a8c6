// i18next with one lazily loaded JSON file per language and namespace, so a page downloads
// only the texts it shows. <html lang dir> follows the language, stored under `language`.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, directionOf, isLanguage, type Language } from '@secure-vault/shared/i18n';

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

export const languageStorageKey = 'language';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(languageStorageKey);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : defaultLanguage;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
  await i18next.changeLanguage(language);
}

export function initI18n(): typeof i18next {
  const language = storedLanguage();
  applyToDocument(language);
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyToDocument(lng);
  });
  void i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'ar'],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}
