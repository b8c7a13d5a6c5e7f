import type { Language } from '../language';

/**
 * The messages a case's dispute draft writes for the seller (document warnings) and the plan a
 * case action needs, in both languages. They live with the cases domain, so the draft (which
 * the reimbursement poller runs for a follow-up) carries these and not the server's whole
 * catalogue; `../messages.ts` includes them, so every handler answers them as before.
 */
export const CASE_MESSAGES = {
  caseNeedsPlan: {
    it: 'Il tuo piano non è attivo: puoi consultare i casi, ma per caricare documenti, preparare e inviare richieste rinnova il piano.',
    en: 'Your plan is not active: you can view your cases, but renew the plan to upload documents, prepare and send requests.',
  },
  lowQualityDocument: {
    it: 'Documento poco leggibile: puoi caricarne uno migliore o procedere.',
    en: 'Document hard to read: you can upload a better one or proceed.',
  },
  illegibleDocument: {
    it: 'Documento illeggibile: verrà generata una contestazione standard dai dati del marketplace.',
    en: 'Illegible document: a standard dispute will be generated from marketplace data.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type CaseMessageKey = keyof typeof CASE_MESSAGES;

export function caseMessage(key: CaseMessageKey, language: Language): string {
  return CASE_MESSAGES[key][language];
}
