import { MARKETPLACE_IDS } from '../marketplaces';
import { INBOUND_CLAIM_WINDOW, LAST_CHANCE_DAYS } from '../cases/claim-windows';
import { UNDERPAID_WINDOW_DAYS, WAREHOUSE_WINDOWS } from './audit';
import { REMOVAL_WINDOWS } from './removals';
import { RETURN_WINDOW } from './returns';
import { WINDOW_KINDS, WINDOW_TABLE, windowRows, windowRule } from './windows';

test('every claim kind has a window in every marketplace, with its source and the day it was checked', () => {
  for (const id of Object.values(MARKETPLACE_IDS)) {
    for (const kind of WINDOW_KINDS) {
      const rule = WINDOW_TABLE[id]?.[kind];
      expect(rule).toBeDefined();
      expect(rule!.closes).toBeGreaterThan(rule!.opens);
      expect(rule!.sources.length).toBeGreaterThan(0);
      expect(rule!.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  }
});

test('the windows of claim-types.md: days from which event', () => {
  const days = (kind: (typeof WINDOW_KINDS)[number]) => {
    const r = windowRule(kind, MARKETPLACE_IDS.IT);
    return [r.opens, r.closes, r.from];
  };
  expect(days('underpaid_reimbursement')).toEqual([0, 60, 'reimbursement_approved']);
  expect(days('warehouse_lost')).toEqual([45, 60, 'reported_lost']);
  expect(days('warehouse_damaged')).toEqual([10, 60, 'reported_damaged']);
  expect(days('customer_return_not_returned')).toEqual([46, 105, 'refund']);
  expect(days('customer_return_damaged')).toEqual([46, 105, 'refund']);
  expect(days('replacement_not_returned')).toEqual([46, 105, 'replacement_shipped']);
  expect(days('removal_lost_in_transit')).toEqual([15, 75, 'removal_created']);
  expect(days('removal_short')).toEqual([0, 60, 'removal_delivered']);
});

test('inbound: the sources disagree, so 60 days is the target and 6 months the last chance, both named', () => {
  const inbound = windowRule('inbound_shipment', MARKETPLACE_IDS.DE);
  expect([inbound.closes, inbound.lastChance]).toEqual([60, 183]);
  expect(inbound.sources.map((s) => s.says)).toEqual([
    '15 to 60 days after delivery',
    '6 months after verified delivery',
  ]);
});

test('a window no Amazon page states is said so', () => {
  expect(windowRule('underpaid_reimbursement').sources.every((s) => !s.amazon)).toBe(true);
  expect(windowRule('warehouse_lost').sources.every((s) => s.amazon)).toBe(true);
});

test('the rules of the app count with the table, not numbers of their own', () => {
  expect(INBOUND_CLAIM_WINDOW.days).toBe(windowRule('inbound_shipment').closes);
  expect(LAST_CHANCE_DAYS).toBe(windowRule('inbound_shipment').lastChance);
  expect(UNDERPAID_WINDOW_DAYS).toBe(windowRule('underpaid_reimbursement').closes);
  expect(WAREHOUSE_WINDOWS.warehouse_lost).toBe(windowRule('warehouse_lost'));
  expect(WAREHOUSE_WINDOWS.warehouse_damaged).toBe(windowRule('warehouse_damaged'));
  expect(RETURN_WINDOW).toBe(windowRule('customer_return_not_returned'));
  expect(REMOVAL_WINDOWS.removal_lost_in_transit).toBe(windowRule('removal_lost_in_transit'));
  expect(REMOVAL_WINDOWS.removal_short).toBe(windowRule('removal_short'));
});

test('the help center rows: one per kind, in order, each with the marketplaces sharing it', () => {
  const rows = windowRows();
  expect(rows.map((r) => r.kind)).toEqual([...WINDOW_KINDS]);
  for (const row of rows) expect(row.countries).toHaveLength(9);
});
