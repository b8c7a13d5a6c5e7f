import {
  endPlanForPaymentEvent,
  type HeldCaptureEvent,
  RECOVERY_MAX_AGE_MS,
  keepsPlanPaid,
  PaymentRefused,
  paidCapture,
  type PaymentEventStore,
  recoverPayment,
  subscriptionView,
  verifyPayment,
  type PaymentOrder,
  type IssuedReceipt,
  type PlanStore,
  type RecordedOrder,
} from './payment';
import { nextPeriod, type Subscription } from './plan';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const DAY = 86_400_000;
const clock = { now: () => NOW, sleep: async () => {} };
const MERCHANT = 'OURMERCHANT1';

function store(orders: RecordedOrder[] = []) {
  const claims = new Map<string, Subscription>();
  const subscriptions: Subscription[] = [];
  const plans: PlanStore & {
    held: Map<string, HeldCaptureEvent[]>;
    counters: Map<number, number>;
    receipts: IssuedReceipt[];
    claims: typeof claims;
    subscriptions: Subscription[];
    version: string | null;
  } = {
    claims,
    subscriptions,
    async recordOrder(order) {
      orders.push(order);
    },
    async findOrder(userId, orderId) {
      return orders.find((o) => o.userId === userId && o.orderId === orderId);
    },
    async listUnclaimedOrders(userId) {
      return orders.filter((o) => o.userId === userId && o.status === 'created');
    },
    version: null as string | null,
    async planState(userId) {
      return {
        subscriptions: subscriptions.filter((s) => s.userId === userId),
        version: plans.version,
      };
    },
    async createForOrder({ orderId }, subscription, version, receipt) {
      const previous = claims.get(orderId);
      if (previous) return { created: false, userId: previous.userId, subscription: previous };
      if (version !== plans.version) return { conflict: true };
      // The year's counter must still be where the claim read it (a receipt issued meanwhile).
      if ((plans.counters.get(receipt.year) ?? 0) !== receipt.sequence - 1) {
        return { conflict: true };
      }
      plans.counters.set(receipt.year, receipt.sequence);
      plans.receipts.push(receipt);
      claims.set(orderId, subscription);
      subscriptions.push(subscription);
      plans.version = subscription.id;
      const order = orders.find((o) => o.orderId === orderId);
      if (order) order.status = 'claimed';
      return { created: true };
    },
    async create(subscription) {
      subscriptions.push(subscription);
    },
    counters: new Map<number, number>(),
    receipts: [],
    async lastReceiptSequence(year) {
      return plans.counters.get(year) ?? 0;
    },
    held: new Map<string, HeldCaptureEvent[]>(),
    async heldEvents(captureId) {
      const events = plans.held.get(captureId) ?? [];
      return { events, version: events.length };
    },
  };
  return plans;
}

const recorded = (orderId: string, userId = 'u1', countryCode = 'IT'): RecordedOrder => ({
  orderId,
  userId,
  invoiceId: `INV-${orderId}`,
  countryCode,
  createdAt: new Date(NOW - 60_000).toISOString(),
  status: 'created',
});

/** A server-made, captured 9.90 EUR order for u1, with any field overridden. */
function paid(id: string, change: (o: PaymentOrder) => void = () => {}): PaymentOrder {
  const order: PaymentOrder = {
    id,
    status: 'COMPLETED',
    intent: 'CAPTURE',
    purchaseUnits: [
      {
        amount: { value: '9.90', currency: 'EUR' },
        payeeMerchantId: MERCHANT,
        customId: 'u1',
        invoiceId: `INV-${id}`,
        captures: [
          { id: `CAP-${id}`, status: 'COMPLETED', amount: { value: '9.90', currency: 'EUR' } },
        ],
        authorizations: [],
      },
    ],
  };
  change(order);
  return order;
}

const providerOf = (...orders: PaymentOrder[]) => ({
  createOrder: async () => ({ id: 'new' }),
  getOrder: async (id: string) => orders.find((o) => o.id === id),
});

const unit = (o: PaymentOrder) => o.purchaseUnits[0]!;

describe('paidCapture', () => {
  test.each<[string, (o: PaymentOrder) => void, string]>([
    ['an authorization', (o) => (o.intent = 'AUTHORIZE'), 'wrong_intent'],
    ['two purchase units', (o) => o.purchaseUnits.push({ ...unit(o) }), 'wrong_purchase_units'],
    ['another payee', (o) => (unit(o).payeeMerchantId = 'SOMEONEELSE1'), 'wrong_payee'],
    ['9.91 EUR', (o) => (unit(o).amount = { value: '9.91', currency: 'EUR' }), 'wrong_amount'],
    ['9.90 USD', (o) => (unit(o).amount = { value: '9.90', currency: 'USD' }), 'wrong_amount'],
    [
      'no capture yet',
      (o) => ((o.status = 'APPROVED'), (unit(o).captures = [])),
      'order_not_completed',
    ],
    ['a pending capture', (o) => (unit(o).captures[0]!.status = 'PENDING'), 'capture_pending'],
    [
      'a declined capture',
      (o) => (unit(o).captures[0]!.status = 'DECLINED'),
      'capture_not_completed',
    ],
    [
      'a refunded capture',
      (o) => (unit(o).captures[0]!.status = 'REFUNDED'),
      'capture_not_completed',
    ],
    ['another seller', (o) => (unit(o).customId = 'u2'), 'order_other_user'],
    ['no custom id', (o) => (unit(o).customId = null), 'order_other_user'],
  ])('refuses %s', (_label, change, reason) => {
    expect(() => paidCapture(paid('O1', change), { userId: 'u1', merchantId: MERCHANT })).toThrow(
      new PaymentRefused(reason as never),
    );
  });

  test('answers the completed capture', () => {
    expect(paidCapture(paid('O1'), { userId: 'u1', merchantId: MERCHANT })).toBe('CAP-O1');
  });
});

describe('verifyPayment', () => {
  test('an order we made for the caller buys 30 days once; a retry answers the same plan', async () => {
    const plans = store([recorded('O1')]);
    const deps = { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT };
    const first = await verifyPayment({ userId: 'u1', orderId: 'O1' }, deps);
    expect(first).toMatchObject({ status: 'active', countryCode: 'IT' });
    expect(Date.parse(first.expiresAt) - NOW).toBe(30 * DAY);
    expect(await verifyPayment({ userId: 'u1', orderId: 'O1' }, deps)).toEqual(first);
    expect(plans.subscriptions).toHaveLength(1);
    // Once the plan it bought has ended (a dispute), the order buys nothing again.
    first.status = 'disputed';
    await expect(verifyPayment({ userId: 'u1', orderId: 'O1' }, deps)).rejects.toEqual(
      new PaymentRefused('order_used'),
    );
  });

  test('an order we have no record of, or whose invoice differs, is refused and nothing written', async () => {
    for (const orders of [[], [{ ...recorded('O1'), invoiceId: 'INV-other' }]]) {
      const plans = store(orders);
      await expect(
        verifyPayment(
          { userId: 'u1', orderId: 'O1' },
          { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT },
        ),
      ).rejects.toEqual(new PaymentRefused('order_not_ours'));
      expect(plans.claims.size).toBe(0);
    }
  });
});

describe('renewal', () => {
  const plan = (expiresAt: number, countryCode = 'IT'): Subscription => ({
    id: 'old',
    userId: 'u1',
    status: 'active',
    createdAt: new Date(NOW - 20 * DAY).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    countryCode,
  });

  test('adds 30 days to the days left of an active plan, and to now for an expired one', () => {
    expect(nextPeriod([plan(NOW + 5 * DAY)], NOW)).toEqual({
      start: NOW + 5 * DAY,
      end: NOW + 35 * DAY,
    });
    expect(nextPeriod([plan(NOW - 5 * DAY)], NOW).end).toBe(NOW + 30 * DAY);
    expect(nextPeriod([], NOW).end).toBe(NOW + 30 * DAY);
    // Days of a plan for another country are not lost: the new period follows them.
    expect(nextPeriod([plan(NOW + 5 * DAY, 'DE')], NOW).end).toBe(NOW + 35 * DAY);
    // A refunded plan gives no days.
    expect(nextPeriod([{ ...plan(NOW + 5 * DAY), status: 'refunded' }], NOW).end).toBe(
      NOW + 30 * DAY,
    );
  });
});

test('two payments claimed at the same moment both count: the second adds to the first', async () => {
  const plans = store([recorded('O1'), recorded('O2')]);
  const deps = { provider: providerOf(paid('O1'), paid('O2')), plans, clock, merchantId: MERCHANT };
  // Both read the plan before either writes, as two concurrent requests would.
  const stale = await plans.planState('u1');
  const read = plans.planState.bind(plans);
  let calls = 0;
  plans.planState = async (userId) => (calls++ < 2 ? stale : read(userId));
  const [a, b] = await Promise.all([
    verifyPayment({ userId: 'u1', orderId: 'O1' }, deps),
    verifyPayment({ userId: 'u1', orderId: 'O2' }, deps),
  ]);
  const expiries = [a, b].map((s) => Date.parse(s.expiresAt) - NOW).sort((x, y) => x - y);
  expect(expiries).toEqual([30 * DAY, 60 * DAY]);
});

describe('receipts', () => {
  const billing = {
    name: 'Rossi Import srl',
    address: 'Via Roma 1, Milano',
    vatId: 'IT01234567890',
  };

  test('a verified payment issues one numbered receipt, made out as given at checkout', async () => {
    const plans = store([{ ...recorded('O1'), billing }]);
    const deps = { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT };
    const subscription = await verifyPayment({ userId: 'u1', orderId: 'O1' }, deps);
    // The browser retries the same verification: no second receipt.
    await verifyPayment({ userId: 'u1', orderId: 'O1' }, deps);
    expect(plans.receipts).toEqual([
      expect.objectContaining({
        number: '2026-000001',
        orderId: 'O1',
        captureId: 'CAP-O1',
        countryCode: 'IT',
        amount: '9.90',
        currency: 'EUR',
        days: 30,
        billing,
        subscriptionId: subscription.id,
      }),
    ]);
  });

  test('two payments verified at the same moment get consecutive numbers, none skipped', async () => {
    const plans = store([recorded('O1'), recorded('O2'), recorded('O3', 'u2')]);
    const provider = providerOf(
      paid('O1'),
      paid('O2'),
      paid('O3', (o) => (unit(o).customId = 'u2')),
    );
    const deps = { provider, plans, clock, merchantId: MERCHANT };
    // Every claim reads the counter before any writes, as concurrent requests would.
    const read = plans.lastReceiptSequence.bind(plans);
    let calls = 0;
    plans.lastReceiptSequence = async (year) => (calls++ < 3 ? 0 : read(year));
    await Promise.all([
      verifyPayment({ userId: 'u1', orderId: 'O1' }, deps),
      verifyPayment({ userId: 'u1', orderId: 'O2' }, deps),
      verifyPayment({ userId: 'u2', orderId: 'O3' }, deps),
    ]);
    expect(plans.receipts.map((r) => r.number).sort()).toEqual([
      '2026-000001',
      '2026-000002',
      '2026-000003',
    ]);
  });

  test('a payment refused issues no receipt and takes no number', async () => {
    const plans = store([recorded('O1')]);
    const provider = providerOf(paid('O1', (o) => (unit(o).captures[0]!.status = 'PENDING')));
    await expect(
      verifyPayment(
        { userId: 'u1', orderId: 'O1' },
        { provider, plans, clock, merchantId: MERCHANT },
      ),
    ).rejects.toThrow();
    expect(plans.receipts).toEqual([]);
    expect(await plans.lastReceiptSequence(2026)).toBe(0);
  });
});

describe('recoverPayment', () => {
  test('finds the paid order among the caller’s unclaimed ones; none paid is refused', async () => {
    const plans = store([recorded('O1'), recorded('O2'), recorded('O3', 'u2')]);
    const unpaid = paid('O1', (o) => ((o.status = 'CREATED'), (unit(o).captures = [])));
    const deps = { provider: providerOf(unpaid, paid('O2')), plans, clock, merchantId: MERCHANT };
    const plan = await recoverPayment({ userId: 'u1' }, deps);
    expect(plans.claims.get('O2')).toBe(plan);
    await expect(recoverPayment({ userId: 'u1' }, deps)).rejects.toEqual(
      new PaymentRefused('no_captured_order'),
    );
    expect(plans.subscriptions).toHaveLength(1);
  });
});

describe('events that came before the verification', () => {
  const held = (event: HeldCaptureEvent['event'], eventId: string): HeldCaptureEvent => ({
    eventId,
    event,
    reason: `EV-${event}`,
    at: new Date(NOW - 1000).toISOString(),
  });

  test('a capture disputed or reversed before we verified it buys no plan; the order is used', async () => {
    for (const event of ['disputed', 'reversed', 'refunded'] as const) {
      const plans = store([recorded('O1')]);
      plans.held.set('CAP-O1', [held(event, 'E1')]);
      const deps = { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT };
      await expect(verifyPayment({ userId: 'u1', orderId: 'O1' }, deps)).rejects.toEqual(
        new PaymentRefused('capture_ended'),
      );
      expect(plans.subscriptions).toEqual([
        expect.objectContaining({ status: event, endReason: `EV-${event}` }),
      ]);
    }
  });

  test('a dispute resolved in our favour before the verification leaves the plan', async () => {
    const plans = store([recorded('O1')]);
    plans.held.set('CAP-O1', [held('disputed', 'E1'), held('resolved', 'E2')]);
    const deps = { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT };
    expect(await verifyPayment({ userId: 'u1', orderId: 'O1' }, deps)).toMatchObject({
      status: 'active',
      endedAt: null,
    });
  });

  test('an event that comes while the capture is being claimed is held, then applied', async () => {
    const calls: string[] = [];
    let claimed = false;
    const events: PaymentEventStore = {
      endPlanForCapture: async () => (claimed ? 'ended' : 'unknown_capture'),
      recordCaptureEvent: async () => 'recorded',
      restorePlanForCapture: async () => 'unchanged',
      holdCaptureEvent: async (input) => {
        calls.push(`hold ${input.eventId} ${input.event}`);
        claimed = true;
        return 'known';
      },
    };
    const dispute = {
      id: 'WH-1',
      eventType: 'CUSTOMER.DISPUTE.CREATED',
      captureId: 'CAP1',
      status: 'disputed' as const,
    };
    expect(await endPlanForPaymentEvent(dispute, { events, clock })).toBe('ended');
    expect(calls).toEqual(['hold WH-1 disputed']);
  });

  test('recovery does not look at orders older than its age limit', async () => {
    const old = {
      ...recorded('O1'),
      createdAt: new Date(NOW - RECOVERY_MAX_AGE_MS - 1).toISOString(),
    };
    const plans = store([old]);
    const deps = { provider: providerOf(paid('O1')), plans, clock, merchantId: MERCHANT };
    await expect(recoverPayment({ userId: 'u1' }, deps)).rejects.toEqual(
      new PaymentRefused('no_captured_order'),
    );
    expect(plans.subscriptions).toHaveLength(0);
  });
});

describe('subscriptionView', () => {
  const plan = (expiresAt: string, extra: Partial<Subscription> = {}): Subscription => ({
    id: 's',
    userId: 'u',
    status: 'active',
    createdAt: '2026-11-01T00:00:00Z',
    expiresAt,
    countryCode: 'IT',
    ...extra,
  });

  test('days left round up; an expired plan is inactive but keeps its expiry', () => {
    expect(subscriptionView([plan('2026-11-22T09:00:00Z')], NOW)).toEqual({
      active: true,
      expires_at: '2026-11-22T09:00:00Z',
      days_left: 1,
      country: 'IT',
      ended_reason: null,
    });
    expect(subscriptionView([plan('2026-11-20T00:00:00Z')], NOW)).toMatchObject({
      active: false,
      days_left: 0,
      expires_at: '2026-11-20T00:00:00Z',
    });
    expect(subscriptionView([], NOW)).toEqual({
      active: false,
      expires_at: null,
      days_left: 0,
      country: null,
      ended_reason: null,
    });
  });

  test('a refunded plan is inactive from when it ended, with the reason', () => {
    const refunded = plan('2026-12-01T00:00:00Z', {
      status: 'refunded',
      endedAt: '2026-11-21T09:00:00Z',
    });
    expect(subscriptionView([refunded], NOW)).toEqual({
      active: false,
      expires_at: '2026-11-21T09:00:00Z',
      days_left: 0,
      country: 'IT',
      ended_reason: 'refunded',
    });
  });
});

describe('refunds', () => {
  test('less than the price back keeps the plan paid; the whole price, or another currency, does not', () => {
    expect(keepsPlanPaid({ value: '1.00', currency: 'EUR' })).toBe(true);
    expect(keepsPlanPaid({ value: '9.89', currency: 'EUR' })).toBe(true);
    expect(keepsPlanPaid({ value: '9.9', currency: 'EUR' })).toBe(false);
    expect(keepsPlanPaid({ value: '9.90', currency: 'EUR' })).toBe(false);
    expect(keepsPlanPaid({ value: '1.00', currency: 'USD' })).toBe(false);
    expect(keepsPlanPaid({ value: '1.000001', currency: 'EUR' })).toBe(false);
    expect(keepsPlanPaid(undefined)).toBe(false);
  });

  test('a partial refund is recorded and the plan goes on; the refund that completes it ends the plan', async () => {
    const calls: string[] = [];
    const events: PaymentEventStore = {
      endPlanForCapture: async (input) => {
        calls.push(`end ${input.eventId} ${input.status}`);
        return 'ended';
      },
      recordCaptureEvent: async (input) => {
        calls.push(`record ${input.eventId} ${input.refunded.value}`);
        return 'recorded';
      },
      restorePlanForCapture: async () => 'unchanged',
      holdCaptureEvent: async () => 'held',
    };
    const refund = (id: string, value: string) => ({
      id,
      eventType: 'PAYMENT.CAPTURE.REFUNDED',
      captureId: 'CAP1',
      status: 'refunded' as const,
      refunded: { value, currency: 'EUR' },
    });
    expect(await endPlanForPaymentEvent(refund('WH-1', '2.00'), { events, clock })).toBe(
      'partly_refunded',
    );
    expect(await endPlanForPaymentEvent(refund('WH-2', '9.90'), { events, clock })).toBe('ended');
    // A dispute of a partly refunded capture still ends the plan.
    const dispute = { ...refund('WH-3', '2.00'), status: 'disputed' as const };
    expect(await endPlanForPaymentEvent(dispute, { events, clock })).toBe('ended');
    expect(calls).toEqual(['record WH-1 2.00', 'end WH-2 refunded', 'end WH-3 disputed']);
  });
});
