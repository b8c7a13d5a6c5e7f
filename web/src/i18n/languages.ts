export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The product speaks Italian first; English is the fallback for any missing Italian string. */
export const DEFAULT_LANGUAGE: Language = 'it';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'lang';

// en-GB rather than en-US: European sellers expect day-month order and 24-hour times.
const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function toLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function localeOf(language: Language): string {
  return LOCALES[language];
}
