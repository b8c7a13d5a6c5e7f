import {
  CLAIM_WINDOWS,
  claimDeadline,
  deadlineRange,
  LAST_CHANCE_DAYS,
  windowState,
} from './claim-windows';
import { MARKETPLACE_IDS } from '../marketplaces';

const DAY = 86_400_000;
const IT = MARKETPLACE_IDS.IT;
const closedAt = '2026-10-01T00:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

test('every marketplace of the product has an inbound-shipment window with its policy source', () => {
  for (const id of Object.values(MARKETPLACE_IDS)) {
    const window = CLAIM_WINDOWS[id]?.inbound_shipment;
    expect(window).toBeDefined();
    expect(window!.days).toBeGreaterThan(0);
    expect(window!.source.page).toMatch(/Seller Central/);
    expect(window!.source.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
});

test('a shipment closed on 1 October may be claimed for 60 days, until 30 November', () => {
  const result = claimDeadline({ closedAt, lastUpdatedTo: null }, IT, at('2026-10-11T12:00:00Z'));
  expect(result.deadline).toBe('2026-11-30T00:00:00.000Z');
  expect(result.daysLeft).toBe(49);
  expect(result.expired).toBe(false);
  expect(result.estimated).toBe(false);
});

test('on the last day 0 days are left; a moment after the deadline it is expired, not hidden', () => {
  const deadline = at('2026-11-30T00:00:00Z');
  expect(claimDeadline({ closedAt, lastUpdatedTo: null }, IT, deadline - 1000)).toMatchObject({
    daysLeft: 0,
    expired: false,
  });
  expect(claimDeadline({ closedAt, lastUpdatedTo: null }, IT, deadline)).toMatchObject({
    daysLeft: 0,
    expired: false,
  });
  expect(claimDeadline({ closedAt, lastUpdatedTo: null }, IT, deadline + 1000)).toMatchObject({
    daysLeft: -1,
    expired: true,
  });
  expect(claimDeadline({ closedAt, lastUpdatedTo: null }, IT, deadline + 10 * DAY).daysLeft).toBe(
    -10,
  );
});

test('without a closing date the deadline counts from the last update and is an estimate', () => {
  const result = claimDeadline(
    { closedAt: null, lastUpdatedTo: '2026-11-01T00:00:00.000Z' },
    IT,
    at('2026-11-21T00:00:00Z'),
  );
  expect(result).toMatchObject({
    deadline: '2026-12-31T00:00:00.000Z',
    daysLeft: 40,
    expired: false,
    estimated: true,
  });
});

test('a known closing date wins over the update range', () => {
  const result = claimDeadline(
    { closedAt, lastUpdatedTo: '2026-11-01T00:00:00.000Z' },
    IT,
    at('2026-11-21T00:00:00Z'),
  );
  expect(result.deadline).toBe('2026-11-30T00:00:00.000Z');
});

test('a shipment with no date has no deadline and is never marked expired', () => {
  expect(claimDeadline({ closedAt: null, lastUpdatedTo: null }, IT, Date.now())).toMatchObject({
    deadline: null,
    daysLeft: null,
    expired: false,
  });
});

test('an unknown marketplace falls back to the European windows', () => {
  const result = claimDeadline({ closedAt, lastUpdatedTo: null }, 'UNKNOWN', at(closedAt));
  expect(result.window).toBe(CLAIM_WINDOWS[IT]!.inbound_shipment);
  for (const inherited of ['__proto__', 'constructor', 'toString']) {
    const odd = claimDeadline({ closedAt, lastUpdatedTo: null }, inherited, at(closedAt));
    expect(odd.window).toBe(CLAIM_WINDOWS[IT]!.inbound_shipment);
  }
});

describe('what a window counts from, and its state', () => {
  const now = at('2026-11-29T00:00:00Z');
  const dates = (extra: Partial<Parameters<typeof claimDeadline>[0]>) => ({
    closedAt: null,
    lastUpdatedTo: '2026-11-28T00:00:00.000Z',
    ...extra,
  });

  test("Amazon's ledger receipt wins, then the bound from the first sync that saw it closed", () => {
    const ledger = claimDeadline(
      dates({ closedBy: '2026-10-20T00:00:00.000Z', ledgerReceivedAt: '2026-10-10T00:00:00.000Z' }),
      IT,
      now,
    );
    expect(ledger).toMatchObject({
      countedFrom: '2026-10-10T00:00:00.000Z',
      basis: 'ledger_receipt',
      estimated: false,
      deadline: '2026-12-09T00:00:00.000Z',
    });
    const bound = claimDeadline(dates({ closedBy: '2026-10-20T00:00:00.000Z' }), IT, now);
    expect(bound).toMatchObject({
      countedFrom: '2026-10-20T00:00:00.000Z',
      basis: 'first_seen_closed',
      estimated: true,
    });
    // Rows written before the bound was kept: the update range stands in.
    expect(claimDeadline(dates({}), IT, now)).toMatchObject({
      countedFrom: '2026-11-28T00:00:00.000Z',
      basis: 'first_seen_closed',
    });
  });

  test('open, closing within 14 days, last chance past 60 days up to 6 months, then expired', () => {
    const stateFrom = (daysAgo: number) =>
      windowState(
        claimDeadline(
          dates({ ledgerReceivedAt: new Date(now - daysAgo * DAY).toISOString() }),
          IT,
          now,
        ),
        now,
      );
    expect(stateFrom(10)).toBe('open');
    expect(stateFrom(45)).toBe('open');
    expect(stateFrom(46)).toBe('closing');
    expect(stateFrom(60)).toBe('closing');
    expect(stateFrom(61)).toBe('last_chance');
    expect(stateFrom(LAST_CHANCE_DAYS)).toBe('last_chance');
    expect(stateFrom(LAST_CHANCE_DAYS + 1)).toBe('expired');
    expect(windowState(claimDeadline({ closedAt: null, lastUpdatedTo: null }, IT, now), now)).toBe(
      'unknown',
    );
  });

  test('the deadline ranges of the list filter give the same states as the shipments', () => {
    for (let daysAgo = 0; daysAgo < 260; daysAgo += 1) {
      const claim = claimDeadline(
        dates({ ledgerReceivedAt: new Date(now - daysAgo * DAY - 3_600_000).toISOString() }),
        IT,
        now,
      );
      const state = windowState(claim, now);
      if (state === 'unknown') throw new Error('a dated shipment has a state');
      const range = deadlineRange(state, now);
      expect(!range.from || claim.deadline! >= range.from).toBe(true);
      expect(!range.to || claim.deadline! <= range.to).toBe(true);
      const claimable = deadlineRange('claimable', now);
      expect(claim.deadline! >= claimable.from!).toBe(state !== 'expired');
    }
  });
});

test('the 60-day deadline is the target and 6 months after delivery the last chance, both dated', () => {
  const result = claimDeadline({ closedAt, lastUpdatedTo: null }, IT, at('2026-12-15T00:00:00Z'));
  expect(result.deadline).toBe('2026-11-30T00:00:00.000Z');
  expect(result.lastChance).toBe('2027-04-02T00:00:00.000Z');
  expect(windowState(result, at('2026-12-15T00:00:00Z'))).toBe('last_chance');
  expect(claimDeadline({ closedAt: null, lastUpdatedTo: null }, IT, DAY).lastChance).toBeNull();
});
