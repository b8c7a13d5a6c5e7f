import fc from 'fast-check';
import { subscriptionView } from './payment';
import {
  activePlan,
  type CaptureEvent,
  nextPeriod,
  PAID_PERIOD_MS,
  planPeriods,
  statusAfter,
  type Subscription,
} from './plan';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');

/** A payment at `at`, bought as verification does: its own 30 days after the days in force. */
function pay(subscriptions: Subscription[], id: string, at: number): Subscription {
  const period = nextPeriod(subscriptions, at);
  return {
    id,
    userId: 'u1',
    status: 'active',
    createdAt: new Date(at).toISOString(),
    expiresAt: new Date(period.end).toISOString(),
    startsAt: new Date(period.start).toISOString(),
    paid: true,
    countryCode: 'IT',
  };
}

describe('stacked plans', () => {
  test('pay twice, charge back the first: 30 days are left, counted from the second payment', () => {
    const first = pay([], 'a', T0);
    const second = pay([first], 'b', T0 + DAY);
    const now = T0 + 2 * DAY;
    expect(subscriptionView([first, second], now)).toMatchObject({ active: true, days_left: 58 });
    const reversed = { ...first, status: statusAfter(first.status, 'reversed') };
    expect(subscriptionView([reversed, second], now)).toMatchObject({
      active: true,
      days_left: 29,
      expires_at: new Date(T0 + 31 * DAY).toISOString(),
    });
    // Charged back once its days were used: the second period had already run out.
    expect(subscriptionView([reversed, second], T0 + 40 * DAY)).toMatchObject({
      active: false,
      expires_at: new Date(T0 + 31 * DAY).toISOString(),
      ended_reason: null,
    });
  });

  test('a plan bought before stacked periods were stored counts 30 days, not its whole expiry', () => {
    const legacy: Subscription = {
      id: 'b',
      userId: 'u1',
      status: 'active',
      createdAt: new Date(T0 + DAY).toISOString(),
      expiresAt: new Date(T0 + 60 * DAY).toISOString(),
      paid: true,
      countryCode: 'IT',
    };
    const first = { ...pay([], 'a', T0), status: 'refunded' };
    expect(activePlan([first, legacy], T0 + 2 * DAY)?.expiresAt).toBe(
      new Date(T0 + 31 * DAY).toISOString(),
    );
  });

  test('the launch offer keeps its own dates; a payment after it follows its days', () => {
    const free: Subscription = {
      id: 'f',
      userId: 'u1',
      status: 'active',
      createdAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 30 * DAY).toISOString(),
      countryCode: 'IT',
    };
    const paid = pay([free], 'p', T0 + 10 * DAY);
    expect(planPeriods([free, paid]).map((p) => [p.start, p.end])).toEqual([
      [T0, T0 + 30 * DAY],
      [T0 + 30 * DAY, T0 + 60 * DAY],
    ]);
  });
});

describe('statusAfter', () => {
  test('a refund during a dispute is recorded; the resolution then brings nothing back', () => {
    const disputed = statusAfter('active', 'disputed');
    expect(disputed).toBe('disputed');
    expect(statusAfter(disputed, 'resolved')).toBe('active');
    const refunded = statusAfter(disputed, 'refunded');
    expect(refunded).toBe('refunded');
    expect(statusAfter(refunded, 'resolved')).toBe('refunded');
    expect(statusAfter(statusAfter('active', 'reversed'), 'disputed')).toBe('reversed');
  });
});

type Op = { kind: 'pay'; after: number } | { kind: CaptureEvent; payment: number; after: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), after: fc.integer({ min: 0, max: 40 * DAY }) }),
  fc.record({
    kind: fc.constantFrom<CaptureEvent>('refunded', 'reversed', 'disputed', 'resolved'),
    payment: fc.nat({ max: 9 }),
    after: fc.integer({ min: 0, max: 40 * DAY }),
  }),
);

test('property: any sequence of payments, refunds, reversals, disputes and resolutions leaves exactly the paid, unreversed days', () => {
  fc.assert(
    fc.property(fc.array(opArb, { maxLength: 30 }), fc.integer({ min: 0, max: 400 }), (ops, q) => {
      let now = T0;
      const subscriptions: Subscription[] = [];
      const history = new Map<string, CaptureEvent[]>();
      for (const op of ops) {
        now += op.after;
        if (op.kind === 'pay') {
          const id = `p${subscriptions.length}`;
          subscriptions.push(pay(subscriptions, id, now));
          history.set(id, []);
          continue;
        }
        const target = subscriptions[op.payment % Math.max(1, subscriptions.length)];
        if (!target) continue;
        target.status = statusAfter(target.status, op.kind);
        history.get(target.id)!.push(op.kind);
      }
      // The oracle, from each payment's own history: a refund or reversal takes it back for
      // good; a dispute takes it back until a resolution in our favour.
      const paidFor = new Set(
        [...history]
          .filter(([, events]) => {
            if (events.some((e) => e === 'refunded' || e === 'reversed')) return false;
            const last = events.filter((e) => e === 'disputed' || e === 'resolved').pop();
            return last !== 'disputed';
          })
          .map(([id]) => id),
      );
      const periods = planPeriods(subscriptions);
      expect(new Set(periods.map((p) => p.subscription.id))).toEqual(paidFor);
      // Exactly the days paid for: 30 each, never overlapping, none before its payment, and
      // each as early as it can be (from its payment, or from the end of the one before).
      let previousEnd = -Infinity;
      for (const p of periods) {
        const paidAt = Date.parse(p.subscription.createdAt);
        expect(p.end - p.start).toBe(PAID_PERIOD_MS);
        expect(p.start).toBe(Math.max(paidAt, previousEnd));
        previousEnd = p.end;
      }
      // What the seller is shown at any moment: the days of those periods still ahead.
      const at = T0 + q * DAY;
      const ahead = periods.reduce((sum, p) => sum + Math.max(0, p.end - Math.max(p.start, at)), 0);
      const inForce = periods.some((p) => p.start <= at && at < p.end);
      const view = subscriptionView(subscriptions, at);
      expect(view.active).toBe(inForce);
      if (inForce) {
        // The periods after the one in force follow without a gap only while payments were
        // made before each ran out; the view counts the unbroken run.
        const run = periods
          .filter((p) => p.end > at)
          .reduce(
            (end, p) => (p.start <= end ? Math.max(end, p.end) : end),
            periods.find((p) => p.start <= at && at < p.end)!.end,
          );
        expect(view.expires_at).toBe(new Date(run).toISOString());
        expect(view.days_left).toBe(Math.ceil((run - at) / DAY));
        expect(run - at).toBeLessThanOrEqual(ahead);
      } else {
        expect(view.days_left).toBe(0);
      }
    }),
    { numRuns: 500 },
  );
});
