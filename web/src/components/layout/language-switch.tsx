import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { LANGUAGES, toLanguage } from '../../i18n/languages';

/**
 * Toggle buttons rather than a select: two options fit on one line, and aria-pressed tells
 * assistive technology which one is active. Each name is written in its own language (and
 * tagged with `lang`) so a speaker of either finds it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = toLanguage(i18n.resolvedLanguage);

  return (
    <div
      role="group"
      aria-label={t('language.groupLabel')}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {LANGUAGES.map((language) => {
        const pressed = language === active;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={pressed}
            onClick={() => void setLanguage(language)}
            className={`min-h-8 min-w-10 rounded-md px-2 text-sm font-semibold transition-colors ${
              pressed ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {/* The name starts with the visible code (WCAG 2.5.3, speech input), then the
                full name for screen readers. */}
            {language.toUpperCase()}
            <span className="sr-only">, {t(`language.${language}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
