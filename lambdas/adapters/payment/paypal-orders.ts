import * as z from 'zod';
import type { PaymentOrder, PaymentProvider } from '../../domain/payment';
import { loadConfig } from '../../shared/config';
import { readClientCredentials } from '../secrets-manager';

export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

export interface PaymentCredentials {
  clientId: string;
  clientSecret: string;
}

const orderShape = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
      }),
    )
    .default([]),
});

/**
 * PayPal Orders v2, the one call verification needs: an app token by client credentials, then
 * `GET /v2/checkout/orders/{id}`. Locally the same client talks to the payment simulator.
 */
export class PaypalOrders implements PaymentProvider {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly apiUrl: string,
    private readonly credentials: () => Promise<PaymentCredentials>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const { clientId, clientSecret } = await this.credentials();
    const response = await this.fetchImpl(`${this.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`Payment provider token request failed: ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 300) * 1000,
    };
    return this.token.value;
  }

  async getOrder(orderId: string): Promise<PaymentOrder | undefined> {
    // Order ids are provider-made; anything else never reaches the provider's URL.
    if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return undefined;
    const response = await this.fetchImpl(
      `${this.apiUrl}/v2/checkout/orders/${encodeURIComponent(orderId)}`,
      { headers: { authorization: `Bearer ${await this.accessToken()}` } },
    );
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`Payment provider order lookup failed: ${response.status}`);
    const order = orderShape.parse(await response.json());
    const amount = order.purchase_units[0]?.amount;
    return {
      id: order.id,
      status: order.status,
      amount: amount ? { value: amount.value, currency: amount.currency_code } : null,
    };
  }
}

/**
 * The payment settings: in AWS the credentials come from a Secrets Manager secret
 * (`PAYMENT_CREDENTIALS_SECRET_ARN`, JSON `{"clientId","clientSecret"}`); locally the stack sets
 * them directly and points `PAYMENT_API_URL` at the payment simulator.
 */
export const paymentEnv = z
  .object({
    PAYMENT_API_URL: z.url().default(PAYPAL_LIVE_API),
    PAYMENT_CLIENT_ID: z.string().min(1).optional(),
    PAYMENT_CLIENT_SECRET: z.string().min(1).optional(),
    PAYMENT_CREDENTIALS_SECRET_ARN: z.string().startsWith('arn:').optional(),
    PLAN_FREE_DURING_LAUNCH: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine(
    (env) =>
      Boolean(env.PAYMENT_CREDENTIALS_SECRET_ARN) ||
      (Boolean(env.PAYMENT_CLIENT_ID) && Boolean(env.PAYMENT_CLIENT_SECRET)),
    {
      message: 'set PAYMENT_CREDENTIALS_SECRET_ARN, or PAYMENT_CLIENT_ID and PAYMENT_CLIENT_SECRET',
    },
  );

export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  const config = loadConfig(paymentEnv, env);
  if (config.PAYMENT_CLIENT_ID && config.PAYMENT_CLIENT_SECRET) {
    const credentials = {
      clientId: config.PAYMENT_CLIENT_ID,
      clientSecret: config.PAYMENT_CLIENT_SECRET,
    };
    return new PaypalOrders(config.PAYMENT_API_URL, async () => credentials);
  }
  const arn = config.PAYMENT_CREDENTIALS_SECRET_ARN as string;
  return new PaypalOrders(config.PAYMENT_API_URL, () =>
    readClientCredentials(arn, 'payment secret'),
  );
}

/** The launch setting (spec 4.7): off unless `PLAN_FREE_DURING_LAUNCH=true`. */
export function freePlanDuringLaunch(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PLAN_FREE_DURING_LAUNCH === 'true';
}
