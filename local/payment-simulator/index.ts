import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** The local stand-in's REST app credentials (never used anywhere but the simulator). */
export const LOCAL_PAYMENT_CLIENT_ID = 'local-payment-client';
export const LOCAL_PAYMENT_CLIENT_SECRET = 'local-payment-secret';
/**
 * The merchant account those credentials belong to: our shop, the payee of its orders. A merchant
 * id of PayPal's shape (`PAYPAL_MERCHANT_ID`), as the stage settings require.
 */
export const LOCAL_PAYMENT_MERCHANT_ID = 'RFBAMERCHANT2';
export const LOCAL_PAYMENT_MERCHANT_EMAIL = 'merchant@rimborsifba.local';
/** The one webhook registered on the simulator's app (its events are signed for this id). */
export const LOCAL_PAYMENT_WEBHOOK_ID = 'LOCALWEBHOOK0001';

type Money = { currency_code: string; value: string };
type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

interface Capture {
  id: string;
  status: CaptureStatus;
  amount: Money;
  orderId: string;
  /** Refunds so far, in cents, and the last one's amount (a refund event carries both). */
  refundedCents: number;
  lastRefund?: Money;
}

const centsOf = (value: string) => Math.round(Number(value) * 100);
const moneyOf = (currency: string, cents: number): Money => ({
  currency_code: currency,
  value: (cents / 100).toFixed(2),
});

interface Authorization {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'VOIDED';
  amount: Money;
  orderId: string;
}

interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  payee: { merchant_id: string; email_address: string };
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  captures: Capture[];
  authorizations: Authorization[];
}

interface Order {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: PurchaseUnit[];
}

export interface PaymentSimulator {
  url: string;
  close(): Promise<void>;
}

function captureBody(c: Capture) {
  return {
    id: c.id,
    status: c.status,
    amount: c.amount,
    final_capture: true,
    links: [{ rel: 'up', method: 'GET', href: `/v2/checkout/orders/${c.orderId}` }],
  };
}

function orderBody(order: Order) {
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: order.purchase_units.map((u) => {
      const payments: Record<string, unknown> = {};
      if (u.captures.length) payments.captures = u.captures.map(captureBody);
      if (u.authorizations.length) {
        payments.authorizations = u.authorizations.map((a) => ({
          id: a.id,
          status: a.status,
          amount: a.amount,
        }));
      }
      return {
        reference_id: u.reference_id,
        amount: u.amount,
        payee: u.payee,
        ...(u.custom_id !== undefined ? { custom_id: u.custom_id } : {}),
        ...(u.invoice_id !== undefined ? { invoice_id: u.invoice_id } : {}),
        ...(u.description !== undefined ? { description: u.description } : {}),
        ...(Object.keys(payments).length ? { payments } : {}),
      };
    }),
    links: [
      { rel: 'self', method: 'GET', href: `/v2/checkout/orders/${order.id}` },
      { rel: 'approve', method: 'GET', href: `/checkoutnow?token=${order.id}` },
    ],
  };
}

const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

/** PayPal's pattern for a merchant (payer) id: 13 of its characters (no 0, 1, I or O). */
export const PAYPAL_MERCHANT_ID = /^[2-9A-HJ-NP-Z]{13}$/;
/** PayPal's pattern for `amount.value`: a decimal number as a string, at most 32 characters. */
const PAYPAL_AMOUNT_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

interface ErrorDetail {
  field?: string;
  value?: string;
  location?: string;
  issue: string;
  description: string;
}

/** PayPal's error body: name, message, debug_id, the details with their issue, and a link. */
function paypalError(
  status: number,
  name: string,
  message: string,
  details: ErrorDetail[] = [],
): { status: number; body: unknown } {
  const issue = details[0]?.issue;
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(7).toString('hex').slice(0, 13),
      ...(details.length ? { details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/${issue ? `#${issue.toLowerCase()}` : ''}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  };
}

const invalidRequest = (details: ErrorDetail[]) =>
  paypalError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    details,
  );
const unprocessable = (issue: string, description: string) =>
  paypalError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );
const notFound = (issue = 'INVALID_RESOURCE_ID') =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      issue,
      description:
        'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);
const authenticationFailure = () =>
  paypalError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  );

/** What the simulator signs for a webhook delivery (PayPal: id|time|webhook id|CRC32 of body). */
function signedText(transmissionId: string, time: string, webhookId: string, event: unknown) {
  const digest = createHash('sha256').update(JSON.stringify(event)).digest('hex');
  return `${transmissionId}|${time}|${webhookId}|${digest}`;
}

/**
 * A small PayPal for the local stack and the tests, speaking the part of PayPal's REST API the
 * product uses, with PayPal's rules for the fields the server checks:
 *
 * - `POST /v1/oauth2/token` (client credentials); the token belongs to our merchant account.
 * - Orders v2: create (intent CAPTURE or AUTHORIZE, up to 10 purchase units, `payee`,
 *   `custom_id`, unique `invoice_id`), capture (the buyer's approval and capture in one step;
 *   header `x-simulator-capture-status: PENDING|DECLINED` plays an e-cheque or a declined card),
 *   authorize, and show; the payee defaults to the caller's merchant, as with PayPal's JS SDK.
 * - Payments v2: capture or void an authorization, refund a capture (all of it, or an amount).
 * - Webhooks: `POST /v1/notifications/verify-webhook-signature` with PayPal's request and
 *   answer, and a test hook `POST /simulator/webhook-events` that returns a signed event
 *   (`PAYMENT.CAPTURE.REFUNDED`, `PAYMENT.CAPTURE.REVERSED`, `CUSTOMER.DISPUTE.CREATED`,
 *   `CUSTOMER.DISPUTE.RESOLVED` with `outcome`) with
 *   the transmission headers PayPal would send, for a test to deliver or tamper with.
 *
 * Orders live in memory; a restart forgets them, as a sandbox reset would. Create and capture
 * answer the browser too (CORS), since the local checkout button plays the buyer.
 */
export async function startPaymentSimulator(options: {
  host: string;
  port: number;
}): Promise<PaymentSimulator> {
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const authorizations = new Map<string, Authorization>();
  const invoiceIds = new Set<string>();
  const tokens = new Set<string>();
  /** PayPal-Request-Id → the order its first create made. */
  const requestIds = new Map<string, string>();
  const signingKey = randomBytes(32);
  const ourPayee = {
    merchant_id: LOCAL_PAYMENT_MERCHANT_ID,
    email_address: LOCAL_PAYMENT_MERCHANT_EMAIL,
  };

  /** A capture of a purchase unit's amount, findable by id for refunds and events. */
  const addCapture = (unit: PurchaseUnit, orderId: string, status: CaptureStatus): Capture => {
    const capture: Capture = {
      id: paypalId(),
      status,
      amount: unit.amount,
      orderId,
      refundedCents: 0,
    };
    captures.set(capture.id, capture);
    unit.captures.push(capture);
    return capture;
  };

  const unitOf = (id: string) => {
    for (const order of orders.values()) {
      for (const unit of order.purchase_units) {
        if (unit.captures.some((c) => c.id === id)) return { order, unit };
      }
    }
    return undefined;
  };

  function createOrder(
    body: unknown,
    requestId: string | undefined,
  ): { status: number; body: unknown } {
    // A retry with the same PayPal-Request-Id answers the order the first request made.
    const earlier = requestId ? orders.get(requestIds.get(requestId) ?? '') : undefined;
    if (earlier) return { status: 200, body: orderBody(earlier) };
    const input = body as {
      intent?: string;
      purchase_units?: {
        amount?: Money;
        payee?: { merchant_id?: string; email_address?: string };
        custom_id?: string;
        invoice_id?: string;
        description?: string;
        reference_id?: string;
      }[];
    };
    if (input.intent !== 'CAPTURE' && input.intent !== 'AUTHORIZE') {
      return invalidRequest([
        {
          field: '/intent',
          value: String(input.intent ?? ''),
          location: 'body',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The value of a field is invalid.',
        },
      ]);
    }
    const units = input.purchase_units ?? [];
    if (units.length < 1 || units.length > 10 || units.some((u) => !u.amount)) {
      return unprocessable(
        'INVALID_ARRAY_MAX_ITEMS',
        'purchase_units must hold 1 to 10 units, each with an amount.',
      );
    }
    const syntax: ErrorDetail[] = [];
    units.forEach((u, i) => {
      const at = `/purchase_units/@reference_id=='${u.reference_id ?? (i === 0 ? 'default' : `unit-${i}`)}'`;
      const value: unknown = u.amount?.value;
      if (typeof value !== 'string' || value.length > 32 || !PAYPAL_AMOUNT_VALUE.test(value)) {
        syntax.push({
          field: `${at}/amount/value`,
          value: String(value),
          location: 'body',
          issue: 'INVALID_PARAMETER_SYNTAX',
          description: 'The value of a field does not conform to the expected format.',
        });
      }
      const payee = u.payee?.merchant_id;
      if (payee !== undefined && !PAYPAL_MERCHANT_ID.test(payee)) {
        syntax.push({
          field: `${at}/payee/merchant_id`,
          value: payee,
          location: 'body',
          issue: 'INVALID_PARAMETER_SYNTAX',
          description: 'The value of a field does not conform to the expected format.',
        });
      }
    });
    if (syntax.length) return invalidRequest(syntax);
    const invoices = units.map((u) => u.invoice_id).filter((v): v is string => Boolean(v));
    if (invoices.some((v) => invoiceIds.has(v))) {
      return unprocessable(
        'DUPLICATE_INVOICE_ID',
        'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
      );
    }
    invoices.forEach((v) => invoiceIds.add(v));
    const order: Order = {
      id: paypalId(),
      intent: input.intent,
      status: 'CREATED',
      purchase_units: units.map((u, i) => ({
        reference_id: u.reference_id ?? (i === 0 ? 'default' : `unit-${i}`),
        amount: u.amount as Money,
        payee: u.payee?.merchant_id
          ? {
              merchant_id: u.payee.merchant_id,
              email_address: u.payee.email_address ?? `${u.payee.merchant_id.toLowerCase()}@shop`,
            }
          : ourPayee,
        ...(u.custom_id !== undefined ? { custom_id: u.custom_id } : {}),
        ...(u.invoice_id !== undefined ? { invoice_id: u.invoice_id } : {}),
        ...(u.description !== undefined ? { description: u.description } : {}),
        captures: [],
        authorizations: [],
      })),
    };
    orders.set(order.id, order);
    if (requestId) requestIds.set(requestId, order.id);
    return { status: 201, body: orderBody(order) };
  }

  function webhookEvent(input: {
    event_type?: string;
    capture_id?: string;
    webhook_id?: string;
    /** A resolved dispute's outcome code (default: in the seller's favour). */
    outcome?: string;
  }): {
    status: number;
    body: unknown;
  } {
    const captureId = input.capture_id ?? '';
    const id = `WH-${paypalId()}-${paypalId()}`;
    const now = new Date().toISOString();
    const upLink = { rel: 'up', method: 'GET', href: `/v2/payments/captures/${captureId}` };
    const found = unitOf(captureId);
    const amount = found?.unit.amount ?? { currency_code: 'EUR', value: '9.90' };
    // A refund made through the API is the one the event reports, with the capture's total
    // refunded so far; without one, the whole amount.
    const refunded = captures.get(captureId);
    const refund = refunded?.lastRefund ?? amount;
    const totalRefunded = refunded?.lastRefund
      ? moneyOf(amount.currency_code, refunded.refundedCents)
      : amount;
    let event: Record<string, unknown>;
    switch (input.event_type) {
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const refundId = paypalId();
        event = {
          id,
          create_time: now,
          resource_type: 'refund',
          event_type: input.event_type,
          summary: `A ${refund.value} ${refund.currency_code} capture payment was refunded`,
          resource: {
            id: refundId,
            status: 'COMPLETED',
            amount: refund,
            seller_payable_breakdown: {
              gross_amount: refund,
              total_refunded_amount: totalRefunded,
            },
            ...(found?.unit.custom_id ? { custom_id: found.unit.custom_id } : {}),
            ...(found?.unit.invoice_id ? { invoice_id: found.unit.invoice_id } : {}),
            links: [
              { rel: 'self', method: 'GET', href: `/v2/payments/refunds/${refundId}` },
              upLink,
            ],
          },
        };
        break;
      }
      case 'CUSTOMER.DISPUTE.CREATED':
      case 'CUSTOMER.DISPUTE.RESOLVED': {
        const resolved = input.event_type === 'CUSTOMER.DISPUTE.RESOLVED';
        event = {
          id,
          create_time: now,
          resource_type: 'dispute',
          event_type: input.event_type,
          summary: resolved ? 'A dispute was resolved' : 'A new dispute opened',
          resource: {
            dispute_id: `PP-D-${randomBytes(3).readUIntBE(0, 3)}`,
            reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
            status: resolved ? 'RESOLVED' : 'OPEN',
            ...(resolved && {
              dispute_outcome: { outcome_code: input.outcome ?? 'RESOLVED_SELLER_FAVOUR' },
            }),
            dispute_amount: amount,
            disputed_transactions: [
              {
                seller_transaction_id: captureId,
                ...(found?.unit.custom_id ? { custom: found.unit.custom_id } : {}),
                ...(found?.unit.invoice_id ? { invoice_number: found.unit.invoice_id } : {}),
              },
            ],
          },
        };
        break;
      }
      default:
        return { status: 400, body: { name: 'INVALID_EVENT_TYPE' } };
    }
    const transmissionId = randomUUID();
    const webhookId = input.webhook_id ?? LOCAL_PAYMENT_WEBHOOK_ID;
    const signature = createHmac('sha256', signingKey)
      .update(signedText(transmissionId, now, webhookId, event))
      .digest('base64');
    return {
      status: 201,
      body: {
        event,
        headers: {
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': now,
          'paypal-transmission-sig': signature,
          'paypal-cert-url': `${baseUrl()}/v1/notifications/certs/CERT-LOCAL-1`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      },
    };
  }

  function verifySignature(body: Record<string, unknown>): { status: number; body: unknown } {
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (
      required.some((k) => typeof body[k] !== 'string' || !(body[k] as string)) ||
      typeof body.webhook_event !== 'object' ||
      body.webhook_event === null
    ) {
      return paypalError(400, 'VALIDATION_ERROR', 'Invalid request - see details.', [
        {
          issue: 'MISSING_REQUIRED_PARAMETER',
          description: 'A required field or parameter is missing.',
        },
      ]);
    }
    // Only the registered webhook's events verify, as with PayPal.
    if (body.webhook_id !== LOCAL_PAYMENT_WEBHOOK_ID) {
      return { status: 200, body: { verification_status: 'FAILURE' } };
    }
    const expected = createHmac('sha256', signingKey)
      .update(
        signedText(
          body.transmission_id as string,
          body.transmission_time as string,
          body.webhook_id as string,
          body.webhook_event,
        ),
      )
      .digest();
    const given = Buffer.from(body.transmission_sig as string, 'base64');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  let baseUrl = () => '';

  const server = http.createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers':
          'content-type, authorization, paypal-request-id, x-simulator-capture-status',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const reply = (r: { status: number; body: unknown }) => send(r.status, r.body);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'OPTIONS') return send(204);
      let body: Record<string, unknown> = {};
      if (raw && req.headers['content-type']?.includes('json')) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return reply(
            invalidRequest([
              {
                issue: 'MALFORMED_REQUEST_JSON',
                description: 'The request JSON is not well formed.',
              },
            ]),
          );
        }
      }
      const authorized = tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      const path = url.pathname;
      const match = (re: RegExp) =>
        req.method === 'POST' || req.method === 'GET' ? re.exec(path) : null;

      if (req.method === 'POST' && path === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(
          `${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`,
        ).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        if (!authorized) return reply(authenticationFailure());
        const requestId = req.headers['paypal-request-id'];
        return reply(createOrder(body, typeof requestId === 'string' ? requestId : undefined));
      }

      let m = match(/^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)\/(capture|authorize)$/);
      if (req.method === 'POST' && m) {
        const order = orders.get(m[1] as string);
        if (!order) return reply(notFound());
        const action = m[2];
        if ((action === 'capture') !== (order.intent === 'CAPTURE')) {
          return reply(
            unprocessable('ACTION_DOES_NOT_MATCH_INTENT', `The order's intent is ${order.intent}.`),
          );
        }
        if (order.status === 'COMPLETED') {
          return reply(unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.'));
        }
        const wanted = String(req.headers['x-simulator-capture-status'] ?? 'COMPLETED');
        const status: CaptureStatus =
          wanted === 'PENDING' || wanted === 'DECLINED' ? wanted : 'COMPLETED';
        for (const unit of order.purchase_units) {
          if (action === 'capture') {
            addCapture(unit, order.id, status);
          } else {
            const a: Authorization = {
              id: paypalId(),
              status: 'CREATED',
              amount: unit.amount,
              orderId: order.id,
            };
            authorizations.set(a.id, a);
            unit.authorizations.push(a);
          }
        }
        order.status = 'COMPLETED';
        return send(201, orderBody(order));
      }

      m = match(/^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)$/);
      if (req.method === 'GET' && m) {
        if (!authorized) return reply(authenticationFailure());
        const order = orders.get(m[1] as string);
        return order ? send(200, orderBody(order)) : reply(notFound());
      }

      m = match(/^\/v2\/payments\/authorizations\/([A-Za-z0-9-]+)\/(capture|void)$/);
      if (req.method === 'POST' && m) {
        if (!authorized) return reply(authenticationFailure());
        const auth = authorizations.get(m[1] as string);
        if (!auth) return reply(notFound());
        if (auth.status !== 'CREATED') {
          return reply(
            unprocessable(
              'AUTHORIZATION_ALREADY_COMPLETED',
              'The authorization is already completed.',
            ),
          );
        }
        if (m[2] === 'void') {
          auth.status = 'VOIDED';
          return send(200, { id: auth.id, status: auth.status });
        }
        auth.status = 'CAPTURED';
        const unit = orders
          .get(auth.orderId)
          ?.purchase_units.find((u) => u.authorizations.includes(auth));
        if (!unit) return reply(notFound());
        const c = addCapture(unit, auth.orderId, 'COMPLETED');
        return send(201, captureBody(c));
      }

      m = match(/^\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/refund$/);
      if (req.method === 'POST' && m) {
        if (!authorized) return reply(authenticationFailure());
        const c = captures.get(m[1] as string);
        if (!c) return reply(notFound());
        if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED') {
          return reply(
            unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.'),
          );
        }
        // A body with an amount refunds that much; none refunds what is left.
        const left = centsOf(c.amount.value) - c.refundedCents;
        const asked = (body as { amount?: Money } | undefined)?.amount;
        const cents = asked ? centsOf(asked.value) : left;
        if (!(cents > 0) || cents > left) {
          return reply(
            unprocessable(
              'REFUND_AMOUNT_EXCEEDED',
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
            ),
          );
        }
        c.refundedCents += cents;
        c.lastRefund = moneyOf(c.amount.currency_code, cents);
        c.status = c.refundedCents < centsOf(c.amount.value) ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
        return send(201, { id: paypalId(), status: 'COMPLETED', amount: c.lastRefund });
      }

      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        if (!authorized) return reply(authenticationFailure());
        return reply(verifySignature(body));
      }
      if (req.method === 'POST' && path === '/simulator/webhook-events') {
        return reply(webhookEvent(body));
      }
      return reply(paypalError(404, 'NOT_FOUND', 'The specified resource does not exist.'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host}:${port}`;
  baseUrl = () => url;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
