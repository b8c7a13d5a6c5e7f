import { randomBytes } from 'node:crypto';
import http from 'node:http';

/** The local stand-in's REST app credentials (never used anywhere but the simulator). */
export const LOCAL_PAYMENT_CLIENT_ID = 'local-payment-client';
export const LOCAL_PAYMENT_CLIENT_SECRET = 'local-payment-secret';

interface Order {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  description: string | undefined;
}

export interface PaymentSimulator {
  url: string;
  close(): Promise<void>;
  /** Test helper: an order as the checkout would leave it, with any amount or status. */
  createOrder(amount: { currency_code: string; value: string }, capture?: boolean): Order;
}

function orderBody(order: Order) {
  return {
    id: order.id,
    status: order.status,
    intent: 'CAPTURE',
    purchase_units: [{ amount: order.amount, description: order.description }],
  };
}

/**
 * A tiny payment provider for the local stack and the tests, speaking the part of PayPal's REST
 * API the product uses: client-credentials tokens, create and capture of an order (what the
 * checkout button does in the browser), and `GET /v2/checkout/orders/{id}` for the server's
 * verification. Orders live in memory; a restart forgets them, as a sandbox reset would.
 */
export async function startPaymentSimulator(options: {
  host: string;
  port: number;
}): Promise<PaymentSimulator> {
  const orders = new Map<string, Order>();
  const tokens = new Set<string>();

  const newOrder = (amount: Order['amount'], description?: string): Order => {
    const order: Order = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      status: 'CREATED',
      amount,
      description,
    };
    orders.set(order.id, order);
    return order;
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        // The web app's checkout button calls create and capture from the browser.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, authorization',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'OPTIONS') return send(204);
      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(
          `${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`,
        ).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
        let body: { purchase_units?: { amount?: Order['amount']; description?: string }[] };
        try {
          body = JSON.parse(raw || '{}');
        } catch {
          return send(400, { name: 'INVALID_REQUEST' });
        }
        const unit = body.purchase_units?.[0];
        if (!unit?.amount) return send(422, { name: 'UNPROCESSABLE_ENTITY' });
        return send(201, orderBody(newOrder(unit.amount, unit.description)));
      }
      const capture = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)\/capture$/.exec(url.pathname);
      if (req.method === 'POST' && capture) {
        const order = orders.get(capture[1] as string);
        if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
        if (order.status === 'COMPLETED') return send(422, { name: 'ORDER_ALREADY_CAPTURED' });
        order.status = 'COMPLETED';
        return send(201, orderBody(order));
      }
      const get = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(token)) return send(401, { error: 'invalid_token' });
        const order = orders.get(get[1] as string);
        return order ? send(200, orderBody(order)) : send(404, { name: 'RESOURCE_NOT_FOUND' });
      }
      return send(404, { name: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    createOrder(amount, captureIt = true) {
      const order = newOrder(amount, 'test');
      if (captureIt) order.status = 'COMPLETED';
      return order;
    },
  };
}
