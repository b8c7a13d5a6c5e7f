import { gunzipSync } from 'node:zlib';
import { lastReceiptDates } from '../../lambdas/domain/sync/ledger';
import {
  authorize,
  callSp,
  DE,
  IT,
  startTestSim,
  testScenario,
  type TestSim,
} from './test-support';

interface Report {
  reportId: string;
  processingStatus: string;
  reportDocumentId?: string;
  processingStartTime?: string;
  processingEndTime?: string;
}

const REPORTS = '/reports/2021-06-30/reports';
const DOCUMENTS = '/reports/2021-06-30/documents';

const rows = [
  {
    Date: '28/10/2026',
    Rating: 2,
    Comments: 'Consegna in ritardo, scatola "distrutta"\ne niente scuse',
    Response: '',
    'Order ID': '171-1234567-1234567',
    'Rater Email': 'abc@marketplace.amazon.it',
  },
  {
    Date: '2026-09-15',
    Rating: 1,
    Comments: 'Never arrived\tat all',
    Response: 'We are sorry',
    'Order ID': '202-7654321-7654321',
    'Rater Email': 'def@marketplace.amazon.co.uk',
  },
  {
    Date: '2026-10-01',
    Rating: 5,
    Comments: 'Perfetto!',
    'Order ID': '171-9999999-9999999',
    'Rater Email': 'pos@marketplace.amazon.it',
  },
  {
    Date: '01/03/25',
    Rating: 3,
    Comments: 'così così',
    'Order ID': '403-1111111-2222222',
    'Rater Email': 'ghi@marketplace.amazon.de',
  },
];

describe('Reports 2021-06-30', () => {
  let t: TestSim;
  let token: string;
  beforeEach(async () => {
    t = await startTestSim(testScenario({ feedbackReport: { rows } }));
    token = (await authorize(t.sim)).accessToken;
  });
  afterEach(() => t.sim.close());

  const create = (body: unknown) =>
    callSp<{ reportId: string }>(t.sim, 'createReport', REPORTS, token, { method: 'POST', body });
  const poll = (id: string) => callSp<Report>(t.sim, 'getReport', `${REPORTS}/${id}`, token);
  const documentOf = (id: string, query = '') =>
    callSp<{ reportDocumentId: string; url: string; compressionAlgorithm: string }>(
      t.sim,
      'getReportDocument',
      `${DOCUMENTS}/${encodeURIComponent(id)}${query}`,
      token,
    );

  it('goes IN_QUEUE → IN_PROGRESS → DONE over polls and serves the 1–3 star rows as gzip TSV in Cp1252', async () => {
    const created = await create({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [IT] });
    const statuses: string[] = [];
    let report: Report;
    do {
      t.clock.advance(100);
      report = (await poll(created.body.reportId)).body;
      statuses.push(report.processingStatus);
    } while (report.processingStatus !== 'DONE');
    const doc = await documentOf(report.reportDocumentId ?? '');
    const download = await fetch(doc.body.url);
    const bytes = gunzipSync(Buffer.from(await download.arrayBuffer()));
    const tsv = new TextDecoder('windows-1252').decode(bytes);

    expect(created.status).toBe(202);
    expect(created.body.reportId).toMatch(/^\d+$/);
    expect(statuses).toEqual(['IN_QUEUE', 'IN_PROGRESS', 'DONE']);
    expect(report.processingStartTime).toBeDefined();
    expect(report.processingEndTime).toBeDefined();
    expect(doc.body.compressionAlgorithm).toBe('GZIP');
    expect(doc.body.reportDocumentId).toBe(report.reportDocumentId);
    expect(doc.body.url.startsWith(t.sim.url)).toBe(true);
    expect(download.status).toBe(200);
    // Amazon's EU flat files come in windows-1252 and say so: "ì" is the one byte 0xEC.
    expect(download.headers.get('content-type')).toBe('text/plain;charset=Cp1252');
    expect(bytes.includes(Buffer.from('cos\xEC', 'latin1'))).toBe(true);
    expect(tsv.split('\n')).toEqual([
      'Date\tRating\tComments\tYour Response\tOrder ID\tRater Email',
      '28/10/2026\t2\t"Consegna in ritardo, scatola ""distrutta""',
      'e niente scuse"\t\t171-1234567-1234567\tabc@marketplace.amazon.it',
      '2026-09-15\t1\t"Never arrived\tat all"\tWe are sorry\t202-7654321-7654321\tdef@marketplace.amazon.co.uk',
      // The 5-star row is not in a report of negative and neutral feedback.
      '01/03/25\t3\tcosì così\t\t403-1111111-2222222\tghi@marketplace.amazon.de',
      '',
    ]);
  });

  it('also finishes by time alone', async () => {
    const created = await create({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [IT] });
    t.clock.advance(2_000);
    const started = await poll(created.body.reportId);
    t.clock.advance(60_000);
    const done = await poll(created.body.reportId);

    expect(started.body.processingStatus).toBe('IN_PROGRESS');
    expect(done.body.processingStatus).toBe('DONE');
  });

  it('keeps only the rows within dataStartTime..dataEndTime, and cancels when none are left', async () => {
    const ranged = await create({
      reportType: 'GET_SELLER_FEEDBACK_DATA',
      marketplaceIds: [IT],
      dataStartTime: '2026-09-01T00:00:00Z',
      dataEndTime: '2026-09-30T23:59:59Z',
    });
    const empty = await create({
      reportType: 'GET_SELLER_FEEDBACK_DATA',
      marketplaceIds: [IT],
      dataStartTime: '2024-01-01T00:00:00Z',
      dataEndTime: '2024-02-01T00:00:00Z',
    });
    const otherType = await create({
      reportType: 'GET_FBA_REIMBURSEMENTS_DATA',
      marketplaceIds: [IT],
    });
    const final = async (id: string): Promise<Report> => {
      await poll(id);
      await poll(id);
      return (await poll(id)).body;
    };
    const rangedReport = await final(ranged.body.reportId);
    const doc = await documentOf(rangedReport.reportDocumentId ?? '');
    const tsv = gunzipSync(Buffer.from(await (await fetch(doc.body.url)).arrayBuffer())).toString(
      'utf8',
    );
    const emptyReport = await final(empty.body.reportId);

    expect(tsv.trim().split('\n')).toHaveLength(2);
    expect(tsv).toContain('202-7654321-7654321');
    expect(emptyReport.processingStatus).toBe('CANCELLED');
    expect(emptyReport.reportDocumentId).toBeUndefined();
    expect((await final(otherType.body.reportId)).processingStatus).toBe('CANCELLED');
  });

  it('expires the document URL after 5 minutes', async () => {
    const created = await create({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [IT] });
    t.clock.advance(10_000);
    const report = (await poll(created.body.reportId)).body;
    const { url } = (await documentOf(report.reportDocumentId ?? '')).body;
    t.clock.advance(300_000);
    const lastSecond = await fetch(url);
    t.clock.advance(1);
    const expired = await fetch(url);
    const tampered = await fetch(url.replace(/X-Amz-Date=\d/, 'X-Amz-Date=3'));

    expect(lastSecond.status).toBe(200);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
    expect(tampered.status).toBe(403);
  });

  it('serves Content-Encoding: gzip when enableContentEncodingUrlHeader=true', async () => {
    const created = await create({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [IT] });
    t.clock.advance(10_000);
    const report = (await poll(created.body.reportId)).body;
    const { url } = (
      await documentOf(report.reportDocumentId ?? '', '?enableContentEncodingUrlHeader=true')
    ).body;
    const res = await fetch(url);

    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses by itself when the header is there.
    expect((await res.text()).startsWith('Date\tRating')).toBe(true);
  });

  it('answers 400 for a bad specification and 404 for unknown ids', async () => {
    const noMarketplace = await create({ reportType: 'GET_SELLER_FEEDBACK_DATA' });
    const badType = await create({ reportType: 'feedback', marketplaceIds: [IT] });
    const notSeller = await create({
      reportType: 'GET_SELLER_FEEDBACK_DATA',
      marketplaceIds: ['A1F83G8C2ARO7P'],
    });
    const notJson = await callSp(t.sim, 'createReport', REPORTS, token, {
      method: 'POST',
      body: 'x',
    });
    const unknownReport = await poll('1');
    const unknownDocument = await documentOf('amzn1.spdoc.1.4.eu.nope');

    expect([noMarketplace.status, badType.status, notSeller.status]).toEqual([400, 400, 400]);
    expect(notJson.status).toBe(400);
    expect(unknownReport.status).toBe(404);
    expect(unknownDocument.status).toBe(404);
    expect(
      (await create({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [IT, DE] })).status,
    ).toBe(202);
  });

  it('serves the FBA reimbursements report with Amazon\u2019s columns, including rows approved later', async () => {
    const approve = await fetch(`${t.sim.url}/__sim/reimbursements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rows: [
          {
            'approval-date': '2026-11-10T08:00:00Z',
            'reimbursement-id': '2871643001',
            reason: 'Lost_Inbound',
            sku: 'CACAO AMARO 250G',
            fnsku: 'X00AAZFWL3',
            'currency-unit': 'EUR',
            'amount-per-unit': 6.5,
            'amount-total': 13,
            'quantity-reimbursed-cash': 2,
          },
        ],
      }),
    });
    expect(approve.status).toBe(200);
    const refused = await fetch(`${t.sim.url}/__sim/reimbursements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [{ sku: 'X' }] }),
    });
    expect(refused.status).toBe(400);

    const created = await create({
      reportType: 'GET_FBA_REIMBURSEMENTS_DATA',
      marketplaceIds: [IT],
      dataStartTime: '2026-11-01T00:00:00Z',
    });
    t.clock.advance(10_000);
    const report = (await poll(created.body.reportId)).body;
    expect(report.processingStatus).toBe('DONE');
    const doc = await documentOf(report.reportDocumentId ?? '');
    const tsv = gunzipSync(Buffer.from(await (await fetch(doc.body.url)).arrayBuffer())).toString(
      'utf8',
    );
    const [header, line] = tsv.split('\n');
    expect(header?.split('\t').slice(0, 5)).toEqual([
      'approval-date',
      'reimbursement-id',
      'case-id',
      'amazon-order-id',
      'reason',
    ]);
    const cells = Object.fromEntries(
      (header ?? '').split('\t').map((name, i) => [name, line?.split('\t')[i]]),
    );
    expect(cells).toMatchObject({
      'approval-date': '2026-11-10T08:00:00+00:00',
      'reimbursement-id': '2871643001',
      sku: 'CACAO AMARO 250G',
      'amount-total': '13.00',
      'quantity-reimbursed-cash': '2',
      'quantity-reimbursed-total': '2',
    });
  });

  it("serves the inventory ledger's receipts with Amazon's columns, as the sync reads them", async () => {
    t.sim.loadScenario(
      testScenario({
        ledgerReport: {
          rows: [
            {
              Date: '2026-09-12T10:00:00Z',
              MSKU: 'TAZ-CER-350',
              'Event Type': 'Receipts',
              'Reference ID': 'FBA15K7QX9ZL',
              Quantity: 54,
              'Fulfillment Center': 'MXP5',
              Country: 'IT',
            },
            {
              Date: '2025-01-01T10:00:00Z',
              MSKU: 'OLD',
              'Event Type': 'Receipts',
              'Reference ID': 'FBAOLD',
              Quantity: 1,
              Country: 'IT',
            },
          ],
        },
      }),
    );
    const created = await create({
      reportType: 'GET_LEDGER_DETAIL_VIEW_DATA',
      marketplaceIds: [IT],
      dataStartTime: '2026-01-01T00:00:00Z',
    });
    t.clock.advance(10_000);
    const report = (await poll(created.body.reportId)).body;
    expect(report.processingStatus).toBe('DONE');
    const doc = await documentOf(report.reportDocumentId ?? '');
    const tsv = gunzipSync(Buffer.from(await (await fetch(doc.body.url)).arrayBuffer())).toString(
      'utf8',
    );
    expect(tsv.split('\n')).toEqual([
      'Date\tFNSKU\tASIN\tMSKU\tTitle\tEvent Type\tReference ID\tQuantity\tFulfillment Center\tDisposition\tReason\tCountry\tReconciled Quantity\tUnreconciled Quantity',
      '09/12/2026\t\t\tTAZ-CER-350\t\tReceipts\tFBA15K7QX9ZL\t54\tMXP5\tSELLABLE\t\tIT\t0\t0',
      '',
    ]);
    expect(Object.fromEntries(lastReceiptDates(tsv))).toEqual({
      FBA15K7QX9ZL: '2026-09-12T00:00:00.000Z',
    });
  });
});
