import type { CatalogEntry, InboundItem } from './discrepancy';
import type { CallStats } from './run';
import type { ReportsPort } from '../feedback/report';

/** A shipment as getShipments describes it (no date, no marketplace: Amazon sends neither). */
export interface ShipmentSummary {
  shipmentId: string;
  shipmentName: string;
  status: string;
  fcCode: string | null;
}

export interface ShipmentPage {
  shipments: ShipmentSummary[];
  nextToken?: string;
}

export interface ItemPage {
  items: InboundItem[];
  nextToken?: string;
}

/** A date-range query; both ends inclusive, as Amazon's LastUpdatedAfter/Before. */
export interface UpdatedBetween {
  marketplaceId: string;
  updatedAfter: number;
  updatedBefore: number;
}

/** The next page of an earlier query. */
export interface NextPage {
  marketplaceId: string;
  nextToken: string;
}

/**
 * The Selling Partner API operations a sync uses, for one seller. Implementations pace calls to
 * Amazon's usage plans and retry what may pass on a retry; whatever they throw after that is an
 * {@link UpstreamFailure}.
 */
export interface SpApiPort {
  /** getShipments: DATE_RANGE with a status filter, or NEXT_TOKEN. */
  getShipments(query: (UpdatedBetween & { statuses: string[] }) | NextPage): Promise<ShipmentPage>;
  /** getShipmentItemsByShipmentId; its further pages come from getShipmentItems(NextPage). */
  getShipmentItemsByShipmentId(shipmentId: string): Promise<ItemPage>;
  /** getShipmentItems: every item of the shipments updated in the range, or NEXT_TOKEN. */
  getShipmentItems(query: UpdatedBetween | NextPage): Promise<ItemPage>;
  /** getInventorySummaries for up to 50 SKUs, all pages; SKUs it does not know are absent. */
  getInventorySummaries(query: {
    marketplaceId: string;
    skus: string[];
  }): Promise<Map<string, CatalogEntry>>;
  /** Calls made so far through this client. */
  callStats(): CallStats;
  /** The Reports API (2021-06-30), for the inventory ledger's receipts; absent: no ledger. */
  readonly ledgerReports?: ReportsPort;
}

/** A marketplace the seller takes part in (Sellers API getMarketplaceParticipations). */
export interface MarketplaceParticipation {
  marketplaceId: string;
  countryCode: string;
  name: string;
  storeName: string;
  isParticipating: boolean;
}

/**
 * Why a call to Amazon failed for good:
 * - `transient`: throttling, 5xx or the network, still failing after the retries; try later;
 * - `revoked`: Login with Amazon refused the refresh token (the seller removed the app);
 * - `forbidden`: the SP-API refused the seller's token;
 * - `permanent`: a request Amazon will never accept (a bug or a configuration error).
 */
export type UpstreamFailureKind = 'transient' | 'revoked' | 'forbidden' | 'permanent';

export class UpstreamFailure extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    /** Amazon's error code, or ours (`network`, `invalid_grant`...). */
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamFailure';
  }
}
