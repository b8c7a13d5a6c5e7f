/**
 * The HTTP contract of the supplier library (issue 17). Pure (zod only), shared with the web app.
 *
 *   GET  /api/suppliers?limit=&cursor=                      → SupplierListResponse
 *        the caller's suppliers with invoices, by supplier id; `next_cursor` null on the last page
 *   GET  /api/suppliers/{supplierId}/invoices?limit=&cursor= → SupplierInvoicesResponse
 *        one supplier's invoices, newest first, each with the caller's shipments it covers
 *   POST /api/documents/{id}/attach                          DocumentAttachRequest → DocumentConfirmResponse
 *        a copy of an uploaded invoice joins another shipment's case, once per shipment, under
 *        the rules of an upload (plan, case not sent, 25 MB per case) and only when the invoice
 *        names a missing item of that shipment by evidence
 *   POST /api/suppliers/line-verdicts                       LineVerdictRequest → LineVerdictResponse
 *        the seller confirms (or rejects) that a line of one of their library's invoices is one of
 *        their SKUs; remembered, so later invoices with that description match by evidence
 */
import * as z from 'zod';
import { MAX_INDEXED_INVOICES, SUPPLIER_ID_PATTERN } from '../documents/supplier-library';
import { roleSchema } from './contract';

export const SUPPLIER_PAGE_SIZE = 20;
export const INVOICE_PAGE_SIZE = 10;

/** A page request: how many (1–50) and the previous answer's cursor. */
export const supplierPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z
    .string()
    .max(1400)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type SupplierPageQuery = z.infer<typeof supplierPageQuery>;

export const supplierIdSchema = z.string().max(200).regex(SUPPLIER_ID_PATTERN);

/** `/api/suppliers/{supplierId}/invoices`: an id of another shape names no supplier (404). */
export const supplierPath = z.object({ supplierId: supplierIdSchema });

export const supplierView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  vat: z.string().nullable(),
  invoice_count: z.number(),
});
export type SupplierView = z.infer<typeof supplierView>;

export const supplierListResponse = z.object({
  suppliers: z.array(supplierView),
  next_cursor: z.string().nullable(),
});
export type SupplierListResponse = z.infer<typeof supplierListResponse>;

export const coveredShipmentView = z.object({
  shipment_id: z.string(),
  shipment_name: z.string().nullable(),
  /** Units on the invoice per missing SKU, from lines that name it by evidence only. */
  skus: z.array(z.object({ sku: z.string(), missing: z.number(), invoiced: z.number() })),
  /**
   * Lines that only resemble a missing SKU's title: "to be confirmed" by the seller, never
   * counted. `line` is the line's place in the invoice, as `LineVerdictRequest` names it.
   */
  to_confirm: z.array(
    z.object({
      sku: z.string(),
      title: z.string().nullable(),
      line: z.number(),
      description: z.string(),
      quantity: z.number().nullable(),
    }),
  ),
  /** Some line is a missing SKU by evidence: the invoice may be attached to the case. */
  evidence: z.boolean(),
  /** Every missing unit of the shipment is on the invoice, by evidence. */
  complete: z.boolean(),
  /** The id of the invoice's document in this shipment's case, null while not attached. */
  document_id: z.string().nullable(),
});
export type CoveredShipmentView = z.infer<typeof coveredShipmentView>;

export const supplierInvoiceView = z.object({
  /** The uploaded document holding the invoice: what attach copies. */
  document_id: z.string(),
  /** The invoice's place in its document (a file may hold several). */
  index: z.number(),
  filename: z.string(),
  size: z.number(),
  /** The shipment it was uploaded for. */
  shipment_id: z.string(),
  number: z.string().nullable(),
  date: z.string().nullable(),
  lines: z.number(),
  shipments: z.array(coveredShipmentView),
});
export type SupplierInvoiceView = z.infer<typeof supplierInvoiceView>;

export const supplierInvoicesResponse = z.object({
  supplier: supplierView,
  invoices: z.array(supplierInvoiceView),
  next_cursor: z.string().nullable(),
});
export type SupplierInvoicesResponse = z.infer<typeof supplierInvoicesResponse>;

export const documentAttachRequest = z.object({
  shipmentId: z.string().trim().min(1).max(64),
  /** The case's role; an existing case keeps its own, a new one is a reseller's by default. */
  role: roleSchema.optional(),
});
export type DocumentAttachRequest = z.infer<typeof documentAttachRequest>;

/** The most lines of one invoice a verdict can name (a reader keeps fewer). */
export const MAX_INVOICE_LINES = 5000;

export const lineVerdictRequest = z.object({
  /** The library's invoice document (or a copy of it in another case). */
  documentId: z.string().trim().min(1).max(200),
  /** The invoice's place in its document. */
  invoiceIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_INDEXED_INVOICES - 1),
  /** The line's place in the invoice. */
  line: z.number().int().min(0).max(MAX_INVOICE_LINES),
  /** One of the seller's SKUs. */
  sku: z.string().trim().min(1).max(200),
  verdict: z.enum(['confirmed', 'rejected']),
});
export type LineVerdictRequest = z.infer<typeof lineVerdictRequest>;

export const lineVerdictResponse = z.object({
  ok: z.literal(true),
  sku: z.string(),
  verdict: z.enum(['confirmed', 'rejected']),
  /** The line's description, as it is remembered for later invoices. */
  description: z.string(),
});
export type LineVerdictResponse = z.infer<typeof lineVerdictResponse>;
