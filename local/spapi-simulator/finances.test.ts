import { loadScenarioFile } from './scenario';
import {
  authorize,
  callSp,
  DEFAULT_SCENARIO,
  IT,
  startTestSim,
  testScenario,
  withQuery,
  type TestSim,
} from './test-support';

interface Page {
  payload: { nextToken?: string; transactions: { relatedIdentifiers: unknown[] }[] };
}

const PATH = '/finances/2024-06-19/transactions';
const defaults = loadScenarioFile(DEFAULT_SCENARIO);

describe('Finances v2024-06-19 listTransactions', () => {
  let t: TestSim;
  let token: string;
  beforeAll(async () => {
    t = await startTestSim(testScenario({ finances: { ...defaults.finances, pageSize: 1 } }));
    token = (await authorize(t.sim)).accessToken;
  });
  afterAll(() => t.sim.close());

  const range = { postedAfter: '2026-07-01T00:00:00Z', postedBefore: '2026-10-31T00:00:00Z' };

  it('pages the scenario’s refunds by nextToken, each page as the model describes', async () => {
    const first = await callSp<Page>(
      t.sim,
      'listTransactions',
      withQuery(PATH, { ...range, marketplaceId: IT }),
      token,
    );
    expect(first.status).toBe(200);
    expect(first.body.payload.transactions).toHaveLength(1);
    const next = await callSp<Page>(
      t.sim,
      'listTransactions',
      withQuery(PATH, { ...range, marketplaceId: IT, nextToken: first.body.payload.nextToken }),
      token,
    );
    expect(next.body.payload.transactions).toHaveLength(1);
    expect(next.body.payload.nextToken).toBeUndefined();
    expect(
      [...first.body.payload.transactions, ...next.body.payload.transactions].map(
        (tx) => tx.relatedIdentifiers,
      ),
    ).toHaveLength(2);
  });

  it('lists a refund Amazon posts later (POST /__sim/orders); refuses an empty or malformed body', async () => {
    const post = (body: unknown) =>
      fetch(`${t.sim.url}/__sim/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refund = {
      ...defaults.finances.transactions[0],
      transactionId: 'T-171-5559999-0000009',
      relatedIdentifiers: [
        { relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: '171-5559999-0000009' },
      ],
      postedDate: '2026-10-20T10:00:00Z',
    };
    expect((await post({ transactions: [refund] })).status).toBe(200);
    expect((await post({})).status).toBe(400);
    expect((await post({ transactions: [] })).status).toBe(400);
    expect((await post({ removalShipments: [{ 'order-id': 'RMV-1' }] })).status).toBe(400);
    expect((await post({ refunds: [refund] })).status).toBe(400);
    const listed = await callSp<Page>(
      t.sim,
      'listTransactions',
      withQuery(PATH, { postedAfter: '2026-10-15T00:00:00Z', postedBefore: range.postedBefore }),
      token,
    );
    expect(listed.body.payload.transactions.map((tx) => tx.relatedIdentifiers)).toEqual([
      refund.relatedIdentifiers,
    ]);
  });

  it('refuses a postedBefore within two minutes of now', async () => {
    const late = await callSp(
      t.sim,
      'listTransactions',
      withQuery(PATH, { postedAfter: range.postedAfter, postedBefore: '2026-10-31T23:59:00Z' }),
      token,
    );
    expect(late.status).toBe(400);
  });
});
