/**
 * In-memory stand-ins for the sync's ports, for domain tests and the benchmark: the stores
 * behave like the DynamoDB adapters (one lock per user with a lease, atomic finish), and the
 * SP-API fake pages like Amazon (and the simulator) do, counting every call per operation.
 */
import type { Clock } from '../../lambdas/domain/clock';
import type { ReportsPort } from '../../lambdas/domain/feedback/report';
import type { Connection, ConnectionStatus } from '../../lambdas/domain/connection/connection';
import type {
  CatalogEntry,
  InboundItem,
  ListedShipment,
} from '../../lambdas/domain/sync/discrepancy';
import { applyChanges, type ShipmentChange } from '../../lambdas/domain/sync/listing';
import type { Subscription } from '../../lambdas/domain/plan/plan';
import {
  UpstreamFailure,
  type ItemPage,
  type NextPage,
  type ShipmentPage,
  type SpApiPort,
  type UpdatedBetween,
} from '../../lambdas/domain/sync/spapi-port';
import {
  LeaseLost,
  type ListingStore,
  type SyncDeps,
  type SyncQueuePort,
  type SyncRunStore,
} from '../../lambdas/domain/sync/sync';
import type { CallStats, SyncRun, SyncState } from '../../lambdas/domain/sync/run';

export const IT = 'APJ6JRA9NG5V4';
export const DE = 'A1PA6795UKMFR9';

/** A clock the test moves; sleeping advances it instantly. */
export class FakeClock implements Clock {
  constructor(public ms = Date.parse('2026-11-01T00:00:00Z')) {}
  now = (): number => this.ms;
  sleep = async (ms: number): Promise<void> => {
    this.ms += Math.max(0, ms);
  };
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface FakeShipment {
  id: string;
  status?: string;
  marketplaceId?: string;
  updatedAt: number;
  items: { sku: string; shipped: number; received?: number }[];
}

type Operation =
  'getShipments' | 'getShipmentItemsByShipmentId' | 'getShipmentItems' | 'getInventorySummaries';

/** Amazon's inbound and inventory APIs over a list of shipments, with call counting. */
export class FakeSpApi implements SpApiPort {
  calls: Record<Operation, number> = {
    getShipments: 0,
    getShipmentItemsByShipmentId: 0,
    getShipmentItems: 0,
    getInventorySummaries: 0,
  };
  /** Throws this on the n-th call (1-based) when set. */
  failOnCall: { n: number; error: Error } | undefined;
  /** Each call takes this long on the clock, when set. */
  latency: { clock: FakeClock; ms: number } | undefined;
  private total = 0;

  constructor(
    public shipments: FakeShipment[],
    public catalog: Map<string, CatalogEntry> = new Map(),
    public pageSize = 10,
    public itemsPageSize = 10,
  ) {}

  private count(operation: Operation): void {
    this.calls[operation] += 1;
    this.total += 1;
    if (this.latency) this.latency.clock.advance(this.latency.ms);
    if (this.failOnCall && this.total === this.failOnCall.n) throw this.failOnCall.error;
  }

  callStats(): CallStats {
    return { total: this.total, throttled: 0, retried: 0 };
  }

  /**
   * The inventory ledger's receipt lines (Reference ID = shipment id, Amazon's US date style),
   * served as a GET_LEDGER_DETAIL_VIEW_DATA report when set; without it the fake has no Reports API.
   */
  ledger: { shipmentId: string; date: string; quantity: number }[] | undefined;
  reportsCreated: { reportType: string; dataStartTime?: string }[] = [];

  get ledgerReports(): ReportsPort | undefined {
    const ledger = this.ledger;
    if (!ledger) return undefined;
    return {
      createReport: async (input) => {
        this.reportsCreated.push(input);
        return `report-${this.reportsCreated.length}`;
      },
      getReport: async () => ({ status: 'DONE', reportDocumentId: 'doc' }),
      downloadReportDocument: async () =>
        [
          'Date\tFNSKU\tASIN\tMSKU\tTitle\tEvent Type\tReference ID\tQuantity\tFulfillment Center\tDisposition\tReason\tCountry\tReconciled Quantity\tUnreconciled Quantity',
          ...ledger.map(
            (l) =>
              `${l.date}\tX000\tB000\tSKU\tTitle\tReceipts\t${l.shipmentId}\t${l.quantity}\tMXP5\tSELLABLE\t\tIT\t0\t0`,
          ),
        ].join('\n') + '\n',
    };
  }

  private inRange(s: FakeShipment, q: UpdatedBetween): boolean {
    return (
      (s.marketplaceId ?? IT) === q.marketplaceId &&
      s.updatedAt >= q.updatedAfter &&
      s.updatedAt <= q.updatedBefore
    );
  }

  private token(state: object): string {
    return Buffer.from(JSON.stringify(state)).toString('base64');
  }

  private untoken<T>(token: string): T {
    return JSON.parse(Buffer.from(token, 'base64').toString()) as T;
  }

  async getShipments(
    query: (UpdatedBetween & { statuses: string[] }) | NextPage,
  ): Promise<ShipmentPage> {
    this.count('getShipments');
    const state =
      'nextToken' in query
        ? this.untoken<{ q: UpdatedBetween & { statuses: string[] }; offset: number }>(
            query.nextToken,
          )
        : { q: query, offset: 0 };
    const all = this.shipments.filter(
      (s) => this.inRange(s, state.q) && state.q.statuses.includes(s.status ?? 'CLOSED'),
    );
    const end = state.offset + this.pageSize;
    return {
      shipments: all.slice(state.offset, end).map((s) => ({
        shipmentId: s.id,
        shipmentName: `Spedizione ${s.id}`,
        status: s.status ?? 'CLOSED',
        fcCode: 'MXP5',
      })),
      ...(end < all.length ? { nextToken: this.token({ q: state.q, offset: end }) } : {}),
    };
  }

  private itemsOf(s: FakeShipment): InboundItem[] {
    return s.items.map((i) => ({
      shipmentId: s.id,
      sku: i.sku,
      quantityShipped: i.shipped,
      quantityReceived: i.received ?? null,
    }));
  }

  private itemsPage(source: { id: string } | UpdatedBetween, offset: number): ItemPage {
    const all =
      'id' in source
        ? this.itemsOf(
            this.shipments.find((s) => s.id === source.id) ?? { id: '', updatedAt: 0, items: [] },
          )
        : this.shipments.filter((s) => this.inRange(s, source)).flatMap((s) => this.itemsOf(s));
    const end = offset + this.itemsPageSize;
    return {
      items: all.slice(offset, end),
      ...(end < all.length ? { nextToken: this.token({ source, offset: end }) } : {}),
    };
  }

  async getShipmentItemsByShipmentId(shipmentId: string): Promise<ItemPage> {
    this.count('getShipmentItemsByShipmentId');
    return this.itemsPage({ id: shipmentId }, 0);
  }

  async getShipmentItems(query: UpdatedBetween | NextPage): Promise<ItemPage> {
    this.count('getShipmentItems');
    if ('nextToken' in query) {
      const state = this.untoken<{ source: { id: string } | UpdatedBetween; offset: number }>(
        query.nextToken,
      );
      return this.itemsPage(state.source, state.offset);
    }
    return this.itemsPage(query, 0);
  }

  async getInventorySummaries(query: { marketplaceId: string; skus: string[] }) {
    this.count('getInventorySummaries');
    if (query.skus.length > 50) throw new UpstreamFailure('permanent', 'InvalidInput', 'over 50');
    return new Map(
      query.skus.flatMap((sku) => {
        const entry = this.catalog.get(sku);
        return entry ? [[sku, entry] as const] : [];
      }),
    );
  }
}

/** The sync's stores in memory, with the lock semantics of the DynamoDB adapters. */
export class InMemorySyncStores {
  runs = new Map<string, SyncRun>();
  locks = new Map<string, { runId: string; leaseUntil: number }>();
  states = new Map<string, SyncState>();
  listings = new Map<string, ListedShipment[]>();
  connections = new Map<string, Connection>();
  tokens = new Map<string, string>();
  subscriptions = new Map<string, Subscription[]>();
  /** The free first scan's flag per user: the run that took it. */
  freeScans = new Map<string, string>();
  freeScan = {
    claim: async (userId: string, runId: string) => {
      if (this.freeScans.has(userId)) return false;
      this.freeScans.set(userId, runId);
      return true;
    },
    release: async (userId: string, runId: string) => {
      if (this.freeScans.get(userId) === runId) this.freeScans.delete(userId);
    },
  };
  queued: SyncRun[] = [];
  /** Throws while applying the n-th change set (1-based), to simulate a crash midway. */
  crashOnApply: number | undefined;
  private applies = 0;

  readonly runStore: SyncRunStore = {
    state: async (userId) => this.states.get(userId),
    start: async (run) => {
      const held = this.locks.get(run.userId);
      if (held && held.leaseUntil >= run.startedAt) {
        return { started: false, runningRunId: held.runId };
      }
      if (held) {
        const old = this.runs.get(held.runId);
        if (old?.status === 'running') {
          this.runs.set(held.runId, { ...old, status: 'failed', finishedAt: run.startedAt });
        }
      }
      this.locks.set(run.userId, { runId: run.runId, leaseUntil: run.leaseUntil });
      this.runs.set(run.runId, structuredClone(run));
      return { started: true };
    },
    get: async (_userId, runId) => structuredClone(this.runs.get(runId)),
    save: async (run) => {
      if (this.locks.get(run.userId)?.runId !== run.runId) throw new LeaseLost(run.runId);
      this.locks.set(run.userId, { runId: run.runId, leaseUntil: run.leaseUntil });
      this.runs.set(run.runId, structuredClone(run));
    },
    finish: async (run, state) => {
      if (this.locks.get(run.userId)?.runId !== run.runId) throw new LeaseLost(run.runId);
      this.locks.delete(run.userId);
      this.runs.set(run.runId, structuredClone(run));
      if (state) this.states.set(run.userId, state);
    },
  };

  readonly listing: ListingStore = {
    load: async (userId, marketplaceId) =>
      structuredClone(
        (this.listings.get(userId) ?? []).filter((s) => s.marketplaceId === marketplaceId),
      ),
    apply: async (userId, changes: readonly ShipmentChange[]) => {
      this.applies += 1;
      if (this.crashOnApply === this.applies) {
        // Half of the shipments reach the table, then the worker dies.
        const half = changes.slice(0, Math.ceil(changes.length / 2));
        this.listings.set(userId, applyChanges(this.listings.get(userId) ?? [], half));
        throw new Error('worker crashed');
      }
      this.listings.set(userId, applyChanges(this.listings.get(userId) ?? [], changes));
    },
    setLedgerReceipts: async (userId, receipts) => {
      for (const { shipmentId, ledgerReceivedAt } of receipts) {
        const shipment = this.listings.get(userId)?.find((s) => s.shipmentId === shipmentId);
        if (shipment) shipment.ledgerReceivedAt = ledgerReceivedAt;
      }
    },
  };

  readonly queue: SyncQueuePort = {
    enqueue: async (runs) => {
      this.queued.push(...runs);
      return [];
    },
  };

  connect(userId: string, overrides: Partial<Connection> = {}): void {
    this.connections.set(userId, {
      id: `conn-${userId}`,
      userId,
      marketplaceId: IT,
      storeName: 'Bottega',
      countryCode: 'IT',
      sellerId: 'A3TEST',
      status: 'connected',
      accessGrantedAt: '2026-01-01T00:00:00Z',
      activeMarketplaces: ['IT'],
      lastError: null,
      grantedRoles: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      ...overrides,
    });
    this.tokens.set(userId, `refresh-${userId}`);
  }

  subscribe(userId: string, now: number, overrides: Partial<Subscription> = {}): void {
    this.subscriptions.set(userId, [
      ...(this.subscriptions.get(userId) ?? []),
      {
        id: `sub-${userId}`,
        userId,
        status: 'active',
        createdAt: new Date(now - 86_400_000).toISOString(),
        expiresAt: new Date(now + 29 * 86_400_000).toISOString(),
        countryCode: 'IT',
        ...overrides,
      },
    ]);
  }

  deps(
    clock: Clock,
    spapi: (refreshToken: string) => SpApiPort,
    options: SyncDeps['options'] = {},
  ): SyncDeps {
    let counter = 0;
    return {
      clock,
      connections: {
        get: async (userId) => this.connections.get(userId),
        setStatus: async (userId: string, status: ConnectionStatus, lastError: string | null) => {
          const c = this.connections.get(userId);
          if (c) this.connections.set(userId, { ...c, status, lastError });
        },
        refreshToken: async (userId) => this.tokens.get(userId),
      },
      plans: { list: async (userId) => this.subscriptions.get(userId) ?? [] },
      freeScan: this.freeScan,
      runs: this.runStore,
      listing: this.listing,
      spapi,
      newRunId: (now) => `${now}-${String((counter += 1)).padStart(4, '0')}`,
      options,
    };
  }
}
