import { WIZARD_MARKETPLACE_TABLE } from '@domain/marketplaces';

/** The wizard's countries (spec 3, Reading B), in its order: the shared marketplace table. */
export const WIZARD_MARKETPLACES = WIZARD_MARKETPLACE_TABLE.map((m) => ({
  id: m.id,
  countryCode: m.country,
}));

export type WizardCountry = (typeof WIZARD_MARKETPLACE_TABLE)[number]['country'];

export function sameCountry(a: string | null | undefined, b: string): boolean {
  const norm = (c: string) => (c.toUpperCase() === 'UK' ? 'GB' : c.toUpperCase());
  return !!a && norm(a) === norm(b);
}

/** Spec 4.6: the pending authorization, also kept in session storage (the server checks it too). */
export const PENDING_KEY = 'rimborsi.spapiAuthorization';

export interface PendingAuthorization {
  state: string;
  user_id: string;
  marketplace_id: string;
  store_name: string | null;
  expires_at: number;
}

export function readPending(): PendingAuthorization | undefined {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingAuthorization) : undefined;
  } catch {
    return undefined;
  }
}

export function writePending(pending: PendingAuthorization): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage may be disabled; the server-side state still guards the callback.
  }
}

export function clearPending(): void {
  try {
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing to clear when storage is disabled.
  }
}
