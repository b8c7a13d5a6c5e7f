import type { Language } from '../domain/language';

/**
 * Every message the server writes for a person to read, in both languages. Where the
 * specification gives the wording (sections 5 and 8) it is used word for word; the rest
 * follows its tone. Handlers pick the caller's language from the request.
 */
export const MESSAGES = {
  /** Spec 5, magic link (key emailRequired). */
  emailRequired: {
    it: 'Inserisci la tua email per ricevere il link di accesso',
    en: 'Enter your email to receive the access link',
  },
  /** Spec 5, forgot password. */
  invalidEmail: {
    it: 'Inserisci un indirizzo email valido',
    en: 'Please enter a valid email address',
  },
  /** Spec 8, forgot password and resend; the Italian is the sign-up rate-limit wording. */
  tooManyRequests: {
    it: 'Troppi invii ravvicinati. Riprova più tardi.',
    en: 'Too many recent attempts. Please try again later.',
  },
  /** Spec 5, account deletion. */
  accountEmailRequired: {
    it: "L'indirizzo email è obbligatorio",
    en: 'The email address is required',
  },
  accountEmailMismatch: {
    it: "L'indirizzo email non corrisponde a quello del tuo account",
    en: 'The email address does not match your account',
  },
  profileNotFound: {
    it: 'Profilo non trovato',
    en: 'Profile not found',
  },
  /** Spec 8, the 403 of submit-reimbursement, reused for every admin-only route. */
  adminOnly: {
    it: 'Permessi insufficienti per questa operazione.',
    en: 'You do not have permission for this operation.',
  },
  /** sync-fba (issue 5): the run was queued; the dashboard follows its progress. */
  syncStarted: {
    it: 'Sincronizzazione avviata',
    en: 'Sync started',
  },
  /** sync-fba without an active plan (spec 1: sync needs an active plan). */
  syncNeedsPlan: {
    it: 'Per sincronizzare le spedizioni serve un piano attivo. Attiva il piano per continuare.',
    en: 'Syncing shipments needs an active plan. Activate the plan to continue.',
  },
  syncPlanCountry: {
    it: 'Il tuo piano non copre il marketplace collegato.',
    en: 'Your plan does not cover the connected marketplace.',
  },
  syncNotConnected: {
    it: 'Collega il tuo account Amazon per sincronizzare le spedizioni.',
    en: 'Connect your Amazon account to sync shipments.',
  },
  syncConnectionRevoked: {
    it: "Amazon ha revocato l'accesso al tuo account. Ricollega l'account per sincronizzare.",
    en: 'Amazon revoked access to your account. Reconnect it to sync.',
  },
  syncAlreadyRunning: {
    it: 'Una sincronizzazione è già in corso.',
    en: 'A sync is already running.',
  },
  /** spapi-callback (issue 4): the state is unknown, used, or another user's. */
  stateInvalid: {
    it: 'Autorizzazione non valida o già usata. Ricomincia il collegamento.',
    en: 'Invalid or already used authorization. Start the connection again.',
  },
  stateExpired: {
    it: 'Autorizzazione scaduta (10 minuti). Ricomincia il collegamento.',
    en: 'The authorization expired (10 minutes). Start the connection again.',
  },
  marketplaceNotParticipating: {
    it: 'Il tuo account venditore non è attivo sul marketplace scelto.',
    en: 'Your seller account does not sell on the chosen marketplace.',
  },
  authorizationFailed: {
    it: "Amazon non ha confermato l'autorizzazione. Riprova.",
    en: 'Amazon did not confirm the authorization. Try again.',
  },
  connectionDisconnected: {
    it: 'Account Amazon disconnesso',
    en: 'Amazon account disconnected',
  },
  /** verify-payment (issue 4). */
  paymentNotCompleted: {
    it: 'Il pagamento non risulta completato.',
    en: 'The payment is not completed.',
  },
  paymentWrongAmount: {
    it: "L'importo o la valuta del pagamento non corrispondono al piano (9,90 EUR).",
    en: 'The payment amount or currency does not match the plan (9.90 EUR).',
  },
  paymentOrderUsed: {
    it: 'Questo pagamento è già stato usato.',
    en: 'This payment has already been used.',
  },
  paymentNotFound: {
    it: 'Pagamento non trovato presso il fornitore.',
    en: 'Payment not found at the provider.',
  },
  freePlanUnavailable: {
    it: 'Il piano gratuito non è disponibile.',
    en: 'The free plan is not available.',
  },
  planActivated: {
    it: 'Piano attivato per 30 giorni',
    en: 'Plan activated for 30 days',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, language: Language): string {
  return MESSAGES[key][language];
}
