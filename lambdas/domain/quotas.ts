/**
 * What one seller may start in one UTC day on the routes that cost the most (storage, Amazon's
 * report quotas, outgoing mail, orders at PayPal). Far above what a seller's real day needs, they only bound what
 * a script with a valid session can make the product do. The README lists these values.
 */
export const DAILY_QUOTAS = {
  /** Document upload URLs (each upload up to 20 MB): `POST /api/documents/upload-url`. */
  upload: 100,
  /** Feedback files imported: `POST /api/feedback-import/upload-url`. */
  'feedback-import': 20,
  /** Reports asked of Amazon by the seller: "Sync now" (`sync-fba`) and `feedback-schedule`. */
  'report-request': 20,
  /** Disputes mailed to Amazon: `submit-reimbursement` (real sends only, not demo cases). */
  submit: 20,
  /**
   * Plan orders made at PayPal for the seller: `POST /api/payment-order`. Each is a real order
   * at the provider; a checkout closed and opened again a few times stays well within it.
   */
  'payment-order': 10,
} as const;

export type QuotaKind = keyof typeof DAILY_QUOTAS;

const DAY_MS = 86_400_000;

/** A day's counter is kept two days after the day starts, then the table's TTL removes it. */
const KEEP_MS = 2 * DAY_MS;

export interface DayWindow {
  /** The UTC day, `2026-11-24`. */
  day: string;
  /** Seconds until the next UTC day starts: when a spent allowance is given back. */
  secondsLeft: number;
  /** When the day's counter may be forgotten (epoch seconds, the table's TTL unit). */
  forgetAt: number;
}

/** The UTC day an instant falls in, and how long until the next one. */
export function dayWindow(now: number): DayWindow {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  return {
    day: new Date(start).toISOString().slice(0, 10),
    secondsLeft: Math.max(1, Math.ceil((start + DAY_MS - now) / 1000)),
    forgetAt: Math.ceil((start + KEEP_MS) / 1000),
  };
}
