import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadScenarioFile, parseScenario, resolveScenarioDates, ScenarioError } from './scenario';
import { EXAMPLE_SCENARIO, IT, shipment, testScenario } from './test-support';

const valid = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(testScenario())) as Record<string, unknown>;

function problemOf(json: unknown): string {
  try {
    parseScenario(json);
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioError);
    return (err as ScenarioError).message;
  }
  throw new Error('the scenario was accepted');
}

describe('parseScenario', () => {
  it('fills the defaults of the spec', () => {
    const s = parseScenario({
      name: 'minimal',
      seller: { sellingPartnerId: 'A3MINIMAL', storeName: 'Minimo', marketplaceIds: [IT] },
      connection: { countryCode: 'IT' },
    });

    expect(s.rateScale).toBe(1);
    expect(s.faults).toEqual({});
    expect(s.inbound).toEqual({ pageSize: 20, itemsPageSize: 10, shipments: [] });
    expect(s.inventory.summaries).toEqual([]);
    expect(s.feedbackReport.rows).toEqual([]);
  });

  const cases: [Record<string, unknown>, string][] = [
    [{ rateScale: 0 }, 'rateScale'],
    [{ faults: { throttleEveryNthCall: 'six' } }, 'faults.throttleEveryNthCall'],
    [{ faults: { throttleEveryNthCall: 0 } }, 'faults.throttleEveryNthCall'],
    [
      { seller: { sellingPartnerId: 'A3X1234', storeName: 'x', marketplaceIds: ['XX'] } },
      'seller.marketplaceIds[0]',
    ],
    [{ connection: { countryCode: 'FR' } }, 'connection.countryCode'],
    [{ datesRelativeTo: '1 novembre' }, 'datesRelativeTo'],
    [{ inbound: { pageSize: 0 } }, 'inbound.pageSize'],
    [
      { inbound: { shipments: [shipment('A'), shipment('B', { ShipmentStatus: 'DONE' })] } },
      'inbound.shipments[1].ShipmentStatus',
    ],
    [
      { inbound: { shipments: [shipment('A', { LastUpdatedDate: '2026-13-01' })] } },
      'inbound.shipments[0].LastUpdatedDate',
    ],
    [
      { inbound: { shipments: [shipment('A', { MarketplaceId: 'nope' })] } },
      'inbound.shipments[0].MarketplaceId',
    ],
    [
      {
        inbound: {
          shipments: [shipment('A', { items: [{ SellerSKU: 'X', QuantityShipped: 1.5 }] })],
        },
      },
      'inbound.shipments[0].items[0].QuantityShipped',
    ],
    [
      {
        inbound: {
          shipments: [
            shipment('A', { items: [{ SellerSKU: 'X', QuantityShipped: 1, QuantityRecieved: 1 }] }),
          ],
        },
      },
      'inbound.shipments[0].items[0]: Unrecognized key: "QuantityRecieved"',
    ],
    [
      { inbound: { shipments: [shipment('A'), shipment('A')] } },
      'inbound.shipments[1].ShipmentId: duplicate A',
    ],
    [
      {
        inventory: {
          summaries: [
            {
              sellerSku: 'S',
              fnSku: 'F',
              asin: 'A',
              productName: 'P',
              condition: 'NewItem',
              extra: 1,
            },
          ],
        },
      },
      'inventory.summaries[0]',
    ],
    [
      {
        feedbackReport: {
          rows: [
            {
              Date: '31/02/2026',
              Rating: 2,
              Comments: '',
              'Order ID': '171-1234567-1234567',
              'Rater Email': 'a',
            },
          ],
        },
      },
      'feedbackReport.rows[0].Date',
    ],
    [
      {
        feedbackReport: {
          rows: [{ Date: '01/02/2026', Rating: 2, Comments: '', 'Rater Email': 'a' }],
        },
      },
      'feedbackReport.rows[0]["Order ID"]: required',
    ],
  ];
  it.each(cases.map(([patch, where]) => ({ patch, where })))('names $where', ({ patch, where }) => {
    expect(problemOf({ ...valid(), ...patch })).toContain(where);
  });

  it('names a missing section and lists every problem', () => {
    const { seller: _seller, ...noSeller } = valid();
    const message = problemOf({ ...noSeller, rateScale: -1 });

    expect(message).toContain('seller: required (object)');
    expect(message).toContain('rateScale');
    expect(problemOf(42)).toContain('(root)');
  });

  it('keeps example.json exactly as written', () => {
    const raw = JSON.parse(fs.readFileSync(EXAMPLE_SCENARIO, 'utf8')) as {
      inbound: { shipments: { LastUpdatedDate: string }[] };
    };
    const s = loadScenarioFile(EXAMPLE_SCENARIO, { now: new Date('2030-01-01T00:00:00Z') });

    expect(s.datesRelativeTo).toBeUndefined();
    expect(s.inbound.shipments.map((x) => x.LastUpdatedDate)).toEqual(
      raw.inbound.shipments.map((x) => x.LastUpdatedDate),
    );
  });
});

describe('datesRelativeTo', () => {
  const relative = parseScenario({
    ...valid(),
    datesRelativeTo: '2026-11-01T00:00:00Z',
    inbound: {
      shipments: [
        shipment('A', {
          LastUpdatedDate: '2026-10-31T22:30:00Z',
          ConfirmedNeedByDate: '2026-11-15',
        }),
      ],
    },
    inventory: {
      summaries: [
        {
          sellerSku: 'S',
          fnSku: 'F',
          asin: 'A',
          productName: 'P',
          lastUpdatedTime: '2026-10-20T10:00:00.250Z',
        },
      ],
    },
    feedbackReport: {
      rows: [
        {
          Date: '28/10/2026',
          Rating: 1,
          Comments: 'a',
          'Order ID': '171-1234567-1234567',
          'Rater Email': 'x',
        },
        {
          Date: '30/10/26',
          Rating: 1,
          Comments: 'b',
          'Order ID': '171-1234567-1234568',
          'Rater Email': 'x',
        },
        {
          Date: '2026-10-01',
          Rating: 1,
          Comments: 'c',
          'Order ID': '171-1234567-1234569',
          'Rater Email': 'x',
        },
      ],
    },
  });

  it('shifts every date by now − datesRelativeTo and keeps each layout', () => {
    const s = resolveScenarioDates(relative, new Date('2027-03-01T12:00:00Z'));

    expect(s.datesRelativeTo).toBeUndefined();
    expect(s.inbound.shipments[0]?.LastUpdatedDate).toBe('2027-03-01T10:30:00Z');
    expect(s.inbound.shipments[0]?.ConfirmedNeedByDate).toBe('2027-03-15');
    expect(s.inventory.summaries[0]?.lastUpdatedTime).toBe('2027-02-17T22:00:00.250Z');
    expect(s.feedbackReport.rows.map((r) => r.Date)).toEqual([
      '25/02/2027',
      '27/02/27',
      '2027-01-29',
    ]);
  });

  it('is applied by parseScenario when given now, and is a no-op at the anchor', () => {
    const atAnchor = resolveScenarioDates(relative, new Date('2026-11-01T00:00:00Z'));

    expect(atAnchor.inbound.shipments[0]?.LastUpdatedDate).toBe('2026-10-31T22:30:00Z');
    expect(
      parseScenario({ ...valid(), datesRelativeTo: '2026-11-01T00:00:00Z' }, { now: new Date() })
        .datesRelativeTo,
    ).toBeUndefined();
  });
});

describe('loadScenarioFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spapi-scenario-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the file when it is missing, not JSON, or invalid', () => {
    const notJson = path.join(dir, 'broken.json');
    const invalid = path.join(dir, 'invalid.json');
    fs.writeFileSync(notJson, '{"name": ');
    fs.writeFileSync(invalid, JSON.stringify({ ...valid(), rateScale: 'fast' }));

    expect(() => loadScenarioFile(path.join(dir, 'absent.json'))).toThrow(
      /Cannot read scenario file .*absent\.json/,
    );
    expect(() => loadScenarioFile(notJson)).toThrow(/broken\.json is not valid JSON/);
    expect(() => loadScenarioFile(invalid)).toThrow(
      /Invalid scenario .*invalid\.json:\n {2}rateScale: /,
    );
  });
});
