import type { Language } from '../language';

/**
 * The refusals of the plan guards (a paid case action, an import from Amazon), in both
 * languages. They live with the plan, so the functions that run a guard (the reimbursement
 * poller drafts a follow-up) carry these and not the server's whole catalogue;
 * `../messages.ts` includes them, so every handler answers them as before.
 */
export const PLAN_MESSAGES = {
  casePlanCountry: {
    it: 'Il tuo piano copre {plan} e questa spedizione è di {shipment}: il piano copre un solo paese del marketplace. Puoi consultare il caso, ma per caricare documenti, preparare e inviare richieste serve il piano per {shipment}.',
    en: 'Your plan covers {plan}, and this shipment is on {shipment}: the plan covers one marketplace country only. You can view the case, but uploading documents, preparing and sending requests need the plan for {shipment}.',
  },
  feedbackNeedsPlan: {
    it: 'Il tuo piano non è attivo: rinnova il piano per importare i feedback da Amazon.',
    en: 'Your plan is not active: renew the plan to import feedback from Amazon.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type PlanMessageKey = keyof typeof PLAN_MESSAGES;

/** A text with its `{name}` placeholders filled in; an unknown name stays as written. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function planMessage(
  key: PlanMessageKey,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  return fillPlaceholders(PLAN_MESSAGES[key][language], values);
}
