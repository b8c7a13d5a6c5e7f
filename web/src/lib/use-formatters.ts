import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '../i18n/languages';
import { formatCurrency, formatDate, formatNumber, formatPercent } from './format';

export type Formatters = {
  language: Language;
  date: (value: Date | number | string) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  currency: (amount: number, currency?: string) => string;
  percent: (rate: number) => string;
};

/** Formatters bound to the active language; components re-render when it changes. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(
    () => ({
      language,
      date: (value) => formatDate(value, language),
      number: (value, options) => formatNumber(value, language, options),
      currency: (amount, currency) => formatCurrency(amount, language, currency),
      percent: (rate) => formatPercent(rate, language),
    }),
    [language],
  );
}
