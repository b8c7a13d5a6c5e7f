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
