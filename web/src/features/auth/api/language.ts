import { i18n } from '../../../i18n';
import { toLanguage, type Language } from '../../../i18n/languages';

/** The language account emails are written in: the one the user is reading now. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage);
}
