import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
  LOCAL_PAYMENT_MERCHANT_ID,
  startPaymentSimulator,
  type PaymentSimulator,
} from '../../../local/payment-simulator';
import { paymentEnv, PaypalOrders } from './paypal-orders';

let sim: PaymentSimulator;
beforeEach(async () => {
  sim = await startPaymentSimulator({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sim.close());

const credentials = async () => ({
  clientId: LOCAL_PAYMENT_CLIENT_ID,
  clientSecret: LOCAL_PAYMENT_CLIENT_SECRET,
});
const planOrder = {
  amount: { value: '9.90', currency: 'EUR' },
  payeeMerchantId: LOCAL_PAYMENT_MERCHANT_ID,
  customId: 'user-1',
  invoiceId: 'RFBA-2026-000001',
  description: 'Piano 30 giorni',
};

describe('PaypalOrders against the strict payment simulator', () => {
  test('creates a plan order with its bearer token, and a retried create gets the same order', async () => {
    const client = new PaypalOrders(sim.url, credentials);
    const first = await client.createOrder(planOrder);
    // A retry (a timeout, a redelivered request) sends the same PayPal-Request-Id.
    const retried = await client.createOrder(planOrder);
    const order = await client.getOrder(first.id);

    expect(retried.id).toBe(first.id);
    expect(order?.purchaseUnits).toEqual([
      expect.objectContaining({
        amount: { value: '9.90', currency: 'EUR' },
        payeeMerchantId: LOCAL_PAYMENT_MERCHANT_ID,
        customId: 'user-1',
        invoiceId: 'RFBA-2026-000001',
      }),
    ]);
  });

  test('a payee that is not a PayPal merchant id is refused by the provider', async () => {
    const client = new PaypalOrders(sim.url, credentials);
    await expect(
      client.createOrder({ ...planOrder, payeeMerchantId: 'LOCALMERCHANT' }),
    ).rejects.toThrow('Payment provider order create failed: 400');
  });
});

describe('payment settings', () => {
  const env = (merchant: string) => ({
    PAYMENT_CLIENT_ID: 'id',
    PAYMENT_CLIENT_SECRET: 'secret',
    PAYMENT_MERCHANT_ID: merchant,
  });

  test("the merchant id must have PayPal's shape: 13 capitals and digits without 0, 1, I, O", () => {
    expect(paymentEnv.safeParse(env(LOCAL_PAYMENT_MERCHANT_ID)).success).toBe(true);
    expect(paymentEnv.safeParse(env('C7CYMKZDG8D6E')).success).toBe(true);
    for (const bad of [
      'LOCALMERCHANT',
      'C7CYMKZDG8D6',
      'C7CYMKZDG8D6EE',
      'c7cymkzdg8d6e',
      'C7CYMKZDG8D61',
    ]) {
      expect(paymentEnv.safeParse(env(bad)).success).toBe(false);
    }
  });
});
