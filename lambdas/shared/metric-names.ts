/**
 * The custom metrics the handlers publish (lambdas/shared/metrics.ts) and the CDK app alarms
 * on and charts (lib/constructs/monitoring.ts). It imports nothing, so both worlds can load it.
 * Every metric carries the dimensions `service` (Powertools' own) and `stage`.
 */
export const METRICS_NAMESPACE = 'RimborsiFBA';

export const METRIC = {
  /** A shipment sync run ended in failure (the run records why). */
  syncFailed: 'SyncFailed',
  /** A shipment sync run completed. */
  syncCompleted: 'SyncCompleted',
  /** A sync run was started (manually or by the 7-day schedule). */
  syncStarted: 'SyncStarted',
  /** A reimbursement case was submitted to Amazon. */
  caseSubmitted: 'CaseSubmitted',
  /** A report (feedback, reimbursements) was imported; value = rows imported. */
  reportImported: 'ReportImported',
  /** A report import failed. */
  reportImportFailed: 'ReportImportFailed',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
