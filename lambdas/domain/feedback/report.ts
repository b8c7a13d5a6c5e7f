import type { Clock } from '../clock';

/**
 * The seller-feedback report of the Reports API (2021-06-30): request it, wait for Amazon to
 * prepare it, download it. Pure: the SP-API calls are a port.
 */

export const FEEDBACK_REPORT_TYPE = 'GET_SELLER_FEEDBACK_DATA';

/** Spec 9: buyers have 90 days to leave feedback, so older feedback cannot change. */
export const FEEDBACK_REPORT_LOOKBACK_DAYS = 90;

export type ReportStatus = 'IN_QUEUE' | 'IN_PROGRESS' | 'DONE' | 'CANCELLED' | 'FATAL';

export interface ReportsPort {
  createReport(input: {
    reportType: string;
    marketplaceIds: string[];
    dataStartTime?: string;
  }): Promise<string>;
  getReport(reportId: string): Promise<{ status: ReportStatus; reportDocumentId?: string }>;
  /** getReportDocument, then the document itself, gunzipped when Amazon compressed it. */
  downloadReportDocument(reportDocumentId: string): Promise<string>;
}

export type ReportFetch =
  | { status: 'done'; reportId: string; text: string }
  /** CANCELLED: Amazon had no data for the range; not an error. */
  | { status: 'no_data'; reportId: string }
  /** Still being prepared when time ran out; poll the same report next time. */
  | { status: 'pending'; reportId: string }
  | { status: 'failed'; reportId: string };

export interface ReportFetchOptions {
  marketplaceId: string;
  /** Default the seller-feedback report. */
  reportType?: string;
  /** Default 90 days back (the feedback window). */
  dataStartTime?: string;
  /** A report requested earlier and not finished yet; polled instead of a new request. */
  pendingReportId?: string | undefined;
  /** Epoch ms after which polling stops with `pending`. */
  deadline: number;
  pollIntervalMs: number;
  clock: Clock;
}

/**
 * Requests a report (the seller-feedback one unless `reportType` says otherwise), or resumes
 * one already requested, and polls it until it is done, cancelled, fatal, or the deadline passes.
 */
export async function fetchFeedbackReport(
  reports: ReportsPort,
  options: ReportFetchOptions,
): Promise<ReportFetch> {
  const { clock } = options;
  const reportId =
    options.pendingReportId ??
    (await reports.createReport({
      reportType: options.reportType ?? FEEDBACK_REPORT_TYPE,
      marketplaceIds: [options.marketplaceId],
      dataStartTime:
        options.dataStartTime ??
        new Date(clock.now() - FEEDBACK_REPORT_LOOKBACK_DAYS * 86_400_000).toISOString(),
    }));
  for (;;) {
    const report = await reports.getReport(reportId);
    if (report.status === 'DONE' && report.reportDocumentId) {
      return {
        status: 'done',
        reportId,
        text: await reports.downloadReportDocument(report.reportDocumentId),
      };
    }
    if (report.status === 'CANCELLED') return { status: 'no_data', reportId };
    if (report.status === 'FATAL' || report.status === 'DONE')
      return { status: 'failed', reportId };
    if (clock.now() + options.pollIntervalMs > options.deadline) {
      return { status: 'pending', reportId };
    }
    await clock.sleep(options.pollIntervalMs);
  }
}

/**
 * What a per-seller report fetch needs: the connection and its token, the seller's Reports
 * client, and the report Amazon is still preparing for the seller (resumed by the next run).
 */
export interface SellerReportDeps {
  clock: Clock;
  connection(userId: string): Promise<{ status: string; marketplaceId: string } | undefined>;
  refreshToken(userId: string): Promise<string | undefined>;
  /** The seller's Reports client; a wait for Amazon that would end past `deadline` fails. */
  reports(refreshToken: string, deadline?: number): ReportsPort;
  pending: {
    get(userId: string): Promise<string | undefined>;
    /**
     * Reserves the seller's one report request: true for the one caller that may request a new
     * report, false while another call holds it (it is requesting or waiting for one).
     */
    claim(userId: string): Promise<boolean>;
    set(userId: string, reportId: string): Promise<void>;
    clear(userId: string): Promise<void>;
  };
}

export interface FeedbackReportImportDeps extends SellerReportDeps {
  /** Imports a downloaded export like an uploaded file, into the marketplace's rows. */
  importText(
    userId: string,
    marketplaceId: string,
    text: string,
  ): Promise<{ inserted: number; errors: { line: number; error: string }[] }>;
}

export type FeedbackReportImport =
  | { status: 'not_connected' }
  | {
      status: 'imported';
      reportId: string;
      inserted: number;
      errors: { line: number; error: string }[];
    }
  | { status: 'no_data'; reportId: string }
  | { status: 'pending'; reportId: string }
  | { status: 'failed'; reportId: string };

/**
 * The scheduled and on-demand feedback import of one seller: the report of the connected
 * marketplace is fetched (or a pending one resumed) and imported like a file. A report still
 * being prepared at the deadline is remembered and resumed by the next run.
 */
export async function importFeedbackReport(
  userId: string,
  deps: FeedbackReportImportDeps,
  timing: { deadline: number; pollIntervalMs: number },
): Promise<FeedbackReportImport> {
  const connection = await deps.connection(userId);
  if (!connection || connection.status !== 'connected') return { status: 'not_connected' };
  const refreshToken = await deps.refreshToken(userId);
  if (!refreshToken) return { status: 'not_connected' };
  const pendingReportId = await deps.pending.get(userId);
  // One report request per seller: concurrent calls leave it to the one that claimed it.
  if (!pendingReportId && !(await deps.pending.claim(userId))) {
    return { status: 'pending', reportId: (await deps.pending.get(userId)) ?? '' };
  }
  let fetched: ReportFetch;
  try {
    fetched = await fetchFeedbackReport(deps.reports(refreshToken, timing.deadline), {
      marketplaceId: connection.marketplaceId,
      pendingReportId,
      deadline: timing.deadline,
      pollIntervalMs: timing.pollIntervalMs,
      clock: deps.clock,
    });
  } catch (error) {
    // The request failed: the next call may try again at once.
    if (!pendingReportId) await deps.pending.clear(userId);
    throw error;
  }
  switch (fetched.status) {
    case 'pending':
      await deps.pending.set(userId, fetched.reportId);
      return fetched;
    case 'done': {
      const result = await deps.importText(userId, connection.marketplaceId, fetched.text);
      await deps.pending.clear(userId);
      return { status: 'imported', reportId: fetched.reportId, ...result };
    }
    default:
      await deps.pending.clear(userId);
      return fetched;
  }
}
