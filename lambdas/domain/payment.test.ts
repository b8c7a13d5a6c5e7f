import { PaymentRefused, subscriptionView, verifyPayment, type PlanStore } from './payment';
import type { Subscription } from './plan';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const clock = { now: () => NOW, sleep: async () => {} };

function store() {
  const claims = new Map<string, Subscription>();
  const plans: PlanStore & { claims: typeof claims } = {
    claims,
    async createForOrder(orderId, subscription) {
      const previous = claims.get(orderId);
      if (previous) return { created: false, userId: previous.userId, subscription: previous };
      claims.set(orderId, subscription);
      return { created: true };
    },
    async create() {},
  };
  return plans;
}

const provider = (status: string, value: string, currency = 'EUR') => ({
  getOrder: async (id: string) => ({ id, status, amount: { value, currency } }),
});

describe('verifyPayment', () => {
  test('a completed 9.90 EUR order makes a 30-day plan for the country, once per order', async () => {
    const plans = store();
    const first = await verifyPayment(
      { userId: 'u1', orderId: 'O1', countryCode: 'it' },
      { provider: provider('COMPLETED', '9.9'), plans, clock },
    );
    expect(first).toMatchObject({ status: 'active', countryCode: 'IT' });
    expect(Date.parse(first.expiresAt) - NOW).toBe(30 * 86_400_000);
    const again = await verifyPayment(
      { userId: 'u1', orderId: 'O1', countryCode: 'IT' },
      { provider: provider('COMPLETED', '9.90'), plans, clock },
    );
    expect(again).toEqual(first);
    await expect(
      verifyPayment(
        { userId: 'u2', orderId: 'O1', countryCode: 'IT' },
        { provider: provider('COMPLETED', '9.90'), plans, clock },
      ),
    ).rejects.toEqual(new PaymentRefused('order_used'));
  });

  test.each([
    ['APPROVED', '9.90', 'EUR', 'order_not_completed'],
    ['COMPLETED', '9.91', 'EUR', 'wrong_amount'],
    ['COMPLETED', '9.90', 'USD', 'wrong_amount'],
    ['COMPLETED', '9.900001', 'EUR', 'wrong_amount'],
  ])('%s %s %s is refused (%s) and nothing is written', async (status, value, currency, reason) => {
    const plans = store();
    await expect(
      verifyPayment(
        { userId: 'u1', orderId: 'O2', countryCode: 'IT' },
        { provider: provider(status, value, currency), plans, clock },
      ),
    ).rejects.toMatchObject({ reason });
    expect(plans.claims.size).toBe(0);
  });
});

describe('subscriptionView', () => {
  const plan = (expiresAt: string): Subscription => ({
    id: 's',
    userId: 'u',
    status: 'active',
    createdAt: '2026-11-01T00:00:00Z',
    expiresAt,
    countryCode: 'IT',
  });

  test('days left round up; an expired plan is inactive but keeps its expiry', () => {
    expect(subscriptionView([plan('2026-11-22T09:00:00Z')], NOW)).toEqual({
      active: true,
      expires_at: '2026-11-22T09:00:00Z',
      days_left: 1,
      country: 'IT',
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
    });
  });
});
