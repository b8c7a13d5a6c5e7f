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
import { prerenderedRoot } from '../app/prerendered-root';
import { bundledNamespaces, bundledResources } from './resources';

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
  // The build renders public pages with this module too, where there is no document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
});

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: bundledResources,
    partialBundledLanguages: true,
    // A prerendered page is Italian: hydration must see the language its HTML was written in.
    // The visitor's own choice follows once it has hydrated (applyStoredLanguage).
    lng: prerenderedRoot() ? DEFAULT_LANGUAGE : readStoredLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    ns: bundledNamespaces,
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

/**
 * Switches a hydrated prerendered page to the language the visitor chose earlier; a page that
 * rendered in the browser already started in it, so nothing changes there.
 */
export function applyStoredLanguage(): void {
  const stored = readStoredLanguage();
  if (stored !== i18n.resolvedLanguage) void i18n.changeLanguage(stored);
}

export { i18n };
