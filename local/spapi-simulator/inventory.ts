import { monthsBefore, parseIsoDateTime } from './dates';
import { invalidInput } from './http-util';
import { decodeNextToken, encodeNextToken } from './next-token';
import type { OperationRequest, OperationResult, OperationRoute } from './operation';
import type { ScenarioInventorySummary } from './scenario';

/** Amazon pages inventory summaries by 50, the same as the sellerSkus limit. */
const PAGE_SIZE = 50;
const MAX_SELLER_SKUS = 50;
/** The model: "The string token will expire 30 seconds after being created." */
const TOKEN_TTL_MS = 30_000;

type Selection =
  { by: 'all' } | { by: 'skus'; skus: string[] } | { by: 'changedSince'; since: number };

interface InventoryToken {
  kind: 'inventory';
  marketplaceId: string;
  details: boolean;
  selection: Selection;
  offset: number;
  issuedAt: number;
}

function selected(summary: ScenarioInventorySummary, selection: Selection): boolean {
  switch (selection.by) {
    case 'all':
      return true;
    case 'skus':
      return selection.skus.includes(summary.sellerSku);
    case 'changedSince': {
      // A summary without lastUpdatedTime has not changed within any window.
      const updated = summary.lastUpdatedTime
        ? parseIsoDateTime(summary.lastUpdatedTime)
        : undefined;
      return updated !== undefined && updated.getTime() >= selection.since;
    }
  }
}

function summaryBody(s: ScenarioInventorySummary, details: boolean): Record<string, unknown> {
  const total = s.totalQuantity ?? 0;
  const d = s.inventoryDetails ?? {};
  return {
    asin: s.asin,
    fnSku: s.fnSku,
    sellerSku: s.sellerSku,
    condition: s.condition,
    ...(details
      ? {
          inventoryDetails: {
            fulfillableQuantity: d.fulfillableQuantity ?? total,
            inboundWorkingQuantity: d.inboundWorkingQuantity ?? 0,
            inboundShippedQuantity: d.inboundShippedQuantity ?? 0,
            inboundReceivingQuantity: d.inboundReceivingQuantity ?? 0,
            reservedQuantity: {
              totalReservedQuantity: 0,
              pendingCustomerOrderQuantity: 0,
              pendingTransshipmentQuantity: 0,
              fcProcessingQuantity: 0,
            },
            researchingQuantity: { totalResearchingQuantity: 0, researchingQuantityBreakdown: [] },
            unfulfillableQuantity: {
              totalUnfulfillableQuantity: 0,
              customerDamagedQuantity: 0,
              warehouseDamagedQuantity: 0,
              distributorDamagedQuantity: 0,
              carrierDamagedQuantity: 0,
              defectiveQuantity: 0,
              expiredQuantity: 0,
            },
          },
        }
      : {}),
    ...(s.lastUpdatedTime !== undefined ? { lastUpdatedTime: s.lastUpdatedTime } : {}),
    productName: s.productName,
    totalQuantity: total,
  };
}

function getInventorySummaries(req: OperationRequest): OperationResult {
  const { query, scenario, now } = req;
  if (!query.oneOf('granularityType', ['Marketplace'] as const)) {
    throw invalidInput('Missing required parameter: granularityType');
  }
  const granularityId = query.require('granularityId');
  const marketplaceIds = query.list('marketplaceIds');
  if (marketplaceIds.length !== 1)
    throw invalidInput('marketplaceIds must hold exactly one marketplace id');
  const marketplaceId = marketplaceIds[0] ?? '';
  if (granularityId !== marketplaceId) {
    throw invalidInput('granularityId must be the marketplace id given in marketplaceIds');
  }
  if (!scenario.seller.marketplaceIds.includes(marketplaceId)) {
    throw invalidInput(`The seller does not participate in marketplace ${marketplaceId}`);
  }
  const detailsParam = query.oneOf('details', ['true', 'false'] as const);

  let state: InventoryToken;
  const nextToken = query.get('nextToken');
  if (nextToken !== undefined) {
    state = decodeNextToken<InventoryToken>(nextToken, 'inventory', 'nextToken');
    if (now.getTime() - state.issuedAt > TOKEN_TTL_MS)
      throw invalidInput('The nextToken has expired');
    if (state.marketplaceId !== marketplaceId) {
      throw invalidInput('marketplaceIds differs from the request that returned this nextToken');
    }
  } else {
    state = {
      kind: 'inventory',
      marketplaceId,
      details: detailsParam === 'true',
      selection: selection(req),
      offset: 0,
      issuedAt: now.getTime(),
    };
  }

  const all = scenario.inventory.summaries.filter((s) => selected(s, state.selection));
  const end = state.offset + PAGE_SIZE;
  return {
    status: 200,
    body: {
      payload: {
        granularity: { granularityType: 'Marketplace', granularityId },
        inventorySummaries: all.slice(state.offset, end).map((s) => summaryBody(s, state.details)),
      },
      ...(end < all.length
        ? {
            pagination: {
              nextToken: encodeNextToken({ ...state, offset: end, issuedAt: now.getTime() }),
            },
          }
        : {}),
    },
  };
}

/** Which summaries a first request asks for, in the precedence the model documents. */
function selection({ query, now }: OperationRequest): Selection {
  const startDateTime = query.dateTime('startDateTime');
  if (startDateTime) {
    if (startDateTime.getTime() < monthsBefore(now, 18).getTime()) {
      throw invalidInput('startDateTime must be no earlier than 18 months before now');
    }
    return { by: 'changedSince', since: startDateTime.getTime() };
  }
  const skus = query.list('sellerSkus');
  if (skus.length > MAX_SELLER_SKUS) {
    throw invalidInput(`sellerSkus accepts at most ${MAX_SELLER_SKUS} SKUs, got ${skus.length}`);
  }
  if (skus.length > 0) return { by: 'skus', skus };
  const sku = query.get('sellerSku');
  return sku !== undefined ? { by: 'skus', skus: [sku] } : { by: 'all' };
}

/** FBA Inventory v1: getInventorySummaries. */
export const inventoryRoutes: OperationRoute[] = [
  {
    operation: 'getInventorySummaries',
    method: 'GET',
    path: /^\/fba\/inventory\/v1\/summaries$/,
    handle: getInventorySummaries,
  },
];
