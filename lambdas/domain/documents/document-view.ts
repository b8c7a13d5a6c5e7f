import { formatMessage, message } from '../../shared/messages';
import type { CaseDocument } from '../cases/contract';
import { readingSummary } from '../cases/documents';
import type { CaseShipment } from '../cases/ports';
import type { DocumentRecord } from '../cases/records';
import type { Language } from '../language';
import { matchInvoiceToShipment, type InvoiceWarning } from './invoice-match';

function invoiceWarningText(warning: InvoiceWarning, language: Language): string {
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(language === 'it' ? 'it-IT' : 'en-GB', { timeZone: 'UTC' });
  switch (warning.code) {
    case 'invoice_after_shipment':
      return formatMessage('invoiceAfterShipment', language, {
        number: warning.invoiceNumber ?? '',
        invoiceDate: date(warning.invoiceDate),
        shipmentDate: date(warning.shipmentDate),
      });
    case 'sku_not_on_invoice':
      return formatMessage('skuNotOnInvoice', language, {
        sku: warning.sku,
        missing: warning.missing,
      });
    case 'units_not_covered':
      return formatMessage('unitsNotCovered', language, {
        sku: warning.sku,
        missing: warning.missing,
        invoiced: warning.invoiced,
      });
    case 'lines_not_readable':
      return message('invoiceLinesNotReadable', language);
  }
}

/**
 * Beyond the spec: an invoice is checked against the shipment it should prove, so the seller
 * learns before sending that it is dated after the shipment or does not cover the missing units.
 */
function invoiceWarnings(
  doc: DocumentRecord,
  shipment: CaseShipment | undefined,
  language: Language,
) {
  if (!shipment || doc.doc_type !== 'fattura' || !doc.reading?.invoices.length) return [];
  const invoices = doc.reading.invoices.map((invoice) => ({
    documentType: null,
    number: invoice.number,
    date: invoice.date,
    supplier: { name: invoice.supplier, vat: null, taxCode: null },
    buyer: { name: null, vat: null, taxCode: null },
    lines: invoice.lines.map((line) => ({ ...line, codes: line.codes ?? [] })),
    source: 'fatturapa' as const,
  }));
  const warnings = matchInvoiceToShipment(invoices, {
    closedAt: shipment.closed_at,
    items: shipment.items
      .map((item) => ({
        sku: item.sku,
        title: item.title,
        missing: Math.max(0, item.units_expected - item.units_found),
      }))
      .filter((item) => item.missing > 0),
  });
  return warnings.map((warning) => ({
    code: warning.code,
    message: invoiceWarningText(warning, language),
  }));
}

/** A case document as the seller sees it, with what to check about it in their language. */
export function documentView(
  doc: DocumentRecord,
  language: Language,
  shipment?: CaseShipment,
): CaseDocument {
  const warnings = [];
  if (doc.reading?.quality === 'low')
    warnings.push({ code: 'quality_low', message: message('lowQualityDocument', language) });
  if (doc.reading?.quality === 'illegible')
    warnings.push({ code: 'quality_illegible', message: message('illegibleDocument', language) });
  warnings.push(...invoiceWarnings(doc, shipment, language));
  return {
    id: doc.id,
    shipment_id: doc.shipment_id,
    doc_type: doc.doc_type,
    path: doc.path,
    filename: doc.filename,
    size: doc.size,
    created_at: doc.created_at,
    reading: doc.reading ? readingSummary(doc.reading) : null,
    warnings,
  };
}
