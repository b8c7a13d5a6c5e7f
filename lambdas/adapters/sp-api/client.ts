import { gunzipSync } from 'node:zlib';
import { FbaInventoryApi } from '@sp-api-sdk/fba-inventory-api-v1';
import { ReportsApi } from '@sp-api-sdk/reports-api-2021-06-30';
import {
  FulfillmentInboundApi,
  type GetShipmentItemsResponse,
  type GetShipmentsShipmentStatusListEnum,
  type InboundShipmentItem,
} from '@sp-api-sdk/fulfillment-inbound-api-v0';
import { systemClock, type Clock } from '../../domain/clock';
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
import type { ReportsPort, ReportStatus } from '../../domain/feedback/report';
import type { CallStats } from '../../domain/sync/run';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus, type RetryPolicy } from './backoff';
import { createSpApiHttp, SpApiHttpError, type SpApiHttp } from './http';
import { OperationLimiter } from './rate-limiter';
import type { SpApiOperation } from './usage-plans';

/**
 * The axios instance type the generated API classes declare; they use only `request()` and
 * `defaults.baseURL` of it, which {@link SpApiHttp} provides (see ./http.ts).
 */
type SdkHttp = NonNullable<ConstructorParameters<typeof FulfillmentInboundApi>[2]>;

export interface SpApiClientOptions {
  /** `https://sellingpartnerapi-eu.amazon.com` in AWS; the simulator's URL locally. */
  endpoint: string;
  accessToken: () => Promise<string>;
  /** Called when Amazon refuses the access token, so the next attempt gets a fresh one. */
  forgetAccessToken?: () => void;
  clock?: Clock;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Share one limiter between clients of the same seller; by default each client has its own. */
  limiter?: OperationLimiter;
  /** Told about every retry, for logs. */
  onRetry?: (event: {
    operation: SpApiOperation;
    status: number | undefined;
    retry: number;
    delayMs: number;
  }) => void;
}

interface SpApiErrorBody {
  errors?: { code?: string; message?: string }[];
}

function errorDetails(error: unknown): {
  status: number | undefined;
  headers: Record<string, unknown>;
  code: string | undefined;
  message: string;
} {
  if (error instanceof SpApiHttpError) {
    const body = error.response?.data as SpApiErrorBody | undefined;
    const first = body?.errors?.[0];
    return {
      status: error.response?.status,
      headers: (error.response?.headers ?? {}) as Record<string, unknown>,
      code: first?.code,
      message: first?.message ?? error.message,
    };
  }
  return {
    status: undefined,
    headers: {},
    code: undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}

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
 * The Selling Partner API for one seller, on the typed `@sp-api-sdk` clients (Fulfillment
 * Inbound v0, FBA Inventory v1) plus the Sellers API call the SDK has no package for, all
 * through one HTTP layer that:
 * - paces every operation with a token bucket of its documented rate and burst, following the
 *   rate Amazon reports in `x-amzn-RateLimit-Limit`;
 * - retries 429, 5xx and network failures with exponential backoff and full jitter, a bounded
 *   number of times, and a refused access token once with a fresh one;
 * - counts every call, the throttled ones and the retries.
 */
export class SpApiClient implements SpApiPort, ReportsPort {
  private readonly http: SpApiHttp;
  private readonly inbound: FulfillmentInboundApi;
  private readonly inventory: FbaInventoryApi;
  private readonly reports: ReportsApi;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;
  private readonly limiter: OperationLimiter;
  private readonly stats: CallStats = { total: 0, throttled: 0, retried: 0 };

  constructor(private readonly options: SpApiClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.limiter = options.limiter ?? new OperationLimiter(this.clock);
    // Access tokens come from our Login-with-Amazon client (configurable token URL, one cache
    // per process, injectable clock); retries are the loop below (jitter, 5xx), not the SDK's.
    this.http = createSpApiHttp({ accessToken: options.accessToken });
    const sdkHttp = this.http as unknown as SdkHttp;
    const base = options.endpoint.replace(/\/+$/, '');
    this.inbound = new FulfillmentInboundApi(undefined, base, sdkHttp);
    this.inventory = new FbaInventoryApi(undefined, base, sdkHttp);
    this.reports = new ReportsApi(undefined, base, sdkHttp);
  }

  callStats(): CallStats {
    return { ...this.stats };
  }

  private async call<T>(
    operation: SpApiOperation,
    send: () => Promise<{ data: T; headers: unknown }>,
  ): Promise<T> {
    let tokenRenewed = false;
    for (let retry = 0; ; retry += 1) {
      await this.limiter.acquire(operation);
      this.stats.total += 1;
      try {
        const response = await send();
        const headers = (response.headers ?? {}) as Record<string, unknown>;
        this.limiter.observe(operation, headers['x-amzn-ratelimit-limit']);
        return response.data;
      } catch (error) {
        // The token step failed before any request went out (a revoked or refused refresh
        // token): that verdict is final, and retrying would only repeat it.
        if (error instanceof UpstreamFailure && error.kind !== 'transient') throw error;
        const details = errorDetails(error);
        this.limiter.observe(operation, details.headers['x-amzn-ratelimit-limit']);
        if (details.status === 429) {
          this.stats.throttled += 1;
          this.limiter.throttled(operation);
        }
        // An access token Amazon no longer accepts (expired early, rotated): one fresh try.
        if (details.status === 403 && !tokenRenewed && this.options.forgetAccessToken) {
          tokenRenewed = true;
          this.options.forgetAccessToken();
          this.stats.retried += 1;
          continue;
        }
        if (!isRetryableStatus(details.status)) throw this.failure(operation, details);
        if (retry >= this.retry.maxRetries) throw this.failure(operation, details);
        const delayMs = backoffDelay(retry, this.retry, this.random);
        this.stats.retried += 1;
        this.options.onRetry?.({ operation, status: details.status, retry: retry + 1, delayMs });
        await this.clock.sleep(delayMs);
      }
    }
  }

  private failure(
    operation: SpApiOperation,
    details: ReturnType<typeof errorDetails>,
  ): UpstreamFailure {
    const { status } = details;
    const message = `${operation}: ${details.message}`;
    if (status === undefined) return new UpstreamFailure('transient', 'network', message);
    if (status === 429 || status >= 500) {
      return new UpstreamFailure('transient', details.code ?? `http_${status}`, message, status);
    }
    if (status === 401 || status === 403) {
      return new UpstreamFailure('forbidden', details.code ?? 'Unauthorized', message, status);
    }
    return new UpstreamFailure('permanent', details.code ?? `http_${status}`, message, status);
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
    const base = this.options.endpoint.replace(/\/+$/, '');
    const data = await this.call('getMarketplaceParticipations', () =>
      this.http.request<{
        payload?: {
          marketplace?: { id?: string; countryCode?: string; name?: string };
          participation?: { isParticipating?: boolean };
          storeName?: string;
        }[];
      }>({ method: 'GET', url: `${base}/sellers/v1/marketplaceParticipations` }),
    );
    return (data.payload ?? []).map((entry) => ({
      marketplaceId: entry.marketplace?.id ?? '',
      countryCode: entry.marketplace?.countryCode ?? '',
      name: entry.marketplace?.name ?? '',
      storeName: entry.storeName ?? '',
      isParticipating: entry.participation?.isParticipating ?? false,
    }));
  }

  /** Reports 2021-06-30 createReport; answers the report id. */
  async createReport(input: {
    reportType: string;
    marketplaceIds: string[];
    dataStartTime?: string;
  }): Promise<string> {
    const data = await this.call('createReport', () => this.reports.createReport({ body: input }));
    return data.reportId;
  }

  /** Reports 2021-06-30 getReport: the processing status and, once done, the document id. */
  async getReport(reportId: string): Promise<{ status: ReportStatus; reportDocumentId?: string }> {
    const data = await this.call('getReport', () => this.reports.getReport({ reportId }));
    return {
      status: data.processingStatus as ReportStatus,
      ...(data.reportDocumentId ? { reportDocumentId: data.reportDocumentId } : {}),
    };
  }

  /**
   * getReportDocument, then the document from its pre-signed URL (no SP-API token: the URL is
   * signed), gunzipped when `compressionAlgorithm` is GZIP. A URL that expired before the
   * download (five minutes) is asked for again once.
   */
  async downloadReportDocument(reportDocumentId: string): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const document = await this.call('getReportDocument', () =>
        this.reports.getReportDocument({ reportDocumentId }),
      );
      const response = await fetch(document.url);
      if (response.status === 403 && attempt < 2) continue;
      if (!response.ok) {
        throw new UpstreamFailure(
          response.status >= 500 ? 'transient' : 'permanent',
          `http_${response.status}`,
          `report document download: HTTP ${response.status}`,
          response.status,
        );
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = document.compressionAlgorithm === 'GZIP' ? gunzipSync(bytes) : bytes;
      return text.toString('utf8');
    }
  }
}
