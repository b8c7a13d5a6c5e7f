import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  type Language,
} from './languages';
import { bundledResources } from './resources';

/**
 * Namespaces other than the bundled ones live in their own chunks so the landing page never
 * downloads the strings of the dashboard or the admin panel. Keep the exclusions in step with
 * `bundledResources`.
 */
const lazyNamespaces = import.meta.glob<ResourceKey>(
  ['./*/*.json', '!./*/common.json', '!./*/landing.json', '!./*/errors.json'],
  { import: 'default' },
);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyNamespaces[`./${language}/${namespace}.json`];
    if (!load) {
      // An empty bundle lets i18next fall back to English, then to the key itself.
      callback(null, {});
      return;
    }
    load().then(
      (resource) => callback(null, resource),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (private mode, strict cookie settings): the default still works.
    return DEFAULT_LANGUAGE;
  }
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
});

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: bundledResources,
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    ns: Object.keys(bundledResources.it),
    defaultNS: 'common',
    // Bundled resources are already in memory: initialise synchronously so the first paint is translated.
    initAsync: false,
    interpolation: { escapeValue: false },
  });

/** Switches the interface language and remembers the visitor's explicit choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the next reload, which is the best we can do.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
