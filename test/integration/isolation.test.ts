import { FUNCTIONS } from '../../lib/functions';
import { api, stack } from './support/accounts';
import { CASES, type Attempt } from './support/isolation-cases';
import { objectExists, partition, populate, type World } from './support/proof';

/**
 * Issue 11, tenant isolation: two sellers with data in every entity; for every non-public route
 * of the catalogue (lib/functions.ts), seller B tries to read, change or delete seller A's
 * resources by id, path, query and body. Every attempt is refused or answers B's own data, never
 * anything of A's, and A's partition (PK = USER#<A>) and files are the same before and after.
 * A route added to the catalogue without a case in support/isolation-cases.ts turns this suite
 * red. Presigned URLs and forged tokens: isolation-signatures.test.ts.
 */

jest.setTimeout(180_000);

const ROUTES = FUNCTIONS.flatMap((f) =>
  (f.routes ?? []).filter((r) => !r.public).map((r) => `${r.method} ${r.path}`),
);

/** What B must never see: A's values, less those B itself sends in the attempt. */
function secretsOf(a: World): Record<string, string> {
  return {
    email: a.email,
    'user id': a.userId,
    'sync run id': a.runId,
    'payment order': a.orderId,
    'document id': a.docId,
    'document path': a.docPath,
    'debug file path': a.debugPath,
    'document file name': a.docFilename,
    'sent case id': a.sentCaseId,
    'ready case id': a.readyCaseId,
    'feedback order': a.feedbackOrder,
    'feedback comment': a.feedbackComment,
    'reply address': a.replyEmail,
    sku: a.sku,
    'unit value': String(a.unitValue),
    'removal order id': a.removalOrderId,
  };
}

async function attempt(token: string, a: Attempt) {
  let body: FormData | string | undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (a.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(a.form)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.content], { type: 'text/plain' }), value.name);
    }
    body = form;
  } else if (a.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(a.body);
  }
  const res = await fetch(`${stack.apiUrl}${a.path}`, { method: a.method, headers, body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, text, body: json };
}

let a: World;
let b: World;

beforeAll(async () => {
  [a, b] = await Promise.all([populate('A'), populate('B')]);
});

test('every non-public route of the catalogue has an isolation case, and no case is stale', () => {
  const missing = ROUTES.filter((route) => !(route in CASES));
  if (missing.length > 0) {
    throw new Error(
      `No tenant-isolation case for ${missing.join(', ')}. Add one to CASES in ` +
        'test/integration/support/isolation-cases.ts: how another user could aim at these routes.',
    );
  }
  expect(Object.keys(CASES).filter((route) => !ROUTES.includes(route))).toEqual([]);
});

test('both sellers have data in every entity', async () => {
  for (const w of [a, b]) {
    const kinds = new Set((await partition(w.userId)).map((i) => String(i.SK).split('#')[0]));
    for (const kind of [
      'PROFILE',
      'CONNECTION',
      'SUB',
      'SYNCRUN',
      'SYNC_STATE',
      'SHIP',
      'SKUVALUE',
      'CASE',
      'DOC',
      'AUDIT',
      'CLAIM',
      'REMOVAL_DELIVERY',
      'FEEDBACK',
      'ENDPOINT',
    ]) {
      expect([...kinds]).toContain(kind);
    }
    expect(await objectExists(w.docPath)).toBe(true);
    // Each seller's own next-page cursor still pages through their feedback.
    const next = await api('GET', `/api/feedback?limit=1&cursor=${w.feedbackCursor}`, {
      token: w.token,
    });
    expect(next.status).toBe(200);
    expect((next.body.items as unknown[]).length).toBe(1);
  }
});

/**
 * Everything B has sent so far, over every route: a value of A's that B itself wrote earlier
 * (say A's SKU name as B's own unit value) is B's own data when a later answer shows it.
 */
let sentByB = '';

describe.each(ROUTES)('%s', (route) => {
  test("B's attempts on A's resources are refused and change nothing of A's", async () => {
    const build = CASES[route];
    if (!build) {
      throw new Error(
        `No tenant-isolation case for ${route}: add one to CASES in test/integration/support/isolation-cases.ts.`,
      );
    }
    const secrets = secretsOf(a);
    for (const step of build(a, b)) {
      const before = await partition(a.userId);
      const caller = step.as === 'a' ? a : b;
      const res = await attempt(caller.token, step);
      const where = `${route} (${step.label}): answered ${res.status} ${res.text.slice(0, 300)}`;

      expect({ where, server_error: res.status >= 500 }).toEqual({ where, server_error: false });
      expect({ where, unauthenticated: res.status === 401 }).toEqual({
        where,
        unauthenticated: false,
      });
      if (step.expect === 'forbidden')
        expect({ where, status: res.status }).toEqual({ where, status: 403 });
      if (step.expect === 'refused') {
        expect({ where, refused: res.status >= 400 && res.status < 500 }).toEqual({
          where,
          refused: true,
        });
      }
      if (res.status >= 400) {
        expect(typeof res.body.message).toBe('string');
      } else {
        step.check?.(res.status, res.body);
      }
      if (caller === b) {
        sentByB += `\n${step.path} ${JSON.stringify(step.body ?? step.form ?? '')}`;
        const leaked = Object.entries(secrets)
          .filter(([, value]) => !sentByB.includes(value) && res.text.includes(value))
          .map(([name]) => name);
        expect({ where, leaked }).toEqual({ where, leaked: [] });
      }
      expect({ where, partition: await partition(a.userId) }).toEqual({ where, partition: before });
      expect(await objectExists(a.docPath)).toBe(true);
    }
  });
});
