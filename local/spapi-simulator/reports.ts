import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { formatIsoDateTime, parseFeedbackDate, parseIsoDateTime, utcDay } from './dates';
// The ledger's columns in Amazon's order, as the app's audit reads them.
import { LEDGER_COLUMNS } from '../../lambdas/domain/claims/audit';
// The customer-return and removal reports' columns, as documented and as the app reads them.
import {
  CUSTOMER_RETURN_COLUMNS,
  REMOVAL_ORDER_COLUMNS,
  REMOVAL_SHIPMENT_COLUMNS,
  REPLACEMENT_COLUMNS,
} from '../../lambdas/domain/claims/reports';
import { SpapiError, invalidInput, type QueryParams } from './http-util';
import type { OperationRequest, OperationResult, OperationRoute } from './operation';
import type { FeedbackRow, LedgerRow, ReimbursementRow, Scenario } from './scenario';

/** The report types with data in a scenario; any other valid type ends CANCELLED. */
export const FEEDBACK_REPORT_TYPE = 'GET_SELLER_FEEDBACK_DATA';
export const REIMBURSEMENTS_REPORT_TYPE = 'GET_FBA_REIMBURSEMENTS_DATA';
export const LEDGER_REPORT_TYPE = 'GET_LEDGER_DETAIL_VIEW_DATA';

/**
 * The customer-return and removal reports: their scenario rows, Amazon's columns (the scenario's
 * keys) and the date column a report's data range selects by.
 */
const ORDER_REPORTS: Readonly<
  Record<
    string,
    {
      rows: (scenario: Scenario) => readonly Record<string, string | number>[];
      columns: readonly string[];
      dateColumn: string;
    }
  >
> = {
  GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA: {
    rows: (s) => s.customerReturnsReport.rows,
    columns: CUSTOMER_RETURN_COLUMNS,
    dateColumn: 'return-date',
  },
  GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA: {
    rows: (s) => s.replacementsReport.rows,
    columns: REPLACEMENT_COLUMNS,
    dateColumn: 'shipment-date',
  },
  GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA: {
    rows: (s) => s.removalOrdersReport.rows,
    columns: REMOVAL_ORDER_COLUMNS,
    dateColumn: 'last-updated-date',
  },
  GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA: {
    rows: (s) => s.removalShipmentsReport.rows,
    columns: REMOVAL_SHIPMENT_COLUMNS,
    dateColumn: 'shipment-date',
  },
};

/** The reimbursements report's columns, in Amazon's order (FBA Payments reports attributes). */
const REIMBURSEMENT_COLUMNS = [
  'approval-date',
  'reimbursement-id',
  'case-id',
  'amazon-order-id',
  'reason',
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'currency-unit',
  'amount-per-unit',
  'amount-total',
  'quantity-reimbursed-cash',
  'quantity-reimbursed-inventory',
  'quantity-reimbursed-total',
  'original-reimbursement-id',
  'original-reimbursement-type',
] as const;
/** Amazon's pre-signed document URLs live five minutes. */
export const DOCUMENT_URL_TTL_SECONDS = 300;
/** The simulator path that plays the part of the S3 bucket holding report documents. */
export const DOCUMENT_PATH_PREFIX = '/__sim/report-documents/';

/** A report leaves IN_QUEUE after this long even if nobody polls, and finishes after the next. */
const IN_PROGRESS_AFTER_MS = 2_000;
const FINISHED_AFTER_MS = 5_000;

/** The scenario's row keys, in the report's order. */
const FEEDBACK_COLUMNS = [
  'Date',
  'Rating',
  'Comments',
  'Response',
  'Order ID',
  'Rater Email',
] as const;
/** The header Amazon writes for them (Seller Central help: "Your Response"). */
const FEEDBACK_HEADER = ['Date', 'Rating', 'Comments', 'Your Response', 'Order ID', 'Rater Email'];

/** How a document's text is stored: Amazon's EU flat files are windows-1252 ("Cp1252"). */
type DocumentCharset = 'UTF-8' | 'Cp1252';

/** The 0x80–0x9F block of windows-1252 (the rest of its bytes are ISO-8859-1's). */
const HIGH_1252 = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

/** Text as windows-1252 bytes; a character it cannot hold becomes "?", as Amazon writes it. */
export function encodeCp1252(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    const high = HIGH_1252.indexOf(ch);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out.push(code);
    else if (high >= 0 && ch !== '\uFFFD') out.push(0x80 + high);
    else out.push(0x3f);
  }
  return Buffer.from(out);
}

/** Which report types the simulator writes in Cp1252 (the others in UTF-8). */
const CP1252_REPORT_TYPES = new Set<string>([FEEDBACK_REPORT_TYPE]);

const createReportSpecification = z.object({
  reportType: z.string().regex(/^GET_[A-Z0-9_]+$/, 'not a report type'),
  marketplaceIds: z.array(z.string().min(1)).min(1).max(25),
  dataStartTime: z.string().optional(),
  dataEndTime: z.string().optional(),
  reportOptions: z.record(z.string(), z.string()).optional(),
});

type ProcessingStatus = 'IN_QUEUE' | 'IN_PROGRESS' | 'DONE' | 'CANCELLED';

interface StoredReport {
  reportId: string;
  reportType: string;
  marketplaceIds: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  createdTime: Date;
  polls: number;
  status: ProcessingStatus;
  processingStartTime?: Date;
  processingEndTime?: Date;
  /** The document's text as of creation, so a scenario change does not rewrite a queued report. */
  content: string | undefined;
  reportDocumentId?: string;
}

/** A response from the document "bucket": bytes or an S3-style XML error. */
export interface DocumentResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

function s3Error(status: number, code: string, message: string): DocumentResponse {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  };
}

function tsvField(value: string): string {
  // Quote only when needed, as Seller Central does: embedded quote, tab or line break.
  return /["\t\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The GET_SELLER_FEEDBACK_DATA flat file: tab-delimited, one header row (served in Cp1252, as
 * Amazon's EU marketplaces serve it).
 */
export function feedbackTsv(rows: FeedbackRow[]): string {
  const lines = [FEEDBACK_HEADER.join('\t')];
  for (const row of rows) {
    lines.push(FEEDBACK_COLUMNS.map((c) => tsvField(String(row[c]))).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function amzDate(date: Date): string {
  return formatIsoDateTime(new Date(Math.floor(date.getTime() / 1000) * 1000)).replace(/[-:]/g, '');
}

function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? parseIsoDateTime(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
}

/**
 * Reports 2021-06-30: created reports, their progress and their documents. State lives here
 * rather than in the scenario because reports are made by the client.
 */
export class ReportStore {
  private readonly reports = new Map<string, StoredReport>();
  private readonly documents = new Map<string, { bytes: Buffer; charset: DocumentCharset }>();
  // Ids keep counting across scenario reloads so that an old id never names a new report.
  private sequence = 0;

  constructor(private readonly signingKey: Buffer) {}

  /** Forgets every report and document (a new scenario is a new world). */
  clear(): void {
    this.reports.clear();
    this.documents.clear();
  }

  readonly routes: OperationRoute[] = [
    {
      operation: 'createReport',
      method: 'POST',
      path: /^\/reports\/2021-06-30\/reports$/,
      handle: (req) => this.createReport(req),
    },
    {
      operation: 'getReport',
      method: 'GET',
      path: /^\/reports\/2021-06-30\/reports\/([^/]+)$/,
      handle: (req) => this.getReport(req),
    },
    {
      operation: 'getReportDocument',
      method: 'GET',
      path: /^\/reports\/2021-06-30\/documents\/([^/]+)$/,
      handle: (req) => this.getReportDocument(req),
    },
  ];

  private createReport({ body, scenario, now }: OperationRequest): OperationResult {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw invalidInput('The request body is not valid JSON');
    }
    const parsed = createReportSpecification.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidInput(`Invalid ${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`);
    }
    const spec = parsed.data;
    for (const id of spec.marketplaceIds) {
      if (!scenario.seller.marketplaceIds.includes(id)) {
        throw invalidInput(`The seller does not participate in marketplace ${id}`);
      }
    }
    const start = this.optionalDate(spec.dataStartTime, 'dataStartTime');
    const end = this.optionalDate(spec.dataEndTime, 'dataEndTime');
    if (start && end && start > end)
      throw invalidInput('dataStartTime must not be after dataEndTime');

    this.sequence += 1;
    const reportId = String(50_000_000_000 + this.sequence);
    this.reports.set(reportId, {
      reportId,
      reportType: spec.reportType,
      marketplaceIds: spec.marketplaceIds,
      ...(spec.dataStartTime !== undefined ? { dataStartTime: spec.dataStartTime } : {}),
      ...(spec.dataEndTime !== undefined ? { dataEndTime: spec.dataEndTime } : {}),
      createdTime: now,
      polls: 0,
      status: 'IN_QUEUE',
      content: reportContent(spec.reportType, scenario, start, end),
    });
    return { status: 202, body: { reportId } };
  }

  private optionalDate(value: string | undefined, name: string): Date | undefined {
    if (value === undefined) return undefined;
    const date = parseIsoDateTime(value);
    if (!date) throw invalidInput(`${name} must be an ISO 8601 date-time`);
    return date;
  }

  private getReport({ pathParams, now }: OperationRequest): OperationResult {
    const report = this.reports.get(pathParams[0] ?? '');
    if (!report) throw new SpapiError(404, 'NotFound', `Report ${pathParams[0]} was not found`);
    this.advance(report, now);
    return {
      status: 200,
      body: {
        reportId: report.reportId,
        reportType: report.reportType,
        marketplaceIds: report.marketplaceIds,
        ...(report.dataStartTime !== undefined ? { dataStartTime: report.dataStartTime } : {}),
        ...(report.dataEndTime !== undefined ? { dataEndTime: report.dataEndTime } : {}),
        createdTime: formatIsoDateTime(report.createdTime),
        processingStatus: report.status,
        ...(report.processingStartTime
          ? { processingStartTime: formatIsoDateTime(report.processingStartTime) }
          : {}),
        ...(report.processingEndTime
          ? { processingEndTime: formatIsoDateTime(report.processingEndTime) }
          : {}),
        ...(report.reportDocumentId !== undefined
          ? { reportDocumentId: report.reportDocumentId }
          : {}),
      },
    };
  }

  /** One step per poll, or by elapsed time, whichever is further along. */
  private advance(report: StoredReport, now: Date): void {
    report.polls += 1;
    const elapsed = now.getTime() - report.createdTime.getTime();
    const byTime = elapsed >= FINISHED_AFTER_MS ? 2 : elapsed >= IN_PROGRESS_AFTER_MS ? 1 : 0;
    const stage = Math.max(report.polls - 1, byTime);
    if (stage >= 1 && !report.processingStartTime) {
      report.processingStartTime = now;
      report.status = 'IN_PROGRESS';
    }
    if (stage >= 2 && !report.processingEndTime) {
      report.processingEndTime = now;
      if (report.content === undefined) {
        // Amazon cancels a report that has no data instead of producing an empty document.
        report.status = 'CANCELLED';
      } else {
        const documentId = `amzn1.spdoc.1.4.eu.${randomUUID()}`;
        const charset: DocumentCharset = CP1252_REPORT_TYPES.has(report.reportType)
          ? 'Cp1252'
          : 'UTF-8';
        const text =
          charset === 'Cp1252' ? encodeCp1252(report.content) : Buffer.from(report.content, 'utf8');
        this.documents.set(documentId, { bytes: gzipSync(text), charset });
        report.reportDocumentId = documentId;
        report.status = 'DONE';
      }
    }
  }

  private getReportDocument({
    pathParams,
    query,
    now,
    baseUrl,
  }: OperationRequest): OperationResult {
    const documentId = pathParams[0] ?? '';
    if (!this.documents.has(documentId)) {
      throw new SpapiError(404, 'NotFound', `Report document ${documentId} was not found`);
    }
    const gzipHeader =
      query.oneOf('enableContentEncodingUrlHeader', ['true', 'false'] as const) === 'true';
    const date = amzDate(now);
    const encoding = gzipHeader ? 'gzip' : 'identity';
    const signature = this.sign(documentId, date, encoding);
    const params = new URLSearchParams({
      'X-Amz-Date': date,
      'X-Amz-Expires': String(DOCUMENT_URL_TTL_SECONDS),
      ...(gzipHeader ? { 'response-content-encoding': 'gzip' } : {}),
      'X-Amz-Signature': signature,
    });
    return {
      status: 200,
      body: {
        reportDocumentId: documentId,
        url: `${baseUrl}${DOCUMENT_PATH_PREFIX}${encodeURIComponent(documentId)}?${params}`,
        compressionAlgorithm: 'GZIP',
      },
    };
  }

  private sign(documentId: string, date: string, encoding: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${documentId}\n${date}\n${DOCUMENT_URL_TTL_SECONDS}\n${encoding}`)
      .digest('hex');
  }

  /**
   * Serves a document URL as the pre-signed S3 URL would: no SP-API token, an expiry, and the
   * gzip bytes as stored unless the URL asked for `Content-Encoding: gzip`.
   */
  serveDocument(encodedId: string, query: QueryParams, now: Date): DocumentResponse {
    let documentId: string;
    try {
      documentId = decodeURIComponent(encodedId);
    } catch {
      return s3Error(400, 'InvalidURI', 'Could not parse the specified URI.');
    }
    const document = this.documents.get(documentId);
    if (!document) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const date = query.get('X-Amz-Date') ?? '';
    const encoding = query.get('response-content-encoding') === 'gzip' ? 'gzip' : 'identity';
    const expected = Buffer.from(this.sign(documentId, date, encoding));
    const given = Buffer.from(query.get('X-Amz-Signature') ?? '');
    const signedAt = parseAmzDate(date);
    if (
      !signedAt ||
      query.get('X-Amz-Expires') !== String(DOCUMENT_URL_TTL_SECONDS) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      return s3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    if (now.getTime() > signedAt.getTime() + DOCUMENT_URL_TTL_SECONDS * 1000) {
      return s3Error(403, 'AccessDenied', 'Request has expired');
    }
    // A Cp1252 document says so in its Content-Type, as Amazon's do; a UTF-8 one declares a
    // charset only when served as text, so a client must also cope with none declared.
    const declared =
      document.charset === 'Cp1252'
        ? 'text/plain;charset=Cp1252'
        : encoding === 'gzip'
          ? 'text/tab-separated-values; charset=UTF-8'
          : 'application/octet-stream';
    return {
      status: 200,
      headers:
        encoding === 'gzip'
          ? { 'content-type': declared, 'content-encoding': 'gzip' }
          : { 'content-type': declared },
      body: document.bytes,
    };
  }
}

/** The 1–3 star feedback rows whose day lies within the requested data range (whole UTC days). */
function rowsInRange(scenario: Scenario, start?: Date, end?: Date): FeedbackRow[] {
  const from = start ? utcDay(start) : undefined;
  const to = end ? utcDay(end) : undefined;
  return scenario.feedbackReport.rows.filter((row) => {
    // "Negative and neutral feedback (one to three stars)" is all this report holds.
    if (row.Rating > 3) return false;
    const parsed = parseFeedbackDate(row.Date);
    if (!parsed) return false;
    const day = utcDay(parsed.date);
    return (from === undefined || day >= from) && (to === undefined || day <= to);
  });
}

/**
 * The reimbursements approved within the requested range, as Amazon's flat file: tab-separated,
 * the documented header, ISO date-times, amounts with two decimals.
 */
export function reimbursementsTsv(rows: ReimbursementRow[]): string {
  const lines: string[] = [REIMBURSEMENT_COLUMNS.join('\t')];
  for (const row of rows) {
    const total = row['quantity-reimbursed-cash'] + row['quantity-reimbursed-inventory'];
    const values: Record<(typeof REIMBURSEMENT_COLUMNS)[number], string> = {
      ...Object.fromEntries(REIMBURSEMENT_COLUMNS.map((c) => [c, ''])),
      'approval-date': row['approval-date'].replace(/\.\d{3}Z$|Z$/, '+00:00'),
      'reimbursement-id': row['reimbursement-id'],
      'case-id': row['case-id'],
      'amazon-order-id': row['amazon-order-id'],
      reason: row.reason,
      sku: row.sku,
      fnsku: row.fnsku,
      asin: row.asin,
      'product-name': row['product-name'],
      condition: row.condition,
      'currency-unit': row['currency-unit'],
      'amount-per-unit': row['amount-per-unit'].toFixed(2),
      'amount-total': row['amount-total'].toFixed(2),
      'quantity-reimbursed-cash': String(row['quantity-reimbursed-cash']),
      'quantity-reimbursed-inventory': String(row['quantity-reimbursed-inventory']),
      'quantity-reimbursed-total': String(total),
      'original-reimbursement-id': row['original-reimbursement-id'],
      'original-reimbursement-type': row['original-reimbursement-type'],
    };
    lines.push(REIMBURSEMENT_COLUMNS.map((c) => tsvField(values[c])).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** The ledger's flat file: tab-separated, the documented header, dates as MM/DD/YYYY (UTC). */
export function ledgerTsv(rows: LedgerRow[]): string {
  const lines: string[] = [LEDGER_COLUMNS.join('\t')];
  for (const row of rows) {
    const at = new Date(row.Date);
    const date = `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;
    lines.push(
      LEDGER_COLUMNS.map((c) => tsvField(c === 'Date' ? date : String(row[c]))).join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A customer-return or removal flat file: tab-separated, the documented header, date-times with
 * their offset, the removal fee with two decimals.
 */
export function orderReportTsv(
  columns: readonly string[],
  rows: readonly Record<string, string | number>[],
): string {
  const cell = (column: string, value: string | number | undefined) => {
    if (value === undefined) return '';
    if (typeof value === 'number')
      return column === 'removal-fee' ? value.toFixed(2) : String(value);
    return column.endsWith('-date') ? value.replace(/\.\d{3}Z$|Z$/, '+00:00') : value;
  };
  const lines = [columns.join('\t')];
  for (const row of rows) lines.push(columns.map((c) => tsvField(cell(c, row[c]))).join('\t'));
  return `${lines.join('\n')}\n`;
}

/** What a report of this type holds for the range, or undefined when Amazon would cancel it. */
function reportContent(
  reportType: string,
  scenario: Scenario,
  start?: Date,
  end?: Date,
): string | undefined {
  if (reportType === FEEDBACK_REPORT_TYPE) {
    const rows = rowsInRange(scenario, start, end);
    return rows.length > 0 ? feedbackTsv(rows) : undefined;
  }
  if (reportType === REIMBURSEMENTS_REPORT_TYPE) {
    const rows = scenario.reimbursementsReport.rows.filter((row) => {
      const at = Date.parse(row['approval-date']);
      return (!start || at >= start.getTime()) && (!end || at <= end.getTime());
    });
    return rows.length > 0 ? reimbursementsTsv(rows) : undefined;
  }
  if (reportType === LEDGER_REPORT_TYPE) {
    const rows = scenario.ledgerReport.rows.filter((row) => {
      const at = Date.parse(row.Date);
      return (!start || at >= start.getTime()) && (!end || at <= end.getTime());
    });
    return rows.length > 0 ? ledgerTsv(rows) : undefined;
  }
  const order = ORDER_REPORTS[reportType];
  if (order) {
    const rows = order.rows(scenario).filter((row) => {
      const at = Date.parse(String(row[order.dateColumn]));
      return (!start || at >= start.getTime()) && (!end || at <= end.getTime());
    });
    return rows.length > 0 ? orderReportTsv(order.columns, rows) : undefined;
  }
  return undefined;
}
