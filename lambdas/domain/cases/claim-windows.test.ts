import { CLAIM_WINDOWS, claimDeadline } from './claim-windows';
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
