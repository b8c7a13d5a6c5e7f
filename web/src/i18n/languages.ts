// One list of languages for the server and the app (relative: vite.config.ts reads this file).
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../lambdas/domain/language';

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
} from '../../../lambdas/domain/language';

/** The product speaks Italian first; English is the fallback for any missing Italian string. */
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'lang';

// en-GB rather than en-US: European sellers expect day-month order and 24-hour times.
const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

export function toLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function localeOf(language: Language): string {
  return LOCALES[language];
}
