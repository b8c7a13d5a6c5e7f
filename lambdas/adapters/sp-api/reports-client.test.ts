import {
  consent,
  IT,
  REDIRECT_URI,
  startTestSim,
  testScenario,
  type TestSim,
} from '../../../local/spapi-simulator/test-support';
import { fetchFeedbackReport } from '../../domain/feedback/report';
import { UpstreamFailure } from '../../domain/sync/spapi-port';
import { SpApiClient } from './client';
import { SpApiReportsClient } from './reports-client';
import { createSellerReports } from './seller-reports';
import { FAST_RETRY, simulatorCredentials as credentials } from './test-support';

/** A 1-star, a 2-star and a 5-star row: the report holds the negative and neutral ones only. */
const rows = [
  {
    Date: '2026-10-20',
    Rating: 1,
    Comments: 'Mai arrivato, il Caffè è rimasto in magazzino',
    'Order ID': '171-1234567-1234567',
    'Rater Email': 'a@marketplace.amazon.it',
  },
  {
    Date: '2026-10-21',
    Rating: 2,
    Comments: 'Scatola rotta – firmato Müller',
    'Order ID': '171-7654321-7654321',
    'Rater Email': 'b@marketplace.amazon.it',
  },
  {
    Date: '2026-10-22',
    Rating: 5,
    Comments: 'Perfetto',
    'Order ID': '171-1111111-1111111',
    'Rater Email': 'c@marketplace.amazon.it',
  },
];

let t: TestSim;
afterEach(() => t?.sim.close());

/** A simulator with a linked seller, and the Reports clients the feedback functions build. */
async function linkedSeller(
  faults: Record<string, number> = {},
  reimbursements: Record<string, unknown>[] = [],
) {
  t = await startTestSim(
    testScenario({
      feedbackReport: { rows },
      reimbursementsReport: { rows: reimbursements },
      faults,
    }),
  );
  const clock = {
    now: () => t.clock.now().getTime(),
    sleep: async (ms: number) => t.clock.advance(ms),
  };
  const reports = createSellerReports({
    endpoint: t.sim.url,
    tokenUrl: `${t.sim.url}/auth/o2/token`,
    credentials,
    clock,
    retry: FAST_RETRY,
  });
  const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
  const { refreshToken } = await reports.lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
  /** The seller-feedback report of Italy, as the feedback functions fetch it. */
  const fetchReport = () =>
    fetchFeedbackReport(reports.forSeller(refreshToken), {
      marketplaceId: IT,
      deadline: clock.now() + 60_000,
      pollIntervalMs: 1_000,
      clock,
    });
  return { reports, refreshToken, fetchReport };
}

describe('SpApiReportsClient', () => {
  it("requests the seller-feedback report, polls it until Amazon is done and reads the seller's negative rows", async () => {
    const fetched = await (await linkedSeller()).fetchReport();

    expect(fetched.status).toBe('done');
    const lines = fetched.status === 'done' ? fetched.text.trim().split('\n') : [];
    expect(lines[0]).toBe('Date\tRating\tComments\tYour Response\tOrder ID\tRater Email');
    expect(lines.slice(1).map((line) => line.split('\t')[4])).toEqual([
      '171-1234567-1234567',
      '171-7654321-7654321',
    ]);
    // The document comes in Cp1252 and says so: the accented text arrives intact.
    expect(lines.slice(1).map((line) => line.split('\t')[2])).toEqual([
      'Mai arrivato, il Caffè è rimasto in magazzino',
      'Scatola rotta – firmato Müller',
    ]);
  });

  it('reads a report served as UTF-8 without a declared charset as UTF-8', async () => {
    const { reports, refreshToken } = await linkedSeller({}, [
      {
        'approval-date': '2026-10-20T10:00:00Z',
        'reimbursement-id': '1234567890',
        reason: 'Lost_Warehouse',
        sku: 'TAZZA-1',
        'product-name': 'Tazzina Caffè – Müller',
        'currency-unit': 'EUR',
        'amount-total': 12.5,
        'quantity-reimbursed-cash': 1,
      },
    ]);
    const clock = {
      now: () => t.clock.now().getTime(),
      sleep: async (ms: number) => t.clock.advance(ms),
    };
    const fetched = await fetchFeedbackReport(reports.forSeller(refreshToken), {
      marketplaceId: IT,
      reportType: 'GET_FBA_REIMBURSEMENTS_DATA',
      deadline: clock.now() + 60_000,
      pollIntervalMs: 1_000,
      clock,
    });

    expect(fetched.status).toBe('done');
    expect(fetched.status === 'done' ? fetched.text : '').toContain('\tTazzina Caffè – Müller\t');
  });

  it('gets through throttling and server errors on the Reports calls with its retries', async () => {
    const { fetchReport } = await linkedSeller({
      throttleEveryNthCall: 2,
      serverErrorEveryNthCall: 3,
    });
    const fetched = await fetchReport();

    expect(fetched.status).toBe('done');
    expect(t.sim.stats().throttled).toBeGreaterThan(0);
    expect(t.sim.stats().serverErrors).toBeGreaterThan(0);
  });

  it('reads a report Amazon does not know as a permanent failure, without retrying it', async () => {
    const { reports, refreshToken } = await linkedSeller();
    const before = t.sim.stats().total;
    const failure = await reports
      .forSeller(refreshToken)
      .getReport('404')
      .catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect(failure).toMatchObject({ kind: 'permanent', code: 'NotFound', status: 404 });
    expect(t.sim.stats().total - before).toBe(1);
  });

  it('answers the same calls inside the full client, counted with its other calls', async () => {
    const { reports, refreshToken } = await linkedSeller();
    const client = new SpApiClient({
      endpoint: t.sim.url,
      accessToken: () => reports.lwa.accessToken(refreshToken),
      retry: FAST_RETRY,
    });
    const reportId = await client.createReport({
      reportType: 'GET_SELLER_FEEDBACK_DATA',
      marketplaceIds: [IT],
    });
    await client.getMarketplaceParticipations();
    const alone = new SpApiReportsClient({
      endpoint: t.sim.url,
      accessToken: () => reports.lwa.accessToken(refreshToken),
    });

    expect(await alone.getReport(reportId)).toEqual({ status: 'IN_QUEUE' });
    expect(await client.getReport(reportId)).toEqual({ status: 'IN_PROGRESS' });
    expect(client.callStats()).toEqual({ total: 3, throttled: 0, retried: 0 });
  });
});
