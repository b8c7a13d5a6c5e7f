import { parseIsoDateTime } from './dates';
import { SpapiError, invalidInput, type QueryParams } from './http-util';
import { decodeNextToken, encodeNextToken } from './next-token';
import type { OperationRequest, OperationResult, OperationRoute } from './operation';
import type { Scenario, ScenarioShipment, ScenarioShipmentItem } from './scenario';

/** ShipmentStatusList accepts READY_TO_SHIP although no shipment is ever reported in it. */
const QUERY_STATUSES = [
  'WORKING',
  'READY_TO_SHIP',
  'SHIPPED',
  'RECEIVING',
  'CANCELLED',
  'DELETED',
  'CLOSED',
  'ERROR',
  'IN_TRANSIT',
  'DELIVERED',
  'CHECKED_IN',
] as const;

interface ShipmentFilter {
  marketplaceId: string;
  statuses?: string[];
  ids?: string[];
  /** Epoch milliseconds, inclusive. */
  after?: number;
  before?: number;
}

interface ShipmentsToken extends ShipmentFilter {
  kind: 'shipments';
  offset: number;
}

/** Items of one shipment (getShipmentItemsByShipmentId) or of a date range (getShipmentItems). */
type ItemsSource =
  { shipmentId: string } | { marketplaceId: string; after: number; before: number };

interface ItemsToken {
  kind: 'items';
  source: ItemsSource;
  offset: number;
}

function inRange(shipment: ScenarioShipment, after?: number, before?: number): boolean {
  const updated = parseIsoDateTime(shipment.LastUpdatedDate)?.getTime() ?? Number.NaN;
  return (after === undefined || updated >= after) && (before === undefined || updated <= before);
}

function matches(shipment: ScenarioShipment, f: ShipmentFilter): boolean {
  return (
    shipment.MarketplaceId === f.marketplaceId &&
    (!f.statuses || f.statuses.includes(shipment.ShipmentStatus)) &&
    (!f.ids || f.ids.includes(shipment.ShipmentId)) &&
    inRange(shipment, f.after, f.before)
  );
}

/** The response shape: `LastUpdatedDate`, `MarketplaceId` and `items` exist only in scenarios. */
function shipmentInfo(s: ScenarioShipment): Record<string, unknown> {
  return {
    ShipmentId: s.ShipmentId,
    ShipmentName: s.ShipmentName,
    // The model requires StateOrProvinceCode but scenarios (example.json) may leave it out;
    // an empty string keeps the response valid without inventing a province.
    ShipFromAddress: {
      ...s.ShipFromAddress,
      StateOrProvinceCode: s.ShipFromAddress.StateOrProvinceCode ?? '',
    },
    DestinationFulfillmentCenterId: s.DestinationFulfillmentCenterId,
    ShipmentStatus: s.ShipmentStatus,
    ...(s.LabelPrepType !== undefined ? { LabelPrepType: s.LabelPrepType } : {}),
    AreCasesRequired: s.AreCasesRequired,
    ...(s.ConfirmedNeedByDate !== undefined ? { ConfirmedNeedByDate: s.ConfirmedNeedByDate } : {}),
    ...(s.BoxContentsSource !== undefined ? { BoxContentsSource: s.BoxContentsSource } : {}),
  };
}

function itemInfo(shipmentId: string, item: ScenarioShipmentItem): Record<string, unknown> {
  return {
    ShipmentId: shipmentId,
    SellerSKU: item.SellerSKU,
    ...(item.FulfillmentNetworkSKU !== undefined
      ? { FulfillmentNetworkSKU: item.FulfillmentNetworkSKU }
      : {}),
    QuantityShipped: item.QuantityShipped,
    // Left out when the scenario has none: the case the sync must count as 0 received.
    ...(item.QuantityReceived !== undefined ? { QuantityReceived: item.QuantityReceived } : {}),
    ...(item.QuantityInCase !== undefined ? { QuantityInCase: item.QuantityInCase } : {}),
  };
}

function dateRange(query: QueryParams, required: boolean): { after?: number; before?: number } {
  const after = query.dateTime('LastUpdatedAfter')?.getTime();
  const before = query.dateTime('LastUpdatedBefore')?.getTime();
  if (required && (after === undefined || before === undefined)) {
    throw invalidInput(
      'LastUpdatedAfter and LastUpdatedBefore are required when QueryType is DATE_RANGE',
    );
  }
  if (after !== undefined && before !== undefined && after > before) {
    throw invalidInput('LastUpdatedAfter must not be later than LastUpdatedBefore');
  }
  return { after, before };
}

function getShipments(req: OperationRequest): OperationResult {
  const { query, scenario } = req;
  const marketplaceId = query.require('MarketplaceId');
  const queryType = query.oneOf('QueryType', ['SHIPMENT', 'DATE_RANGE', 'NEXT_TOKEN'] as const);
  if (!queryType) throw invalidInput('Missing required parameter: QueryType');

  let state: ShipmentsToken;
  if (queryType === 'NEXT_TOKEN') {
    state = decodeNextToken<ShipmentsToken>(query.require('NextToken'), 'shipments', 'NextToken');
    if (state.marketplaceId !== marketplaceId) {
      throw invalidInput('MarketplaceId differs from the request that returned this NextToken');
    }
  } else {
    const statuses = query.list('ShipmentStatusList');
    for (const status of statuses) {
      if (!(QUERY_STATUSES as readonly string[]).includes(status)) {
        throw invalidInput(`Invalid ShipmentStatusList value: ${status}`);
      }
    }
    const ids = query.list('ShipmentIdList');
    if (ids.length > 999) throw invalidInput('ShipmentIdList accepts at most 999 ids');
    // The live service refuses a date range alone too, although the model does not say so.
    if (statuses.length === 0 && ids.length === 0) {
      throw invalidInput(
        `ShipmentStatusList or ShipmentIdList is required when QueryType is ${queryType}`,
      );
    }
    state = {
      kind: 'shipments',
      offset: 0,
      marketplaceId,
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(ids.length > 0 ? { ids } : {}),
      ...dateRange(query, queryType === 'DATE_RANGE'),
    };
  }

  const all = scenario.inbound.shipments.filter((s) => matches(s, state));
  const end = state.offset + scenario.inbound.pageSize;
  const page = all.slice(state.offset, end);
  return {
    status: 200,
    body: {
      payload: {
        ShipmentData: page.map(shipmentInfo),
        ...(end < all.length ? { NextToken: encodeNextToken({ ...state, offset: end }) } : {}),
      },
    },
  };
}

function itemsOf(scenario: Scenario, source: ItemsSource): Record<string, unknown>[] {
  if ('shipmentId' in source) {
    const shipment = scenario.inbound.shipments.find((s) => s.ShipmentId === source.shipmentId);
    return shipment ? shipment.items.map((i) => itemInfo(shipment.ShipmentId, i)) : [];
  }
  return scenario.inbound.shipments
    .filter(
      (s) => s.MarketplaceId === source.marketplaceId && inRange(s, source.after, source.before),
    )
    .flatMap((s) => s.items.map((i) => itemInfo(s.ShipmentId, i)));
}

function itemsPage(scenario: Scenario, source: ItemsSource, offset: number): OperationResult {
  const all = itemsOf(scenario, source);
  const end = offset + scenario.inbound.itemsPageSize;
  const token: ItemsToken = { kind: 'items', source, offset: end };
  return {
    status: 200,
    body: {
      payload: {
        ItemData: all.slice(offset, end),
        ...(end < all.length ? { NextToken: encodeNextToken(token) } : {}),
      },
    },
  };
}

function getShipmentItemsByShipmentId(req: OperationRequest): OperationResult {
  const shipmentId = req.pathParams[0] ?? '';
  // The model has no NextToken here: the next page comes from getShipmentItems with
  // QueryType=NEXT_TOKEN. Saying so beats silently serving page one again.
  if (req.query.has('NextToken')) {
    throw invalidInput(
      'getShipmentItemsByShipmentId takes no NextToken; call getShipmentItems with QueryType=NEXT_TOKEN',
    );
  }
  if (!req.scenario.inbound.shipments.some((s) => s.ShipmentId === shipmentId)) {
    throw new SpapiError(404, 'NotFound', `Shipment ${shipmentId} was not found`);
  }
  return itemsPage(req.scenario, { shipmentId }, 0);
}

function getShipmentItems(req: OperationRequest): OperationResult {
  const { query, scenario } = req;
  const marketplaceId = query.require('MarketplaceId');
  const queryType = query.oneOf('QueryType', ['DATE_RANGE', 'NEXT_TOKEN'] as const);
  if (!queryType) throw invalidInput('Missing required parameter: QueryType');
  if (queryType === 'NEXT_TOKEN') {
    const token = decodeNextToken<ItemsToken>(query.require('NextToken'), 'items', 'NextToken');
    if ('marketplaceId' in token.source && token.source.marketplaceId !== marketplaceId) {
      throw invalidInput('MarketplaceId differs from the request that returned this NextToken');
    }
    return itemsPage(scenario, token.source, token.offset);
  }
  const { after, before } = dateRange(query, true);
  return itemsPage(scenario, { marketplaceId, after: after ?? 0, before: before ?? 0 }, 0);
}

/** Fulfillment Inbound v0: the three read operations the sync uses. */
export const inboundRoutes: OperationRoute[] = [
  {
    operation: 'getShipments',
    method: 'GET',
    path: /^\/fba\/inbound\/v0\/shipments$/,
    handle: getShipments,
  },
  {
    operation: 'getShipmentItemsByShipmentId',
    method: 'GET',
    path: /^\/fba\/inbound\/v0\/shipments\/([^/]+)\/items$/,
    handle: getShipmentItemsByShipmentId,
  },
  {
    operation: 'getShipmentItems',
    method: 'GET',
    path: /^\/fba\/inbound\/v0\/shipmentItems$/,
    handle: getShipmentItems,
  },
];
