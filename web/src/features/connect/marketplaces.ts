/** The wizard's countries (spec 3, Reading B), in its order. */
export const WIZARD_MARKETPLACES = [
  { id: 'APJ6JRA9NG5V4', countryCode: 'IT' },
  { id: 'A1PA6795UKMFR9', countryCode: 'DE' },
  { id: 'A13V1IB3VIYZZH', countryCode: 'FR' },
  { id: 'A1RKKUPIHCS9HS', countryCode: 'ES' },
  { id: 'A1F83G8C2ARO7P', countryCode: 'GB' },
  { id: 'A1805IZSGTT6HS', countryCode: 'NL' },
  { id: 'AMEN7PMS3EDWL', countryCode: 'BE' },
  { id: 'A1C3SOZRARQ6R3', countryCode: 'PL' },
  { id: 'A2NODRKZP88ZB9', countryCode: 'SE' },
] as const;

export type WizardCountry = (typeof WIZARD_MARKETPLACES)[number]['countryCode'];

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
