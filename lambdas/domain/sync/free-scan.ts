import type { Connection } from '../connection/connection';
import type { SyncTrigger } from './run';

/**
 * The free first scan: a seller who connected Amazon through the wizard and has no active plan
 * may run the real sync of its shipments once, to see what was found before paying. Preparing
 * and filing claims, later scans (manual or scheduled) and alerts still need the plan.
 *
 * Whether the scan was already taken is not decided here: the flag on the seller's profile is
 * set by one conditional write ({@link FreeScanPort.claim}), so two presses, a retry or two
 * tabs at once give one scan.
 */
export interface FreeScanPort {
  /**
   * Records the free scan as taken by `runId`, unless it was taken already.
   * @returns whether this call took it.
   */
  claim(userId: string, runId: string, at: string): Promise<boolean>;
  /** Gives the scan back when its run could not start; only the run that took it can. */
  release(userId: string, runId: string): Promise<void>;
}

/** What a seller without an active plan may do about a sync. */
export type FreeScanRule = 'free_scan' | 'needs_plan';

/**
 * The rule without the once-only part: only a seller pressing "Sync now" (never the 7-day
 * schedule), with a live connection to Amazon and no plan ever held (a seller whose plan ran
 * out has seen its data already), may take the free scan.
 */
export function freeScanRule(input: {
  trigger: SyncTrigger;
  connection: Pick<Connection, 'status'> | undefined;
  /** How many plans the seller ever held, in force or not. */
  plansHeld: number;
}): FreeScanRule {
  if (input.trigger !== 'manual' || input.plansHeld > 0) return 'needs_plan';
  return input.connection?.status === 'connected' ? 'free_scan' : 'needs_plan';
}

/** What `GET /api/profile` tells the app: whether the free first scan can still be run. */
export type FreeScanState = 'available' | 'used';

export function freeScanState(takenAt: string | null | undefined): FreeScanState {
  return takenAt ? 'used' : 'available';
}
