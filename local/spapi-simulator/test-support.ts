/** Shared set-up for the simulator's tests: a controllable clock, a tiny scenario, auth, calls. */
import path from 'node:path';
import { LOCAL_LWA_CLIENT_ID, LOCAL_LWA_CLIENT_SECRET, LOCAL_SPAPI_APP_ID } from './lwa';
import { assertMatchesModel } from './model-validator';
import type { SpapiOperation } from './rate-limiter';
import { parseScenario, type Scenario } from './scenario';
import { startSpapiSimulator, type SpapiSimulator, type SpapiSimulatorOptions } from './server';

export const IT = 'APJ6JRA9NG5V4';
export const DE = 'A1PA6795UKMFR9';
export const REDIRECT_URI = 'http://localhost:5173/connect-amazon';
export const EXAMPLE_SCENARIO = path.resolve(__dirname, '../../test/fixtures/spapi/example.json');
export const EXAMPLE_EXPECTED = path.resolve(
  __dirname,
  '../../test/fixtures/spapi/example-expected.json',
);
export { DEFAULT_SCENARIO_FILE as DEFAULT_SCENARIO } from '../scenarios';

/** A clock the test moves by hand, so nothing waits on real time. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-01T00:00:00Z')) {}
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

const ADDRESS = {
  Name: 'Bottega Prova',
  AddressLine1: 'Via Roma 1',
  City: 'Milano',
  StateOrProvinceCode: 'MI',
  CountryCode: 'IT',
  PostalCode: '20100',
};

/** A small valid scenario; `patch` replaces top-level sections (validated like a file). */
export function testScenario(patch: Record<string, unknown> = {}): Scenario {
  return parseScenario({
    name: 'unit test',
    seller: {
      sellingPartnerId: 'A3TESTSELLER',
      storeName: 'Bottega Prova',
      marketplaceIds: [IT, DE],
    },
    connection: { countryCode: 'IT' },
    inbound: { pageSize: 2, itemsPageSize: 2, shipments: [] },
    rateScale: 1000,
    ...patch,
  });
}

/** A shipment for {@link testScenario}; fields may be overridden. */
export function shipment(
  id: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ShipmentId: id,
    ShipmentName: `Spedizione ${id}`,
    ShipmentStatus: 'CLOSED',
    DestinationFulfillmentCenterId: 'MXP5',
    MarketplaceId: IT,
    LastUpdatedDate: '2026-10-01T10:00:00Z',
    LabelPrepType: 'SELLER_LABEL',
    AreCasesRequired: false,
    ShipFromAddress: ADDRESS,
    items: [
      {
        SellerSKU: `${id}-SKU`,
        FulfillmentNetworkSKU: 'X000000001',
        QuantityShipped: 10,
        QuantityReceived: 10,
      },
    ],
    ...overrides,
  };
}

/** A running simulator with its test clock. */
export interface TestSim {
  sim: SpapiSimulator;
  clock: TestClock;
}

/** Starts a simulator on a random port with a test clock. */
export async function startTestSim(
  scenario: Scenario,
  options: Partial<SpapiSimulatorOptions> = {},
): Promise<TestSim> {
  const clock = new TestClock();
  const sim = await startSpapiSimulator({
    port: 0,
    scenario,
    now: clock.now,
    defaultRedirectUri: REDIRECT_URI,
    ...options,
  });
  return { sim, clock };
}

/** Presses Authorize on the consent page and returns the redirect's query. */
export async function consent(sim: SpapiSimulator, state = 'st-1'): Promise<URLSearchParams> {
  const res = await fetch(`${sim.url}/apps/authorize/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      application_id: LOCAL_SPAPI_APP_ID,
      state,
      redirect_uri: REDIRECT_URI,
      decision: 'authorize',
    }),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`consent answered ${res.status}`);
  return new URL(res.headers.get('location') ?? '').searchParams;
}

/** Calls the LWA token endpoint with form fields (client credentials added unless given). */
export async function tokenRequest(
  sim: SpapiSimulator,
  fields: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sim.url}/auth/o2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams({
      client_id: LOCAL_LWA_CLIENT_ID,
      client_secret: LOCAL_LWA_CLIENT_SECRET,
      ...fields,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Runs consent and the code exchange; returns the LWA tokens. */
export async function authorize(
  sim: SpapiSimulator,
): Promise<{ accessToken: string; refreshToken: string }> {
  const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
  const { status, body } = await tokenRequest(sim, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
  });
  if (status !== 200) throw new Error(`token exchange answered ${status}`);
  return { accessToken: String(body.access_token), refreshToken: String(body.refresh_token) };
}

/** One SP-API response, its body already checked against the official model. */
export interface SpResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls an SP-API operation and validates the response body against the model's schema for
 * the returned status, so every test checks conformance as a side effect.
 */
export async function callSp<T = Record<string, unknown>>(
  sim: SpapiSimulator,
  operation: SpapiOperation,
  pathAndQuery: string,
  accessToken: string | undefined,
  init: { method?: string; body?: unknown } = {},
): Promise<SpResponse<T>> {
  const res = await fetch(`${sim.url}${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(accessToken ? { 'x-amz-access-token': accessToken } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const body = (await res.json()) as T;
  assertMatchesModel(operation, res.status, body);
  return { status: res.status, headers: res.headers, body };
}

/** Builds `path?query` with proper encoding; arrays are sent comma-separated. */
export function withQuery(
  pathname: string,
  params: Record<string, string | string[] | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : value);
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** One shipment with a shortfall, in the shape of `example-expected.json`. */
export interface ExpectedShipment {
  shipment_id: string;
  units_expected: number;
  units_found: number;
  discrepancy: number;
  items: {
    sku: string;
    asin: string | null;
    title: string | null;
    units_expected: number;
    units_found: number;
    discrepancy: number;
  }[];
}

interface InboundItem {
  SellerSKU: string;
  QuantityShipped: number;
  QuantityReceived?: number;
}

/**
 * Reads what a sync reads (closed shipments of one marketplace updated after a date, their
 * items, the inventory summaries of their SKUs in batches of 50) purely through the HTTP API,
 * and applies the spec's discrepancy rules. Items are sorted by SKU, shipments by id.
 */
export async function discrepanciesViaApi(
  sim: SpapiSimulator,
  accessToken: string,
  marketplaceId: string,
  lastUpdatedAfter: Date,
): Promise<ExpectedShipment[]> {
  const ok = async <T>(call: () => Promise<SpResponse<T>>): Promise<T> => {
    const res = await call();
    if (res.status !== 200)
      throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  type ShipmentsPage = { payload: { ShipmentData: { ShipmentId: string }[]; NextToken?: string } };
  type ItemsPage = { payload: { ItemData: InboundItem[]; NextToken?: string } };
  type Summaries = {
    payload: { inventorySummaries: { sellerSku: string; asin?: string; productName?: string }[] };
  };

  const shipmentIds: string[] = [];
  let page = await ok(() =>
    callSp<ShipmentsPage>(
      sim,
      'getShipments',
      withQuery('/fba/inbound/v0/shipments', {
        MarketplaceId: marketplaceId,
        QueryType: 'SHIPMENT',
        ShipmentStatusList: 'CLOSED',
        LastUpdatedAfter: lastUpdatedAfter.toISOString(),
      }),
      accessToken,
    ),
  );
  for (;;) {
    shipmentIds.push(...page.payload.ShipmentData.map((s) => s.ShipmentId));
    const next = page.payload.NextToken;
    if (!next) break;
    page = await ok(() =>
      callSp<ShipmentsPage>(
        sim,
        'getShipments',
        withQuery('/fba/inbound/v0/shipments', {
          QueryType: 'NEXT_TOKEN',
          NextToken: next,
          MarketplaceId: marketplaceId,
        }),
        accessToken,
      ),
    );
  }

  const itemsByShipment = new Map<string, InboundItem[]>();
  for (const id of shipmentIds) {
    const items: InboundItem[] = [];
    let itemsPage = await ok(() =>
      callSp<ItemsPage>(
        sim,
        'getShipmentItemsByShipmentId',
        `/fba/inbound/v0/shipments/${encodeURIComponent(id)}/items`,
        accessToken,
      ),
    );
    for (;;) {
      items.push(...itemsPage.payload.ItemData);
      const next = itemsPage.payload.NextToken;
      if (!next) break;
      itemsPage = await ok(() =>
        callSp<ItemsPage>(
          sim,
          'getShipmentItems',
          withQuery('/fba/inbound/v0/shipmentItems', {
            QueryType: 'NEXT_TOKEN',
            NextToken: next,
            MarketplaceId: marketplaceId,
          }),
          accessToken,
        ),
      );
    }
    itemsByShipment.set(id, items);
  }

  const skus = [...new Set([...itemsByShipment.values()].flat().map((i) => i.SellerSKU))];
  const catalog = new Map<string, { asin?: string; productName?: string }>();
  for (let i = 0; i < skus.length; i += 50) {
    const body = await ok(() =>
      callSp<Summaries>(
        sim,
        'getInventorySummaries',
        withQuery('/fba/inventory/v1/summaries', {
          details: 'true',
          granularityType: 'Marketplace',
          granularityId: marketplaceId,
          marketplaceIds: marketplaceId,
          sellerSkus: skus.slice(i, i + 50),
        }),
        accessToken,
      ),
    );
    for (const s of body.payload.inventorySummaries) catalog.set(s.sellerSku, s);
  }

  const result: ExpectedShipment[] = [];
  for (const [id, items] of itemsByShipment) {
    const expected = items.reduce((n, i) => n + i.QuantityShipped, 0);
    const found = items.reduce((n, i) => n + (i.QuantityReceived ?? 0), 0);
    if (expected - found <= 0) continue;
    result.push({
      shipment_id: id,
      units_expected: expected,
      units_found: found,
      discrepancy: expected - found,
      items: items
        .filter((i) => i.QuantityShipped - (i.QuantityReceived ?? 0) > 0)
        .map((i) => ({
          sku: i.SellerSKU,
          asin: catalog.get(i.SellerSKU)?.asin ?? null,
          title: catalog.get(i.SellerSKU)?.productName ?? null,
          units_expected: i.QuantityShipped,
          units_found: i.QuantityReceived ?? 0,
          discrepancy: i.QuantityShipped - (i.QuantityReceived ?? 0),
        }))
        .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)),
    });
  }
  return result.sort((a, b) => (a.shipment_id < b.shipment_id ? -1 : 1));
}
