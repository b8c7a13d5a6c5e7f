import fc from 'fast-check';
import { FUNCTIONS, type RouteSpec } from '../../lib/functions';
import { stack } from './support/accounts';
import { seller, type Seller } from './support/proof';

/**
 * Issue 11, bad input through the local API gateway with a valid token: for every route of the
 * catalogue, random JSON, wrong types, non-JSON text, 100 KB strings, control characters and
 * odd path parameters and queries. Whatever arrives, a function never answers 500; a refusal is
 * a 4xx with a JSON body carrying a message. Property runs are bounded (about 100 per kind) so
 * the file stays well under a minute.
 */

jest.setTimeout(120_000);

const ROUTES: readonly RouteSpec[] = FUNCTIONS.flatMap((f) => f.routes ?? []);
const routeName = (r: RouteSpec) => `${r.method} ${r.path}`;

/** Every field name a handler of the catalogue reads, to aim wrong types at real fields. */
const FIELDS = [
  'shipmentId',
  'shipment_id',
  'role',
  'docType',
  'fileName',
  'size',
  'contentType',
  'path',
  'documentPath',
  'case_id',
  'template',
  'language',
  'notes',
  'save',
  'marketplace',
  'marketplace_id',
  'store_name',
  'state',
  'spapi_oauth_code',
  'selling_partner_id',
  'reply_email',
  'sku',
  'amount',
  'currency',
  'feedbackId',
  'orderID',
  'country',
  'email',
  'message',
  'subject',
  'category',
  'captchaToken',
  'captchaAnswer',
  'locale',
  'token',
  'userId',
  'received',
  'units',
];
const QUERY_FIELDS = ['shipmentId', 'since', 'marketplace', 'removable', 'limit', 'cursor', 'q'];

const CONTROL = fc
  .array(
    fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    {
      minLength: 1,
      maxLength: 20,
    },
  )
  .map((cs) => cs.join(''));
const HUGE = fc
  .constantFrom('x', 'è', '\u0000', '<script>', '€', '"')
  .map((c) => c.repeat(Math.ceil(100_000 / c.length)));
const WRONG = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  fc.string({ maxLength: 30 }),
  CONTROL,
  fc.constantFrom('', ' ', '-1', '1e309', 'NaN', 'true', '../../etc/passwd', '__proto__'),
);
const wrongTypes = fc.dictionary(fc.constantFrom(...FIELDS), WRONG, { minKeys: 1, maxKeys: 6 });

type Payload = {
  route: RouteSpec;
  params: string[];
  query: string;
  body?: string | Buffer;
  type?: string;
};

/** A path parameter a client could send: anything, percent-encoded as a URL must be. */
const param = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  CONTROL,
  fc.constantFrom(
    '..',
    '%',
    'a/b',
    'DEMO001',
    '__proto__',
    'constructor',
    'x'.repeat(2000),
    'è'.repeat(700),
    '<script>',
  ),
  fc.uuid(),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom(...QUERY_FIELDS),
      fc.oneof(
        fc.string(),
        CONTROL,
        HUGE.map((h) => h.slice(0, 500)),
      ),
      {
        maxKeys: 4,
      },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
);

function payload(body: fc.Arbitrary<string | Buffer | undefined>, type = 'application/json') {
  return fc.record({
    route: fc.constantFrom(...ROUTES),
    params: fc.array(param, { minLength: 2, maxLength: 2 }),
    query,
    body,
    type: fc.constant(type),
  });
}

function url(p: Payload): string {
  let i = 0;
  const path = p.route.path.replace(/\{[^}]+\}/g, () => {
    const value = p.params[i++] ?? 'x';
    try {
      return encodeURIComponent(value);
    } catch {
      return 'x'; // a lone surrogate cannot be put in a URL
    }
  });
  return `${stack.apiUrl}${path}${p.query}`;
}

let user: Seller;
const seen = new Map<string, number[]>();

async function send(p: Payload) {
  const res = await fetch(url(p), {
    method: p.route.method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(p.body === undefined ? {} : { 'content-type': p.type ?? 'application/json' }),
    },
    body: p.route.method === 'GET' ? undefined : p.body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const where = `${routeName(p.route)} ${url(p).slice(0, 200)} body ${String(p.body).slice(0, 200)}: ${res.status} ${text.slice(0, 300)}`;
  seen.set(routeName(p.route), [...(seen.get(routeName(p.route)) ?? []), res.status]);
  expect({ where, server_error: res.status >= 500 }).toEqual({ where, server_error: false });
  if (res.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const message = (body as { message?: unknown } | undefined)?.message;
    expect({ where, message: typeof message === 'string' && message.length > 0 }).toEqual({
      where,
      message: true,
    });
    expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}

beforeAll(async () => {
  user = await seller();
});

const RUNS = { numRuns: 100, endOnFailure: true } as const;

test('random JSON values as the body of every route', async () => {
  await fc.assert(
    fc.asyncProperty(
      payload(fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null')),
      send,
    ),
    RUNS,
  );
});

test('known field names with wrong types', async () => {
  await fc.assert(fc.asyncProperty(payload(wrongTypes.map((v) => JSON.stringify(v))), send), RUNS);
});

test('bodies that are not JSON: random strings, invalid UTF-8, other content types', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        payload(fc.string({ maxLength: 200 })),
        payload(fc.string({ unit: 'binary', maxLength: 200 }), 'text/plain'),
        payload(fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b))),
        payload(fc.string({ maxLength: 200 }), 'multipart/form-data; boundary=xyz'),
        payload(fc.string({ maxLength: 200 }), 'application/x-www-form-urlencoded'),
      ),
      send,
    ),
    RUNS,
  );
});

test('100 KB strings and control characters in every field', async () => {
  await fc.assert(
    fc.asyncProperty(
      payload(
        fc
          .dictionary(fc.constantFrom(...FIELDS), fc.oneof(HUGE, CONTROL), {
            minKeys: 1,
            maxKeys: 4,
          })
          .map((v) => JSON.stringify(v)),
      ),
      send,
    ),
    RUNS,
  );
});

test('every route once with each classic hostile body', async () => {
  const bodies = [
    undefined,
    '',
    'null',
    '[]',
    '"text"',
    '1e309',
    '{',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    JSON.stringify({ a: JSON.parse('['.repeat(500) + ']'.repeat(500)) }),
    JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'x'.repeat(100_000)]))),
    JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, '\u0000\u202e\ud800']))),
  ];
  for (const route of ROUTES) {
    for (const body of bodies) {
      await send({ route, params: ['x', 'y'], query: '', body });
    }
    // Ids and queries beyond any key size the table takes (1200 bytes of UTF-8).
    const long = 'è'.repeat(600);
    await send({ route, params: [long, long], query: '' });
    for (const field of QUERY_FIELDS) {
      await send({
        route,
        params: ['x', 'y'],
        query: `?${new URLSearchParams({ [field]: long })}`,
      });
    }
    // A paging cursor that is JSON but not a key of the caller's.
    const cursor = Buffer.from(JSON.stringify({ PK: 'USER#x', SK: 'y', a: 1 })).toString(
      'base64url',
    );
    await send({ route, params: ['x', 'y'], query: `?cursor=${cursor}` });
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  // Every route of the catalogue was reached at least once.
  expect(ROUTES.filter((r) => !seen.has(routeName(r)))).toEqual([]);
  // Some 20 requests per route, one after another: its time grows with the catalogue.
}, 300_000);
