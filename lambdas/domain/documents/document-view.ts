import { formatMessage, message, type MessageKey } from '../messages';
import type { CaseDocument, DocType } from '../cases/contract';
import { readingSummary } from '../cases/documents';
import type { CaseShipment } from '../cases/ports';
import type { DocumentRecord } from '../cases/records';
import type { Language } from '../language';
import {
  LineVerdicts,
  matchInvoiceToShipment,
  type InvoiceWarning,
  type InvoiceWarningCode,
} from './invoice-match';

/** The main documents checked against the shipment: the reseller's invoice, the producer's packing list. */
type CheckedType = Extract<DocType, 'fattura' | 'distinta_imballaggio'>;

/** Each check's code and message, worded for the document checked. */
const WORDING: Record<
  CheckedType,
  Record<InvoiceWarningCode, { code: string; key: MessageKey }>
> = {
  fattura: {
    invoice_after_shipment: { code: 'invoice_after_shipment', key: 'invoiceAfterShipment' },
    sku_not_on_invoice: { code: 'sku_not_on_invoice', key: 'skuNotOnInvoice' },
    units_not_covered: { code: 'units_not_covered', key: 'unitsNotCovered' },
    sku_to_confirm: { code: 'sku_to_confirm', key: 'skuToConfirmOnInvoice' },
    lines_not_readable: { code: 'lines_not_readable', key: 'invoiceLinesNotReadable' },
  },
  distinta_imballaggio: {
    invoice_after_shipment: {
      code: 'packing_list_after_shipment',
      key: 'packingListAfterShipment',
    },
    sku_not_on_invoice: { code: 'sku_not_on_packing_list', key: 'skuNotOnPackingList' },
    units_not_covered: {
      code: 'packing_list_units_not_covered',
      key: 'packingListUnitsNotCovered',
    },
    sku_to_confirm: { code: 'sku_to_confirm_on_packing_list', key: 'skuToConfirmOnPackingList' },
    lines_not_readable: {
      code: 'packing_list_lines_not_readable',
      key: 'packingListLinesNotReadable',
    },
  },
};

function warningValues(
  warning: InvoiceWarning,
  language: Language,
): Record<string, string | number> {
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(language === 'it' ? 'it-IT' : 'en-GB', { timeZone: 'UTC' });
  switch (warning.code) {
    case 'invoice_after_shipment': {
      const documentDate = date(warning.invoiceDate);
      return {
        number: warning.invoiceNumber ?? '',
        invoiceDate: documentDate,
        documentDate,
        shipmentDate: date(warning.shipmentDate),
      };
    }
    case 'sku_not_on_invoice':
      return { sku: warning.sku, missing: warning.missing };
    case 'units_not_covered':
      return {
        sku: warning.sku,
        missing: warning.missing,
        invoiced: warning.invoiced,
        shipped: warning.invoiced,
      };
    case 'sku_to_confirm':
      return {
        sku: warning.sku,
        missing: warning.missing,
        invoiced: warning.invoiced,
        lines: warning.lines.map((l) => `«${l}»`).join(', '),
      };
    case 'lines_not_readable':
      return {};
  }
}

function isChecked(docType: DocType): docType is CheckedType {
  return docType === 'fattura' || docType === 'distinta_imballaggio';
}

/**
 * Beyond the spec: the main document is checked against the shipment it should prove, so the
 * seller learns before sending that it is dated after the shipment or does not cover the
 * missing units. An invoice (reseller) by the invoices read from it; a packing list (producer,
 * spec: dated not later than the shipment, with the quantities shipped) the same way, by what
 * was read from it, with its own words. A packing list uploaded as an invoice is not checked
 * as one.
 */
function mainDocumentWarnings(
  doc: DocumentRecord,
  shipment: CaseShipment | undefined,
  language: Language,
  verdicts: LineVerdicts,
) {
  if (!shipment || !isChecked(doc.doc_type) || !doc.reading?.invoices.length) return [];
  if (doc.doc_type === 'fattura' && doc.reading.kind === 'ddt') return [];
  // A field read by OCR under the trusted confidence is not checked (see `ocr.ts`); lines of
  // which one is unsure are not checked at all (their units would count wrong either way).
  const invoices = doc.reading.invoices.map((invoice) => {
    const unsure = new Set(invoice.unsure ?? []);
    const linesUnsure = (invoice.unsure_lines ?? []).length > 0;
    return {
      documentType: null,
      number: unsure.has('number') ? null : invoice.number,
      date: unsure.has('date') ? null : invoice.date,
      supplier: {
        name: unsure.has('supplier') ? null : invoice.supplier,
        vat: null,
        taxCode: null,
      },
      buyer: { name: null, vat: null, taxCode: null },
      lines: linesUnsure ? [] : invoice.lines.map((line) => ({ ...line, codes: line.codes ?? [] })),
      source: 'fatturapa' as const,
    };
  });
  const warnings = matchInvoiceToShipment(
    invoices,
    {
      closedAt: shipment.closed_at,
      items: shipment.items
        .map((item) => ({
          sku: item.sku,
          asin: item.asin,
          title: item.title,
          missing: Math.max(0, item.units_expected - item.units_found),
        }))
        .filter((item) => item.missing > 0),
    },
    verdicts,
  );
  const wording = WORDING[doc.doc_type];
  return warnings.map((warning) => ({
    code: wording[warning.code].code,
    message: formatMessage(wording[warning.code].key, language, warningValues(warning, language)),
  }));
}

/**
 * What the reader took the main document for, when it is another kind than its slot asks: a
 * delivery note or a proof of delivery uploaded as the invoice, an invoice as the packing list.
 */
const OTHER_KIND: Record<
  CheckedType,
  Partial<Record<string, { code: string; key: MessageKey }>>
> = {
  fattura: {
    ddt: { code: 'not_an_invoice', key: 'invoiceLooksLikeTransportDocument' },
    pod: { code: 'not_an_invoice', key: 'invoiceLooksLikeProofOfDelivery' },
  },
  distinta_imballaggio: {
    fattura: { code: 'not_a_packing_list', key: 'packingListLooksLikeInvoice' },
  },
};

function kindWarnings(doc: DocumentRecord, language: Language) {
  const kind = doc.reading?.kind;
  const other = kind && isChecked(doc.doc_type) ? OTHER_KIND[doc.doc_type][kind] : undefined;
  return other ? [{ code: other.code, message: message(other.key, language) }] : [];
}

const FIELD_NAMES: Record<Language, Record<'number' | 'date' | 'supplier' | 'lines', string>> = {
  it: { number: 'numero', date: 'data', supplier: 'fornitore', lines: 'righe' },
  en: { number: 'number', date: 'date', supplier: 'supplier', lines: 'lines' },
};

/** Fields read by OCR under the trusted confidence: the seller checks them on the document. */
function ocrWarnings(doc: DocumentRecord, language: Language) {
  return (doc.reading?.invoices ?? []).flatMap((invoice) => {
    const fields = [
      ...(invoice.unsure ?? []),
      ...(invoice.unsure_lines?.length ? ['lines' as const] : []),
    ];
    if (!fields.length) return [];
    const names = fields.map((f) => FIELD_NAMES[language][f]).join(', ');
    return [
      {
        code: 'ocr_unsure',
        message: formatMessage('ocrFieldsToVerify', language, { fields: names }),
      },
    ];
  });
}

const SCAN_ADVICE: Record<
  NonNullable<NonNullable<DocumentRecord['reading']>['scan_advice']>,
  { code: string; key: MessageKey }
> = {
  too_small: { code: 'scan_too_small', key: 'scanTooSmall' },
  too_dark: { code: 'scan_too_dark', key: 'scanTooDark' },
  too_blurred: { code: 'scan_too_blurred', key: 'scanTooBlurred' },
  unreadable: { code: 'scan_unreadable', key: 'scanUnreadable' },
};

/** A scan read poorly: what was measured on it and what to do (see `scan-quality.ts`). */
function scanWarnings(doc: DocumentRecord, language: Language) {
  const advice = doc.reading?.scan_advice;
  if (!advice) return [];
  return [{ code: SCAN_ADVICE[advice].code, message: message(SCAN_ADVICE[advice].key, language) }];
}

/**
 * A case document as the seller sees it, with what to check about it in their language; its
 * lines are matched to the shipment's SKUs with the seller's `verdicts` on invoice lines.
 */
export function documentView(
  doc: DocumentRecord,
  language: Language,
  shipment?: CaseShipment,
  verdicts: LineVerdicts = new LineVerdicts(),
): CaseDocument {
  const warnings = [];
  if (doc.reading?.quality === 'low')
    warnings.push({ code: 'quality_low', message: message('lowQualityDocument', language) });
  if (doc.reading?.quality === 'illegible')
    warnings.push({ code: 'quality_illegible', message: message('illegibleDocument', language) });
  warnings.push(
    ...scanWarnings(doc, language),
    ...ocrWarnings(doc, language),
    ...kindWarnings(doc, language),
    ...mainDocumentWarnings(doc, shipment, language, verdicts),
  );
  return {
    id: doc.id,
    shipment_id: doc.shipment_id,
    doc_type: doc.doc_type,
    path: doc.path,
    filename: doc.filename,
    size: doc.size,
    created_at: doc.created_at,
    reading: doc.reading ? readingSummary(doc.reading) : null,
    ...(doc.reading_pending ? { reading_pending: true } : {}),
    warnings,
  };
}
