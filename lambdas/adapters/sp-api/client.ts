import { FbaInventoryApi } from '@sp-api-sdk/fba-inventory-api-v1';
import {
  FulfillmentInboundApi,
  type GetShipmentItemsResponse,
  type GetShipmentsShipmentStatusListEnum,
  type InboundShipmentItem,
} from '@sp-api-sdk/fulfillment-inbound-api-v0';
import type { CatalogEntry, InboundItem } from '../../domain/sync/discrepancy';
import {
  UpstreamFailure,
  type ItemPage,
  type MarketplaceParticipation,
  type NextPage,
  type ShipmentPage,
  type SpApiPort,
  type UpdatedBetween,
} from '../../domain/sync/spapi-port';

import type { TransactionPage, TransactionsQuery } from '../../domain/claims/audit-orders';
import { SpApiReportsClient } from './reports-client';

export type { SpApiClientOptions } from './client-base';

const iso = (ms: number) => new Date(ms).toISOString();

function toItem(item: InboundShipmentItem, shipmentId?: string): InboundItem {
  return {
    shipmentId: item.ShipmentId ?? shipmentId ?? '',
    sku: item.SellerSKU ?? '',
    quantityShipped: item.QuantityShipped,
    quantityReceived: item.QuantityReceived ?? null,
  };
}

function itemPage(data: GetShipmentItemsResponse, shipmentId?: string): ItemPage {
  const payload = data.payload;
  return {
    items: (payload?.ItemData ?? []).map((item) => toItem(item, shipmentId)),
    ...(payload?.NextToken ? { nextToken: payload.NextToken } : {}),
  };
}

/**
 * The Selling Partner API for one seller, on the typed `@sp-api-sdk` clients: the Reports
 * client's calls ({@link SpApiReportsClient}: Reports 2021-06-30) plus Fulfillment Inbound v0,
 * FBA Inventory v1 and the Sellers and Finances v2024-06-19 calls the SDK has no package for
 * here, all through one HTTP
 * layer that paces every operation, retries with backoff, renews a refused access token once
 * and counts every call (./client-base.ts).
 */
export class SpApiClient extends SpApiReportsClient implements SpApiPort {
  private readonly inbound = new FulfillmentInboundApi(undefined, this.base, this.http);
  private readonly inventory = new FbaInventoryApi(undefined, this.base, this.http);

  /** The Reports API of the same seller (the inventory ledger), this client's own methods. */
  get ledgerReports(): SpApiReportsClient {
    return this;
  }

  async getShipments(
    query: (UpdatedBetween & { statuses: string[] }) | NextPage,
  ): Promise<ShipmentPage> {
    const data = await this.call('getShipments', () =>
      'nextToken' in query
        ? this.inbound.getShipments({
            queryType: 'NEXT_TOKEN',
            marketplaceId: query.marketplaceId,
            nextToken: query.nextToken,
          })
        : this.inbound.getShipments({
            queryType: 'DATE_RANGE',
            marketplaceId: query.marketplaceId,
            shipmentStatusList: query.statuses as GetShipmentsShipmentStatusListEnum[],
            lastUpdatedAfter: iso(query.updatedAfter),
            lastUpdatedBefore: iso(query.updatedBefore),
          }),
    );
    const payload = data.payload;
    return {
      shipments: (payload?.ShipmentData ?? []).map((s) => ({
        shipmentId: s.ShipmentId ?? '',
        shipmentName: s.ShipmentName ?? '',
        status: s.ShipmentStatus ?? '',
        fcCode: s.DestinationFulfillmentCenterId ?? null,
      })),
      ...(payload?.NextToken ? { nextToken: payload.NextToken } : {}),
    };
  }

  async getShipmentItemsByShipmentId(shipmentId: string): Promise<ItemPage> {
    try {
      const data = await this.call('getShipmentItemsByShipmentId', () =>
        this.inbound.getShipmentItemsByShipmentId({ shipmentId }),
      );
      return itemPage(data, shipmentId);
    } catch (error) {
      // A shipment Amazon no longer knows has no items to count.
      if (error instanceof UpstreamFailure && error.status === 404) return { items: [] };
      throw error;
    }
  }

  async getShipmentItems(query: UpdatedBetween | NextPage): Promise<ItemPage> {
    const data = await this.call('getShipmentItems', () =>
      'nextToken' in query
        ? this.inbound.getShipmentItems({
            queryType: 'NEXT_TOKEN',
            marketplaceId: query.marketplaceId,
            nextToken: query.nextToken,
          })
        : this.inbound.getShipmentItems({
            queryType: 'DATE_RANGE',
            marketplaceId: query.marketplaceId,
            lastUpdatedAfter: iso(query.updatedAfter),
            lastUpdatedBefore: iso(query.updatedBefore),
          }),
    );
    return itemPage(data);
  }

  /**
   * ASIN and title of up to 50 SKUs. Amazon splits `sellerSkus` on commas, so a SKU holding a
   * comma is asked about alone through `sellerSku`.
   */
  async getInventorySummaries(query: {
    marketplaceId: string;
    skus: string[];
  }): Promise<Map<string, CatalogEntry>> {
    const found = new Map<string, CatalogEntry>();
    const plain = query.skus.filter((sku) => !sku.includes(','));
    const requests: ({ sellerSkus: string[] } | { sellerSku: string })[] = [
      ...(plain.length > 0 ? [{ sellerSkus: plain }] : []),
      ...query.skus.filter((sku) => sku.includes(',')).map((sellerSku) => ({ sellerSku })),
    ];
    for (const selection of requests) {
      let nextToken: string | undefined;
      do {
        const token = nextToken;
        const data = await this.call('getInventorySummaries', () =>
          this.inventory.getInventorySummaries({
            granularityType: 'Marketplace',
            granularityId: query.marketplaceId,
            marketplaceIds: [query.marketplaceId],
            ...selection,
            ...(token ? { nextToken: token } : {}),
          }),
        );
        for (const summary of data.payload?.inventorySummaries ?? []) {
          if (!summary.sellerSku) continue;
          found.set(summary.sellerSku, {
            asin: summary.asin ?? null,
            title: summary.productName ?? null,
          });
        }
        nextToken = data.pagination?.nextToken;
      } while (nextToken);
    }
    return found;
  }

  /** Sellers v1 getMarketplaceParticipations (no SDK package exists for it here). */
  async getMarketplaceParticipations(): Promise<MarketplaceParticipation[]> {
    const data = await this.call('getMarketplaceParticipations', () =>
      this.http.request<{
        payload?: {
          marketplace?: { id?: string; countryCode?: string; name?: string };
          participation?: { isParticipating?: boolean };
          storeName?: string;
        }[];
      }>({ method: 'GET', url: `${this.base}/sellers/v1/marketplaceParticipations` }),
    );
    return (data.payload ?? []).map((entry) => ({
      marketplaceId: entry.marketplace?.id ?? '',
      countryCode: entry.marketplace?.countryCode ?? '',
      name: entry.marketplace?.name ?? '',
      storeName: entry.storeName ?? '',
      isParticipating: entry.participation?.isParticipating ?? false,
    }));
  }

  /**
   * Finances v2024-06-19 listTransactions: one page of the transactions posted in the range (the
   * next page: the same range with the `nextToken`). A seller whose token lacks the finance role gets Amazon's 403
   * as a forbidden {@link UpstreamFailure}.
   */
  async listTransactions(query: TransactionsQuery): Promise<TransactionPage> {
    const params = new URLSearchParams({
      postedAfter: iso(query.postedAfter),
      postedBefore: iso(query.postedBefore),
      marketplaceId: query.marketplaceId,
      ...(query.nextToken ? { nextToken: query.nextToken } : {}),
    });
    const data = await this.call('listTransactions', () =>
      this.http.request<{ payload?: { nextToken?: string; transactions?: unknown[] } }>({
        method: 'GET',
        url: `${this.base}/finances/2024-06-19/transactions?${params}`,
      }),
    );
    return {
      transactions: data.payload?.transactions ?? [],
      ...(data.payload?.nextToken ? { nextToken: data.payload.nextToken } : {}),
    };
  }
}
