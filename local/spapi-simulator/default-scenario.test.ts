import { monthsBefore } from './dates';
import { loadScenarioFile } from './scenario';
import {
  authorize,
  DEFAULT_SCENARIO,
  discrepanciesViaApi,
  IT,
  startTestSim,
  TestClock,
  type TestSim,
} from './test-support';

const ANCHOR = new Date('2026-11-01T00:00:00Z');

describe('local/scenarios/default.json', () => {
  const raw = loadScenarioFile(DEFAULT_SCENARIO);
  const shipments = raw.inbound.shipments;
  const itShipments = shipments.filter((s) => s.MarketplaceId === IT);

  it('is relative to 2026-11-01 so the lookback window always holds the same shipments', () => {
    expect(raw.datesRelativeTo).toBe('2026-11-01T00:00:00Z');
    const later = loadScenarioFile(DEFAULT_SCENARIO, { now: new Date('2028-05-17T09:00:00Z') });
    const shift = Date.parse('2028-05-17T09:00:00Z') - ANCHOR.getTime();

    expect(
      later.inbound.shipments.map(
        (s) =>
          Date.parse(s.LastUpdatedDate) -
          Date.parse(
            raw.inbound.shipments.find((r) => r.ShipmentId === s.ShipmentId)?.LastUpdatedDate ?? '',
          ),
      ),
    ).toEqual(shipments.map(() => shift));
    expect(shipments.every((s) => Date.parse(s.LastUpdatedDate) < ANCHOR.getTime())).toBe(true);
  });

  it('describes a realistic Italian seller', () => {
    const statuses = new Set(itShipments.map((s) => s.ShipmentStatus));
    const skus = new Set(itShipments.flatMap((s) => s.items.map((i) => i.SellerSKU)));

    expect(raw.connection.countryCode).toBe('IT');
    expect(shipments.length).toBeGreaterThanOrEqual(30);
    expect(shipments.length - itShipments.length).toBeGreaterThanOrEqual(5);
    expect([...statuses]).toEqual(
      expect.arrayContaining(['CLOSED', 'RECEIVING', 'WORKING', 'SHIPPED', 'CANCELLED']),
    );
    // More SKUs than one getInventorySummaries batch of 50 holds.
    expect(skus.size).toBeGreaterThan(50);
    expect([...skus].some((s) => s.includes(' '))).toBe(true);
    expect([...skus].some((s) => s.includes('/'))).toBe(true);
    expect([...skus].some((s) => s.includes('#'))).toBe(true);
    expect([...skus].some((s) => /[^\x20-\x7e]/.test(s))).toBe(true);
    expect(raw.inventory.summaries.length).toBeGreaterThan(50);
    expect(raw.feedbackReport.rows.length).toBeGreaterThanOrEqual(12);
    expect(raw.feedbackReport.rows.every((r) => r.Rating <= 3)).toBe(true);
    expect(raw.inbound.shipments.some((s) => s.items.length > raw.inbound.itemsPageSize)).toBe(
      true,
    );
  });

  describe('served through the API', () => {
    let t: TestSim;
    afterEach(() => t.sim.close());

    async function listed(
      clock: TestClock,
    ): Promise<Awaited<ReturnType<typeof discrepanciesViaApi>>> {
      // Faults are off here: this checks the data, and retries belong to the sync's tests.
      t = await startTestSim(
        { ...loadScenarioFile(DEFAULT_SCENARIO), faults: {}, rateScale: 1000 },
        { now: clock.now },
      );
      const { accessToken } = await authorize(t.sim);
      return discrepanciesViaApi(t.sim, accessToken, IT, monthsBefore(clock.now(), 18));
    }

    it('lists the discrepancies the file describes, including the tricky ones', async () => {
      const found = await listed(new TestClock(ANCHOR.getTime()));
      const window = monthsBefore(ANCHOR, 18).getTime();
      const expectedIds = itShipments
        .filter((s) => s.ShipmentStatus === 'CLOSED' && Date.parse(s.LastUpdatedDate) >= window)
        .filter(
          (s) => s.items.reduce((n, i) => n + i.QuantityShipped - (i.QuantityReceived ?? 0), 0) > 0,
        )
        .map((s) => s.ShipmentId)
        .sort();
      const byId = new Map(shipments.map((s) => [s.ShipmentId, s]));

      expect(found.map((s) => s.shipment_id)).toEqual(expectedIds);
      expect(found.length).toBeGreaterThanOrEqual(6);
      // A missing QuantityReceived counts as nothing received.
      expect(
        found.some((s) =>
          byId.get(s.shipment_id)?.items.some((i) => i.QuantityReceived === undefined),
        ),
      ).toBe(true);
      // A SKU that is not in the inventory has no asin or title.
      expect(found.flatMap((s) => s.items).some((i) => i.asin === null && i.title === null)).toBe(
        true,
      );
      expect(
        found.some((s) => (byId.get(s.shipment_id)?.items.length ?? 0) > raw.inbound.itemsPageSize),
      ).toBe(true);
      // Closed IT shipments with a shortfall exist beyond the window, and in other marketplaces.
      expect(
        itShipments.some(
          (s) =>
            s.ShipmentStatus === 'CLOSED' &&
            Date.parse(s.LastUpdatedDate) < window &&
            s.items.some((i) => i.QuantityShipped > (i.QuantityReceived ?? 0)),
        ),
      ).toBe(true);
    });

    it('lists the same shipments whatever today is', async () => {
      const atAnchor = await listed(new TestClock(ANCHOR.getTime()));
      await t.sim.close();
      const today = await listed(new TestClock(Date.now()));
      await t.sim.close();
      const inTwoYears = await listed(new TestClock(Date.parse('2028-11-21T08:00:00Z')));

      expect(today).toEqual(atAnchor);
      expect(inTwoYears).toEqual(atAnchor);
    });
  });
});
