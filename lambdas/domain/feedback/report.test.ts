import type { Clock } from '../clock';
import { fetchFeedbackReport, type ReportStatus, type ReportsPort } from './report';

function fakeClock(start = Date.parse('2026-11-21T10:00:00Z')): Clock {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
}

function fakeReports(statuses: ReportStatus[], text = 'Date\tRating\n') {
  const calls: string[] = [];
  const port: ReportsPort = {
    createReport: async (input) => {
      calls.push(
        `create ${input.reportType} ${input.marketplaceIds.join()} ${input.dataStartTime}`,
      );
      return 'R1';
    },
    getReport: async (id) => {
      calls.push(`get ${id}`);
      const status = statuses.shift() ?? 'IN_PROGRESS';
      return status === 'DONE' ? { status, reportDocumentId: 'D1' } : { status };
    },
    downloadReportDocument: async (id) => {
      calls.push(`download ${id}`);
      return text;
    },
  };
  return { port, calls };
}

const options = (clock: Clock) => ({
  marketplaceId: 'APJ6JRA9NG5V4',
  deadline: clock.now() + 10_000,
  pollIntervalMs: 1_000,
  clock,
});

describe('fetchFeedbackReport', () => {
  it('requests the last 90 days of seller feedback, polls until done and downloads it', async () => {
    const clock = fakeClock();
    const { port, calls } = fakeReports(['IN_QUEUE', 'IN_PROGRESS', 'DONE'], 'tsv');
    const result = await fetchFeedbackReport(port, options(clock));
    expect(result).toEqual({ status: 'done', reportId: 'R1', text: 'tsv' });
    expect(calls).toEqual([
      'create GET_SELLER_FEEDBACK_DATA APJ6JRA9NG5V4 2026-08-23T10:00:00.000Z',
      'get R1',
      'get R1',
      'get R1',
      'download D1',
    ]);
  });

  it('treats a cancelled report as no data', async () => {
    const { port } = fakeReports(['CANCELLED']);
    expect(await fetchFeedbackReport(port, options(fakeClock()))).toEqual({
      status: 'no_data',
      reportId: 'R1',
    });
  });

  it('stops at the deadline and resumes the same report later', async () => {
    const clock = fakeClock();
    const { port, calls } = fakeReports([]);
    expect(await fetchFeedbackReport(port, options(clock))).toEqual({
      status: 'pending',
      reportId: 'R1',
    });
    const again = fakeReports(['DONE'], 'later');
    const resumed = await fetchFeedbackReport(again.port, {
      ...options(clock),
      pendingReportId: 'R1',
    });
    expect(resumed).toEqual({ status: 'done', reportId: 'R1', text: 'later' });
    expect(again.calls.some((c) => c.startsWith('create'))).toBe(false);
    expect(calls.filter((c) => c === 'get R1').length).toBeGreaterThan(5);
  });

  it('reports a fatal report as failed', async () => {
    const { port } = fakeReports(['FATAL']);
    expect((await fetchFeedbackReport(port, options(fakeClock()))).status).toBe('failed');
  });
});
