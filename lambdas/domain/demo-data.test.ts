import { DEMO_FEEDBACK, DEMO_SHIPMENTS } from './demo-data';

test('the demo samples match spec 3', () => {
  expect(DEMO_SHIPMENTS.map((s) => [s.shipment_id, s.discrepancy])).toEqual([
    ['DEMO001', 2],
    ['DEMO002', 5],
    ['DEMO003', 4],
  ]);
  expect(DEMO_FEEDBACK.map((f) => f.rating)).toEqual([1, 5, 2, 4, 1]);
  expect(DEMO_FEEDBACK.map((f) => f.is_offensive)).toEqual([false, false, false, false, true]);
  expect(DEMO_FEEDBACK.filter((f) => f.is_product_review)).toHaveLength(2);
});
