import type { Language } from '../language';
import type { QuotaKind } from '../quotas';

/**
 * The account checks a case action makes before its work (each refuses in the caller's
 * language): passed in, since they read the plan, the user pool and the day's counters.
 */
export interface CaseGuards {
  /**
   * Issue 15: a paid action on a real shipment needs an active plan that covers the shipment's
   * marketplace country (402); demo stays free.
   */
  requirePlan(
    userId: string,
    shipment: { demo?: boolean; marketplace_id?: string; marketplace?: string },
    language: Language,
  ): Promise<void>;
  /** Only the diagnostic pages (spec 2.12): diagnostics on, and the caller an admin (403). */
  requireDebugTools(userId: string, language: Language): Promise<void>;
  /** Counts one use of the day's allowance of `kind`, or refuses (429). */
  requireDailyQuota(userId: string, kind: QuotaKind, language: Language): Promise<void>;
}
