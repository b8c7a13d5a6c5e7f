import { gunzipSync } from 'node:zlib';
import { ReportsApi } from '@sp-api-sdk/reports-api-2021-06-30';
import { decodeDeclaredText } from '../../domain/documents/charsets';
import type { ReportsPort, ReportStatus } from '../../domain/feedback/report';
import { UpstreamFailure } from '../../domain/sync/spapi-port';
import { SpApiClientBase } from './client-base';

/**
 * The Reports API (2021-06-30) of one seller on the typed `@sp-api-sdk` client: request a
 * report, read its status, download its document. On its own, so the functions that only
 * import reports (the feedback report) bundle neither the inbound nor the inventory API; the
 * full client (`SpApiClient`, ./client.ts) is this one with the other APIs added.
 */
export class SpApiReportsClient extends SpApiClientBase implements ReportsPort {
  private readonly reports = new ReportsApi(undefined, this.base, this.http);

  /** Reports 2021-06-30 createReport; answers the report id. */
  async createReport(input: Parameters<ReportsPort['createReport']>[0]): Promise<string> {
    const data = await this.call('createReport', () => this.reports.createReport({ body: input }));
    return data.reportId;
  }

  /** Reports 2021-06-30 getReport: the processing status and, once done, the document id. */
  async getReport(reportId: string): Promise<{ status: ReportStatus; reportDocumentId?: string }> {
    const data = await this.call('getReport', () => this.reports.getReport({ reportId }));
    return {
      status: data.processingStatus as ReportStatus,
      ...(data.reportDocumentId ? { reportDocumentId: data.reportDocumentId } : {}),
    };
  }

  /**
   * getReportDocument, then the document from its pre-signed URL (no SP-API token: the URL is
   * signed), gunzipped when `compressionAlgorithm` is GZIP, and read by the charset its
   * Content-Type declares (Amazon's EU flat files are often `charset=Cp1252`; with none
   * declared, UTF-8 when the bytes are valid UTF-8, else windows-1252). A URL that expired
   * before the download (five minutes) is asked for again once.
   */
  async downloadReportDocument(reportDocumentId: string): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const document = await this.call('getReportDocument', () =>
        this.reports.getReportDocument({ reportDocumentId }),
      );
      const response = await fetch(document.url);
      if (response.status === 403 && attempt < 2) continue;
      if (!response.ok) {
        throw new UpstreamFailure(
          response.status >= 500 ? 'transient' : 'permanent',
          `http_${response.status}`,
          `report document download: HTTP ${response.status}`,
          response.status,
        );
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = document.compressionAlgorithm === 'GZIP' ? gunzipSync(bytes) : bytes;
      return decodeDeclaredText(text, response.headers.get('content-type'));
    }
  }
}
