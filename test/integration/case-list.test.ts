import { api } from './support/accounts';
import { seller, type Seller } from './support/proof';

/**
 * Issue 18: `GET /api/cases` answers one page at a time, last changed first, and the live poll
 * (`?since=`) answers only the cases changed since, through the local gateway and DynamoDB Local.
 */

type Cases = typeof import('../../lambdas/adapters/dynamo/cases');
let cases: Cases;
let a: Seller;
let b: Seller;
const SHIPMENTS = [
  'FBALIST1',
  'FBALIST2',
  'FBALIST3',
  'FBALIST4',
  'FBALIST5',
  'FBALIST6',
  'FBALIST7',
];

interface ListAnswer {
  cases: { shipment_id: string; status: string; normalized_status: string }[];
  version: string;
  changed: boolean;
  reset: boolean;
  cursor: string | null;
}

async function list(token: string, query: string) {
  const answer = await api('GET', `/api/cases?${query}`, { token });
  return { status: answer.status, body: answer.body as unknown as ListAnswer };
}

beforeAll(async () => {
  await import('./support/sync-env');
  cases = await import('../../lambdas/adapters/dynamo/cases');
  [a, b] = await Promise.all([seller(), seller()]);
  // One case per shipment, each a minute after the previous (FBALIST7 changed last).
  for (const [i, shipmentId] of SHIPMENTS.entries()) {
    await cases.upsertReadyCase(a.userId, shipmentId, {
      role: 'rivenditore',
      demo: false,
      language: 'it',
      now: new Date(Date.parse('2026-11-01T10:00:00Z') + i * 60_000).toISOString(),
    });
  }
}, 60_000);

test('the list comes a page at a time, last changed first, until the cursor runs out', async () => {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: '3', ...(cursor ? { cursor } : {}) });
    const { status, body } = await list(a.token, query.toString());
    expect(status).toBe(200);
    expect(body.reset).toBe(true);
    expect(body.cases.length).toBeLessThanOrEqual(3);
    seen.push(...body.cases.map((c) => c.shipment_id));
    cursor = body.cursor;
    pages += 1;
  } while (cursor);
  expect(pages).toBe(3);
  expect(seen).toEqual([...SHIPMENTS].reverse());
});

test('a poll answers nothing while nothing moved, then only the case that changed', async () => {
  const first = await list(a.token, 'limit=2');
  const idle = await list(a.token, `since=${encodeURIComponent(first.body.version)}`);
  expect(idle.body).toEqual({
    cases: [],
    version: first.body.version,
    changed: false,
    reset: false,
    cursor: null,
  });

  // The oldest case, far outside the first page, is opened in the seller portal.
  const opened = await api('POST', '/api/cases/FBALIST1/opened', {
    token: a.token,
    body: { amazon_case_id: '1234567890' },
  });
  expect(opened.status).toBe(200);
  const moved = await list(a.token, `since=${encodeURIComponent(first.body.version)}`);
  expect(moved.body.reset).toBe(false);
  expect(moved.body.changed).toBe(true);
  expect(moved.body.cases).toEqual([
    expect.objectContaining({ shipment_id: 'FBALIST1', normalized_status: 'in_progress' }),
  ]);
  const after = await list(a.token, `since=${encodeURIComponent(moved.body.version)}`);
  expect(after.body.changed).toBe(false);

  // It now leads the list, and the status filter finds it alone.
  const again = await list(a.token, 'limit=1');
  expect(again.body.cases[0]!.shipment_id).toBe('FBALIST1');
  const inProgress = await list(a.token, 'status=in_progress');
  expect(inProgress.body.cases.map((c) => c.shipment_id)).toEqual(['FBALIST1']);
  expect(inProgress.body.cursor).toBeNull();
});

test("another seller sees none of it and cannot use the first seller's cursor", async () => {
  const own = await list(b.token, '');
  expect(own.status).toBe(200);
  expect(own.body).toMatchObject({ cases: [], version: '0', cursor: null });

  const { body } = await list(a.token, 'limit=1');
  const stolen = await list(b.token, `cursor=${encodeURIComponent(body.cursor!)}`);
  expect(stolen.status).toBe(400);
  const polled = await list(b.token, `since=${encodeURIComponent(body.version)}`);
  expect(polled.body.cases).toEqual([]);
});

test('a limit over 100 or an unknown status is refused in the caller language', async () => {
  const tooMany = await api('GET', '/api/cases?limit=101', { token: a.token, language: 'en' });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.message).toBe('Invalid list request: reload the page');
  const unknown = await list(a.token, 'status=lost');
  expect(unknown.status).toBe(400);
});

test('a case stored before the paged list gets its listing key from the migration and shows', async () => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { table, TABLE_NAME } = await import('../../lambdas/adapters/dynamo/client');
  const { caseKeys } = await import('../../lambdas/adapters/dynamo/keys');
  const { backfillCaseListing } =
    await import('../../lambdas/adapters/dynamo/case-listing-backfill');
  await cases.upsertReadyCase(b.userId, 'FBAOLDCASE', {
    role: 'rivenditore',
    demo: false,
    language: 'it',
    now: '2026-10-01T09:00:00Z',
  });
  // As written before the list had an index: no listing key.
  await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(b.userId, 'FBAOLDCASE'),
      UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
    }),
  );
  const before = await list(b.token, 'limit=50');
  expect(before.body.cases.map((c) => c.shipment_id)).not.toContain('FBAOLDCASE');

  // The seller-scoped run: a whole-table scan of the shared test table would take long.
  const first = await backfillCaseListing({ userIds: [a.userId, b.userId] });
  expect(first.updated).toBeGreaterThanOrEqual(1);
  const after = await list(b.token, 'limit=50');
  expect(after.body.cases.map((c) => c.shipment_id)).toContain('FBAOLDCASE');
  // Another seller's list is untouched by it, and a second run changes nothing.
  const other = await list(a.token, 'limit=50');
  expect(other.body.cases.map((c) => c.shipment_id)).not.toContain('FBAOLDCASE');
  expect((await backfillCaseListing({ userIds: [b.userId] })).updated).toBe(0);
});
