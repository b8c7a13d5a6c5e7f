/** The two languages the product speaks; Italian first (spec section 1). */
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first candidate that names a supported language, so callers list their sources in order
 * of preference (what the user asked for now, then what their profile says); Italian otherwise.
 * Regional tags such as `en-GB` count as their base language.
 */
export function pickLanguage(...candidates: unknown[]): Language {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const base = candidate.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
