import * as z from 'zod';
import { getReceipt, listReceipts, type ReceiptWithStatus } from '../adapters/dynamo/receipts';
import {
  type ReceiptPdfResponse,
  receiptPathSchema,
  receiptsQuerySchema,
  type ReceiptsResponse,
  type ReceiptView,
} from '../domain/plan/contract';
import { renderReceiptPdf } from '../domain/plan/receipt-pdf';
import { loadConfig } from '../shared/config';
import { NotFoundError } from '../shared/errors';
import { httpRoutes, route } from '../shared/http';
import { message } from '../shared/messages';

const { SUPPORT_INBOX } = loadConfig(z.object({ SUPPORT_INBOX: z.email() }));
/** The service that issues the receipts, as its public contacts name it. */
const ISSUER = { name: 'RimborsiFBA', supportEmail: SUPPORT_INBOX };

const view = (r: ReceiptWithStatus): ReceiptView => ({
  number: r.number,
  issued_at: r.issuedAt,
  country: r.countryCode,
  amount: r.amount,
  currency: r.currency,
  days: r.days,
  payment_id: r.captureId,
  billing: r.billing,
  status: r.status,
});

/**
 * The plan page's receipts (issue 29), the caller's own only: `GET /api/receipts` lists them,
 * newest first, a page at a time; `GET /api/receipts/{number}/pdf` renders one as a PDF in the
 * caller's language (404 for a number the caller has no receipt of).
 */
export const handler = httpRoutes({
  'GET /api/receipts': route(
    { query: receiptsQuerySchema },
    async ({ userId, query }): Promise<ReceiptsResponse> => {
      const page = await listReceipts(userId, { before: query.before, limit: query.limit });
      return { receipts: page.receipts.map(view), next: page.next };
    },
  ),
  'GET /api/receipts/{number}/pdf': route(
    { path: receiptPathSchema },
    async ({ userId, path, language }): Promise<ReceiptPdfResponse> => {
      const receipt = await getReceipt(userId, path.number);
      if (!receipt) throw new NotFoundError(message('notFound', language));
      const pdf = renderReceiptPdf(receipt, ISSUER, language);
      return {
        filename: `${language === 'it' ? 'ricevuta' : 'receipt'}-${receipt.number}.pdf`,
        content_type: 'application/pdf',
        pdf_base64: Buffer.from(pdf).toString('base64'),
      };
    },
  ),
});
