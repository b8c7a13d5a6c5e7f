import {
  INVOICE_PAGE_SIZE,
  SUPPLIER_PAGE_SIZE,
  type SupplierInvoicesResponse,
  type SupplierInvoiceView,
  type SupplierListResponse,
  type SupplierPageQuery,
  type SupplierView,
} from '../cases/supplier-contract';
import { CaseRefused } from '../cases/refusals';
import { isRealMode, visibleShipments } from '../sync/shipment-list';
import { LineVerdicts } from './invoice-match';
import type { DocumentDeps } from './ports';
import {
  shipmentsCovered,
  type ShipmentToCover,
  type SupplierInvoiceRow,
  type SupplierRow,
} from './supplier-library';

function supplierView(row: SupplierRow): SupplierView {
  return { id: row.supplier_id, name: row.name, vat: row.vat, invoice_count: row.invoice_count };
}

/** Issue 17: a page of the suppliers found on the caller's invoices. */
export async function supplierPage(
  deps: DocumentDeps,
  userId: string,
  query: SupplierPageQuery,
): Promise<SupplierListResponse> {
  const page = await deps.library.listSuppliers(
    userId,
    query.limit ?? SUPPLIER_PAGE_SIZE,
    query.cursor,
  );
  return { suppliers: page.items.map(supplierView), next_cursor: page.cursor };
}

/** A shipment's items with the units still missing, as an invoice may cover them. */
export function toCover(
  shipmentId: string,
  shipmentName: string | null,
  items: {
    sku: string;
    asin?: string | null;
    title: string | null;
    expected: number;
    found: number;
  }[],
): ShipmentToCover {
  return {
    shipmentId,
    shipmentName,
    items: items.map((i) => ({
      sku: i.sku,
      asin: i.asin ?? null,
      title: i.title,
      missing: Math.max(0, i.expected - i.found),
    })),
  };
}

/** The seller's verdicts on invoice lines, for matching. */
export async function lineVerdicts(deps: DocumentDeps, userId: string): Promise<LineVerdicts> {
  return new LineVerdicts(await deps.library.listLineVerdicts(userId));
}

/** The caller's shipments with units missing, as their shipment list shows them. */
export async function shipmentsToCover(
  deps: DocumentDeps,
  userId: string,
): Promise<ShipmentToCover[]> {
  const [mode, stored] = await Promise.all([
    deps.library.profileMode(userId),
    deps.library.listStoredShipments(userId),
  ]);
  return visibleShipments(stored, isRealMode(mode)).map((s) =>
    toCover(
      s.shipmentId,
      s.shipmentName,
      s.items.map((i) => ({
        sku: i.sku,
        asin: i.asin,
        title: i.title,
        expected: i.unitsExpected,
        found: i.unitsFound,
      })),
    ),
  );
}

function invoiceView(
  row: SupplierInvoiceRow,
  shipments: ShipmentToCover[],
  verdicts: LineVerdicts,
): SupplierInvoiceView {
  return {
    document_id: row.document_id,
    index: row.invoice_index,
    filename: row.filename,
    size: row.size,
    shipment_id: row.shipment_id,
    number: row.number,
    date: row.date,
    lines: row.lines.length,
    shipments: shipmentsCovered(row.lines, shipments, verdicts).map((c) => ({
      shipment_id: c.shipmentId,
      shipment_name: c.shipmentName,
      skus: c.skus,
      to_confirm: c.toConfirm,
      evidence: c.evidence,
      complete: c.complete,
      document_id: row.attached[c.shipmentId] ?? null,
    })),
  };
}

/**
 * Issue 17: a page of one supplier's invoices, newest first, each with the caller's shipments
 * it covers (matched now, so shipments synced after the upload and verdicts given since count).
 */
export async function supplierInvoicePage(
  deps: DocumentDeps,
  userId: string,
  supplierId: string,
  query: SupplierPageQuery,
): Promise<SupplierInvoicesResponse> {
  const [supplier, page, shipments, verdicts] = await Promise.all([
    deps.library.getSupplier(userId, supplierId),
    deps.library.listSupplierInvoices(
      userId,
      supplierId,
      query.limit ?? INVOICE_PAGE_SIZE,
      query.cursor,
    ),
    shipmentsToCover(deps, userId),
    lineVerdicts(deps, userId),
  ]);
  if (!supplier) throw new CaseRefused('supplier_not_found');
  return {
    supplier: supplierView(supplier),
    invoices: page.items.map((row) => invoiceView(row, shipments, verdicts)),
    next_cursor: page.cursor,
  };
}
