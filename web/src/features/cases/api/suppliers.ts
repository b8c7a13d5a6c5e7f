import { documentConfirmResponse, type DocumentConfirmResponse } from '@domain/cases/contract';
import {
  lineVerdictResponse,
  supplierInvoicesResponse,
  supplierListResponse,
  type LineVerdictRequest,
  type LineVerdictResponse,
} from '@domain/cases/supplier-contract';
import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserPages } from '../../../lib/swr';
import { refreshCases, rememberCase } from './cases';

const SUPPLIERS_PATH = '/suppliers';

/** `GET /api/suppliers`: the suppliers found on the seller's invoices, a page at a time. */
export function useSuppliers() {
  return useUserPages(SUPPLIERS_PATH, {}, supplierListResponse, (page) => page.next_cursor);
}

/** `GET /api/suppliers/{id}/invoices`: one supplier's invoices, newest first, with the shipments each covers. */
export function useSupplierInvoices(supplierId: string) {
  return useUserPages(
    `${SUPPLIERS_PATH}/${encodeURIComponent(supplierId)}/invoices`,
    {},
    supplierInvoicesResponse,
    (page) => page.next_cursor,
  );
}

/**
 * `POST /api/documents/{id}/attach`: the invoice joins the shipment's case as its own copy, with
 * no new upload. The case and its documents show it at once; the caller reads its invoice page
 * again (paged reads are its own SWR entries).
 */
export async function attachInvoice(
  documentId: string,
  shipmentId: string,
): Promise<DocumentConfirmResponse> {
  const attached = await apiRequest(`/documents/${encodeURIComponent(documentId)}/attach`, {
    method: 'POST',
    body: { shipmentId },
    schema: documentConfirmResponse,
  });
  rememberCase(attached.case);
  await Promise.all([refreshCases(), revalidate(`/cases/${encodeURIComponent(shipmentId)}`)]);
  return attached;
}

/**
 * `POST /api/suppliers/line-verdicts`: the seller says a line of the invoice is (or is not) one of
 * their SKUs; the caller reads its invoice page again, where the line now counts (or is gone).
 * The case checks follow on their next read.
 */
export async function sendLineVerdict(body: LineVerdictRequest): Promise<LineVerdictResponse> {
  return apiRequest('/suppliers/line-verdicts', {
    method: 'POST',
    body,
    schema: lineVerdictResponse,
  });
}
