import * as z from 'zod';
import type { NewProviderOrder, PaymentOrder, PaymentProvider } from '../../domain/plan/payment';
import { loadConfig } from '../../shared/config';
import { readClientCredentials } from '../secrets-manager';

export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
/** PayPal's pattern for a merchant (payer) id: 13 characters, no 0, 1, I or O. */
export const PAYPAL_MERCHANT_ID = /^[2-9A-HJ-NP-Z]{13}$/;

export interface PaymentCredentials {
  clientId: string;
  clientSecret: string;
}

const money = z.object({ currency_code: z.string(), value: z.string() });

const orderShape = z.object({
  id: z.string(),
  status: z.string(),
  intent: z.string().default(''),
  purchase_units: z
    .array(
      z.object({
        amount: money.optional(),
        payee: z
          .object({ merchant_id: z.string().optional(), email_address: z.string().optional() })
          .optional(),
        custom_id: z.string().optional(),
        invoice_id: z.string().optional(),
        payments: z
          .object({
            captures: z
              .array(z.object({ id: z.string(), status: z.string(), amount: money.optional() }))
              .default([]),
            authorizations: z.array(z.object({ id: z.string(), status: z.string() })).default([]),
          })
          .optional(),
      }),
    )
    .default([]),
});

const toMoney = (m: z.infer<typeof money> | undefined) =>
  m ? { value: m.value, currency: m.currency_code } : null;

/** The transmission headers PayPal sends with each webhook delivery, and the event itself. */
export interface WebhookDelivery {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  event: unknown;
}

/**
 * PayPal's REST API, the calls the plan needs: an app token by client credentials, Orders v2
 * create and show, and the webhook signature check. Locally the same client talks to the
 * payment simulator.
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

  async createOrder(order: NewProviderOrder): Promise<{ id: string }> {
    const response = await this.fetchImpl(`${this.apiUrl}/v2/checkout/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        // Makes a retried create return the same order instead of a second one.
        'paypal-request-id': order.invoiceId,
      },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: order.amount.currency, value: order.amount.value },
            payee: { merchant_id: order.payeeMerchantId },
            custom_id: order.customId,
            invoice_id: order.invoiceId,
            description: order.description,
          },
        ],
      }),
    });
    if (!response.ok) throw new Error(`Payment provider order create failed: ${response.status}`);
    return z.object({ id: z.string().min(1) }).parse(await response.json());
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
    return {
      id: order.id,
      status: order.status,
      intent: order.intent,
      purchaseUnits: order.purchase_units.map((unit) => ({
        amount: toMoney(unit.amount),
        payeeMerchantId: unit.payee?.merchant_id ?? null,
        customId: unit.custom_id ?? null,
        invoiceId: unit.invoice_id ?? null,
        captures: (unit.payments?.captures ?? []).map((c) => ({
          id: c.id,
          status: c.status,
          amount: toMoney(c.amount),
        })),
        authorizations: unit.payments?.authorizations ?? [],
      })),
    };
  }

  /**
   * PayPal's `POST /v1/notifications/verify-webhook-signature`: true only when PayPal answers
   * SUCCESS for this delivery and our webhook id.
   */
  async verifyWebhook(delivery: WebhookDelivery, webhookId: string): Promise<boolean> {
    const response = await this.fetchImpl(
      `${this.apiUrl}/v1/notifications/verify-webhook-signature`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          auth_algo: delivery.authAlgo,
          cert_url: delivery.certUrl,
          transmission_id: delivery.transmissionId,
          transmission_sig: delivery.transmissionSig,
          transmission_time: delivery.transmissionTime,
          webhook_id: webhookId,
          webhook_event: delivery.event,
        }),
      },
    );
    // PayPal answers 400 to a request it cannot read: that delivery is not verified.
    if (response.status === 400) return false;
    if (!response.ok) throw new Error(`Payment provider webhook check failed: ${response.status}`);
    const body = z.object({ verification_status: z.string() }).parse(await response.json());
    return body.verification_status === 'SUCCESS';
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
    /** Our PayPal merchant account id (payer id): the payee of every plan order. */
    PAYMENT_MERCHANT_ID: z.string().regex(PAYPAL_MERCHANT_ID),
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

/** The provider client and our merchant id, from the function's environment (fails at cold start). */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): {
  provider: PaypalOrders;
  merchantId: string;
} {
  const config = loadConfig(paymentEnv, env);
  return { provider: paypalClient(config), merchantId: config.PAYMENT_MERCHANT_ID };
}

function paypalClient(config: z.infer<typeof paymentEnv>): PaypalOrders {
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

/** The id of our webhook in PayPal's dashboard (stage setting `paypalWebhookId`). */
export function paymentWebhookIdFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig(z.object({ PAYMENT_WEBHOOK_ID: z.string().regex(/^[A-Za-z0-9]{8,64}$/) }), env)
    .PAYMENT_WEBHOOK_ID;
}

/** The launch setting (spec 4.7): off unless `PLAN_FREE_DURING_LAUNCH=true`. */
export function freePlanDuringLaunch(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PLAN_FREE_DURING_LAUNCH === 'true';
}
