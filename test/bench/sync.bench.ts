/**
 * `npm run bench`: the shipment sync against the SP-API simulator with its rate limits on.
 *
 * 500 closed shipments over 18 months, 10 SKUs each. For each configuration it runs the real
 * sync use case with the real SP-API client (token buckets, backoff, LWA) over HTTP against the
 * in-process simulator; the stores are in memory, so the figures are about Amazon's side only.
 * It prints the SP-API calls made against the naive count (one items call per shipment, plus
 * the shipment pages and inventory batches every approach needs), and the wall time against
 * the least time the usage plans allow for the calls made: the slowest operation's
 * max(0, calls − burst) / (rate × rateScale), buckets refilling in parallel.
 *
 *   npm run bench [-- --rate-scale 10]
 */
import {
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  parseScenario,
  startSpapiSimulator,
  USAGE_PLANS,
  type Scenario,
  type SpapiOperation,
} from '../../local/spapi-simulator';
import { consent, REDIRECT_URI } from '../../local/spapi-simulator/test-support';
import { createSellerApis } from '../../lambdas/adapters/sp-api/seller-apis';
import { systemClock } from '../../lambdas/domain/clock';
import { runSyncSegment, startSync } from '../../lambdas/domain/sync/sync';
import { InMemorySyncStores, IT } from '../support/in-memory-sync';

const SHIPMENTS = 500;
const SKUS_PER_SHIPMENT = 10;
const DAY = 86_400_000;

interface Config {
  name: string;
  pageSize: number;
  itemsPageSize: number;
  faults?: { throttleEveryNthCall?: number; serverErrorEveryNthCall?: number };
}

const CONFIGS: Config[] = [
  { name: 'items page 50', pageSize: 20, itemsPageSize: 50 },
  {
    name: 'items page 50, faults',
    pageSize: 20,
    itemsPageSize: 50,
    faults: { throttleEveryNthCall: 25, serverErrorEveryNthCall: 40 },
  },
  { name: 'items page 10', pageSize: 20, itemsPageSize: 10 },
];

/** A deterministic generator, so every run benchmarks the same scenario. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function scenarioFor(config: Config, rateScale: number, now: number): Scenario {
  const random = lcg(42);
  const address = {
    Name: 'Bench',
    AddressLine1: 'Via Roma 1',
    City: 'Milano',
    CountryCode: 'IT',
    PostalCode: '20100',
  };
  const shipments = Array.from({ length: SHIPMENTS }, (_, i) => ({
    ShipmentId: `FBA${String(i).padStart(6, '0')}`,
    ShipmentName: `Bench ${i}`,
    ShipmentStatus: 'CLOSED',
    DestinationFulfillmentCenterId: 'MXP5',
    MarketplaceId: IT,
    // Spread over the 18 months, a day short of the edge.
    LastUpdatedDate: new Date(now - DAY - Math.floor(random() * 540) * DAY).toISOString(),
    ShipFromAddress: address,
    items: Array.from({ length: SKUS_PER_SHIPMENT }, (__, k) => {
      const shipped = 12 + Math.floor(random() * 60);
      const short = random() < 0.08 ? 1 + Math.floor(random() * 3) : 0;
      return {
        SellerSKU: `SKU-${String((i * 7 + k * 13) % 400).padStart(3, '0')}`,
        QuantityShipped: shipped,
        QuantityReceived: shipped - short,
      };
    }).filter((item, k, all) => all.findIndex((x) => x.SellerSKU === item.SellerSKU) === k),
  }));
  return parseScenario({
    name: `bench: ${config.name}`,
    seller: { sellingPartnerId: 'A3BENCHSELLER', storeName: 'Bench', marketplaceIds: [IT] },
    connection: { countryCode: 'IT' },
    inbound: { pageSize: config.pageSize, itemsPageSize: config.itemsPageSize, shipments },
    inventory: {
      summaries: Array.from({ length: 400 }, (_, k) => ({
        sellerSku: `SKU-${String(k).padStart(3, '0')}`,
        fnSku: `X${String(k).padStart(9, '0')}`,
        asin: `B${String(k).padStart(9, '0')}`,
        productName: `Prodotto ${k}`,
      })),
    },
    faults: config.faults ?? {},
    rateScale,
  });
}

/**
 * Least seconds the usage plans allow for these calls. Each operation has its own bucket and
 * they refill at the same time, so no schedule can beat the slowest operation's
 * max(0, calls − burst) / (rate × rateScale).
 */
function lowerBound(byOperation: Record<string, number>, rateScale: number): number {
  let seconds = 0;
  for (const [operation, calls] of Object.entries(byOperation)) {
    const plan = USAGE_PLANS[operation as SpapiOperation];
    if (!plan) continue;
    seconds = Math.max(seconds, Math.max(0, calls - plan.burst) / (plan.rate * rateScale));
  }
  return seconds;
}

export interface Row {
  config: string;
  calls: number;
  naive: number;
  saved: string;
  itemsCalls: string;
  throttled: number;
  retried: number;
  wall: number;
  bound: number;
  naiveBound: number;
  listed: number;
}

async function bench(config: Config, rateScale: number): Promise<Row> {
  const now = Date.now();
  const scenario = scenarioFor(config, rateScale, now);
  const sim = await startSpapiSimulator({ port: 0, scenario, defaultRedirectUri: REDIRECT_URI });
  try {
    const apis = createSellerApis({
      endpoint: sim.url,
      tokenUrl: `${sim.url}/auth/o2/token`,
      credentials: async () => ({
        clientId: LOCAL_LWA_CLIENT_ID,
        clientSecret: LOCAL_LWA_CLIENT_SECRET,
      }),
    });
    const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
    const { refreshToken } = await apis.lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
    const stores = new InMemorySyncStores();
    stores.connect('bench');
    stores.tokens.set('bench', refreshToken);
    stores.subscribe('bench', now);
    const deps = stores.deps(systemClock, (token) => apis.forSeller(token));

    const started = Date.now();
    const run = await startSync('bench', 'manual', deps);
    const result = await runSyncSegment('bench', run.runId, deps);
    const wall = (Date.now() - started) / 1000;
    if (result.outcome !== 'completed' || !result.run)
      throw new Error(`bench run ${result.outcome}`);

    const stats = sim.stats();
    const byOperation = stats.byOperation;
    const listed = result.run.counts.shipmentsListed;
    const listedSkus = new Set(
      (stores.listings.get('bench') ?? []).flatMap((s) => s.items.map((i) => i.sku)),
    ).size;
    // Naive: every shipment page, one items call per shipment (more when its items overflow a
    // page), and the inventory batches of 50 every approach needs.
    const itemsNaive = scenario.inbound.shipments.reduce(
      (n, s) => n + Math.max(1, Math.ceil(s.items.length / config.itemsPageSize)),
      0,
    );
    const naiveByOperation = {
      getShipments: Math.ceil(SHIPMENTS / config.pageSize),
      getShipmentItemsByShipmentId: itemsNaive,
      getInventorySummaries: Math.ceil(listedSkus / 50),
    };
    const naive = Object.values(naiveByOperation).reduce((a, b) => a + b, 0);
    const itemsCalls =
      (byOperation.getShipmentItems ?? 0) + (byOperation.getShipmentItemsByShipmentId ?? 0);
    return {
      config: config.name,
      calls: stats.total - (byOperation.getMarketplaceParticipations ?? 0),
      naive,
      saved: `${Math.round((1 - (stats.total - (byOperation.getMarketplaceParticipations ?? 0)) / naive) * 100)} %`,
      itemsCalls: `${itemsCalls} vs ${itemsNaive}`,
      throttled: result.run.calls.throttled,
      retried: result.run.calls.retried,
      wall,
      bound: lowerBound({ ...byOperation, getMarketplaceParticipations: 0 }, rateScale),
      naiveBound: lowerBound(naiveByOperation, rateScale),
      listed,
    };
  } finally {
    await sim.close();
  }
}

function table(rows: Row[], rateScale: number): string {
  const header = [
    'configuration',
    'listed',
    'calls',
    'naive',
    'saved',
    'items calls (vs naive)',
    '429s',
    'retries',
    'wall s',
    'bound s',
    'wall/bound',
    'naive bound s',
  ];
  const body = rows.map((r) => [
    r.config,
    String(r.listed),
    String(r.calls),
    String(r.naive),
    r.saved,
    r.itemsCalls,
    String(r.throttled),
    String(r.retried),
    r.wall.toFixed(1),
    r.bound.toFixed(1),
    r.bound > 0 ? (r.wall / r.bound).toFixed(2) : '-',
    r.naiveBound.toFixed(1),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    `Shipment sync: ${SHIPMENTS} closed shipments × ${SKUS_PER_SHIPMENT} SKUs over 18 months, rate limits on (rateScale ${rateScale}: getShipments/items ${2 * rateScale}/s burst 30, inventory ${2 * rateScale}/s burst 2)`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...body.map(line),
  ].join('\n');
}

export interface SyncBenchResult {
  rateScale: number;
  rows: Row[];
  table: string;
}

/** Every configuration, one after another (they share the machine's rate-limit clock). */
export async function runSyncBench(rateScale = 10): Promise<SyncBenchResult> {
  process.env.LOG_LEVEL ??= 'SILENT';
  if (!Number.isFinite(rateScale) || rateScale <= 0)
    throw new Error('--rate-scale needs a positive number');
  const rows: Row[] = [];
  for (const config of CONFIGS) {
    process.stderr.write(`sync: running ${config.name}...\n`);
    rows.push(await bench(config, rateScale));
  }
  return { rateScale, rows, table: table(rows, rateScale) };
}

if (require.main === module) {
  const flag = process.argv.indexOf('--rate-scale');
  runSyncBench(flag >= 0 ? Number(process.argv[flag + 1]) : 10)
    .then((result) => console.log(result.table))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
