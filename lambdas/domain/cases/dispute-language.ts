import type { Language } from '../language';
import { MARKETPLACE_IDS } from '../marketplaces';

/**
 * The language a dispute is written in unless the seller chooses: Italian for Amazon.it, English
 * for every other marketplace (Amazon's support reads English everywhere). Never the interface
 * language of the moment.
 */
export function disputeLanguageFor(marketplace: string | null | undefined): Language {
  const value = (marketplace ?? '').trim().toLowerCase();
  return value === 'amazon.it' || value === 'it' || value === MARKETPLACE_IDS.IT.toLowerCase()
    ? 'it'
    : 'en';
}
