/** The SP-API operations this app calls, by their model `operationId`. */
export type SpApiOperation =
  | 'getShipments'
  | 'getShipmentItemsByShipmentId'
  | 'getShipmentItems'
  | 'getInventorySummaries'
  | 'getMarketplaceParticipations'
  | 'createReport'
  | 'getReport'
  | 'getReportDocument'
  | 'listTransactions';

/** A usage plan: sustained requests per second and the bucket size. */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/**
 * The default usage plans of each operation's "Usage Plan" table in Amazon's models
 * (../shared/spapi-models). Amazon may grant a seller more; the `x-amzn-RateLimit-Limit` header
 * of each response says what was applied, and the limiter follows it.
 */
export const USAGE_PLANS: Readonly<Record<SpApiOperation, UsagePlan>> = {
  getShipments: { rate: 2, burst: 30 },
  getShipmentItemsByShipmentId: { rate: 2, burst: 30 },
  getShipmentItems: { rate: 2, burst: 30 },
  getInventorySummaries: { rate: 2, burst: 2 },
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  listTransactions: { rate: 0.5, burst: 10 },
};
