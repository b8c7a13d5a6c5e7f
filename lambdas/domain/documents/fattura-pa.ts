/**
 * Italian electronic invoices, FatturaPA 1.2 (FPR12 between businesses, FPA12 to public
 * administrations) and the simplified invoice (`FatturaElettronicaSemplificata`, FSM10, read the
 * same way: parties, number, date, and each `DatiBeniServizi` as a line with its amount): one header (supplier `CedentePrestatore`, buyer `CessionarioCommittente`)
 * and one or more bodies, each a separate invoice (a "lotto" of invoices). Namespace prefixes
 * are ignored and any declared encoding is read (see `xml.ts`).
 *
 * Field rules, from the schema:
 * - party name: `Anagrafica/Denominazione`, else `Nome` + `Cognome`, with whitespace runs read as
 *   one space (pretty-printers wrap long names over lines);
 * - party VAT: `IdFiscaleIVA` as `IdPaese` + `IdCodice` (e.g. IT01234567890), null when the
 *   party has only a `CodiceFiscale` (kept apart in `taxCode`); a fiscal representative's or
 *   carrier's data never stand in for the party's;
 * - `Quantita` is optional (lines of services or discounts have none): missing → null;
 *   `UnitaMisura` missing → null;
 * - `Data` is xs:date: the yyyy-mm-dd part is kept;
 * - `Divisa` (ISO 4217, mandatory in the schema) is the currency of every amount of the body.
 */
import type { OcrConfidence } from './ocr';
import {
  childElements,
  decodeXmlBytes,
  findElement,
  parseXml,
  textAt,
  textContent,
  XmlError,
  type XmlElement,
} from './xml';

/** Whether a `TipoDocumento` is a credit note (TD04, or TD08 in a simplified invoice). */
export function isCreditNote(documentType: string | null | undefined): boolean {
  return documentType === 'TD04' || documentType === 'TD08';
}

/** What `TipoDocumento` codes mean (FatturaPA specification, version 1.7+). */
export const FATTURA_PA_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  TD01: 'fattura',
  TD02: 'acconto/anticipo su fattura',
  TD03: 'acconto/anticipo su parcella',
  TD04: 'nota di credito',
  TD05: 'nota di debito',
  TD06: 'parcella',
  TD07: 'fattura semplificata',
  TD08: 'nota di credito semplificata',
  TD09: 'nota di debito semplificata',
  TD16: 'integrazione fattura reverse charge interno',
  TD17: 'integrazione/autofattura per acquisto servizi dall’estero',
  TD18: 'integrazione per acquisto di beni intracomunitari',
  TD19: 'integrazione/autofattura per acquisto di beni ex art. 17 c.2 DPR 633/72',
  TD20: 'autofattura per regolarizzazione e integrazione delle fatture',
  TD21: 'autofattura per splafonamento',
  TD22: 'estrazione beni da deposito IVA',
  TD23: 'estrazione beni da deposito IVA con versamento dell’IVA',
  TD24: 'fattura differita di cui all’art. 21, comma 4, lett. a)',
  TD25: 'fattura differita di cui all’art. 21, comma 4, terzo periodo lett. b)',
  TD26: 'cessione di beni ammortizzabili e per passaggi interni',
  TD27: 'fattura per autoconsumo o per cessioni gratuite senza rivalsa',
  TD28: 'acquisti da San Marino con IVA (fattura cartacea)',
};

export interface InvoiceParty {
  name: string | null;
  /** VAT number with its country prefix, e.g. IT01234567890. */
  vat: string | null;
  /** Italian `CodiceFiscale`, when given. */
  taxCode: string | null;
}

export interface InvoiceLine {
  description: string;
  /** Null when the line states no quantity. */
  quantity: number | null;
  unit: string | null;
  /** Article codes (`CodiceArticolo/CodiceValore`), often the seller's SKU or an EAN. */
  codes: string[];
  /**
   * The line's amount (`PrezzoTotale`; `Importo` in a simplified invoice; a PDF row's total,
   * kept only when its quantity times its unit price gives it), when given.
   */
  amount?: number | null;
  /** A PDF row's unit price, read with its total (see `invoice-line-amounts.ts`). */
  unitPrice?: number | null;
  /** The currency a PDF row's figures or their column headers name, when one. */
  currency?: string | null;
}

export interface Invoice {
  /**
   * `TipoDocumento` (TD01, TD24, ...) for FatturaPA; for a PDF, TD04 when it is a credit note or
   * the code its printed copy of an electronic invoice shows, else null.
   */
  documentType: string | null;
  number: string | null;
  /** yyyy-mm-dd */
  date: string | null;
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** The currency of the invoice's amounts (`Divisa`), as written; absent when not stated. */
  currency?: string | null;
  /** Where the data come from: structured FatturaPA, or text found in a PDF. */
  source: 'fatturapa' | 'pdf';
  /** Read by OCR: how sure the engine was of each field (see `ocr.ts`). */
  ocr?: OcrConfidence;
}

export class FatturaPaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FatturaPaError';
  }
}

export interface FatturaPaDocument {
  /** `versione` attribute: FPR12, FPA12, FSM10 (simplified). */
  version: string | null;
  invoices: Invoice[];
  /** All text of the document, whitespace collapsed (for quality and keyword checks). */
  text: string;
}

/** Text as a person reads it: whitespace runs (line breaks of pretty-printers) as one space. */
function readable(text: string | null): string | null {
  return text === null ? null : text.replace(/\s+/g, ' ').trim() || null;
}

/** `Denominazione`, else `Nome` + `Cognome`, of the element that holds them. */
function partyName(names: XmlElement | undefined): string | null {
  const person = [textAt(names, 'Nome'), textAt(names, 'Cognome')].filter(Boolean).join(' ');
  return readable(textAt(names, 'Denominazione') ?? person);
}

function vatNumber(ids: XmlElement | undefined): string | null {
  const country = textAt(ids, 'IdFiscaleIVA', 'IdPaese');
  const code = textAt(ids, 'IdFiscaleIVA', 'IdCodice');
  return code ? `${country ?? ''}${code}`.replace(/\s+/g, '').toUpperCase() : null;
}

function party(element: XmlElement | undefined): InvoiceParty {
  const data = findElement(element, 'DatiAnagrafici');
  return {
    name: partyName(findElement(data, 'Anagrafica')),
    vat: vatNumber(data),
    taxCode: textAt(data, 'CodiceFiscale'),
  };
}

function parseNumber(text: string | null): number | null {
  if (text === null) return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
}

function parseDate(text: string | null): string | null {
  const match = text ? /^(\d{4}-\d{2}-\d{2})/.exec(text) : null;
  return match ? (match[1] as string) : null;
}

function line(element: XmlElement): InvoiceLine {
  return {
    description: readable(textContent(findElement(element, 'Descrizione'))) ?? '',
    quantity: parseNumber(textAt(element, 'Quantita')),
    unit: textAt(element, 'UnitaMisura'),
    codes: childElements(element, 'CodiceArticolo')
      .map((c) => textAt(c, 'CodiceValore'))
      .filter((v): v is string => v !== null),
    amount: parseNumber(textAt(element, 'PrezzoTotale')),
  };
}

/** A simplified invoice's `DatiBeniServizi`: description and amount, never a quantity. */
function simplifiedLine(element: XmlElement): InvoiceLine {
  return {
    description: readable(textContent(findElement(element, 'Descrizione'))) ?? '',
    quantity: null,
    unit: null,
    codes: [],
    amount: parseNumber(textAt(element, 'Importo')),
  };
}

/**
 * A party of a simplified invoice: the supplier carries `IdFiscaleIVA` and `Denominazione` (or
 * `Nome`, `Cognome`) directly, the buyer under `IdentificativiFiscali` and
 * `AltriDatiIdentificativi`.
 */
function simplifiedParty(
  element: XmlElement | undefined,
  ids: XmlElement | undefined,
  names: XmlElement | undefined,
): InvoiceParty {
  return {
    name: partyName(names),
    vat: vatNumber(ids),
    taxCode: textAt(ids ?? element, 'CodiceFiscale'),
  };
}

/** True when the element is a FatturaPA root (any prefix), ordinary or simplified (FSM10). */
export function isFatturaPaRoot(root: XmlElement): boolean {
  return root.name === 'FatturaElettronica' || root.name === 'FatturaElettronicaSemplificata';
}

/** Reads a parsed FatturaPA root element. */
export function readFatturaPaElement(root: XmlElement): FatturaPaDocument {
  if (!isFatturaPaRoot(root)) {
    throw new FatturaPaError(`Not a FatturaPA document (root <${root.qName}>).`);
  }
  const header = findElement(root, 'FatturaElettronicaHeader');
  const simplified = root.name === 'FatturaElettronicaSemplificata';
  const supplierElement = findElement(header, 'CedentePrestatore');
  const buyerElement = findElement(header, 'CessionarioCommittente');
  const supplier = simplified
    ? simplifiedParty(supplierElement, supplierElement, supplierElement)
    : party(supplierElement);
  const buyer = simplified
    ? simplifiedParty(
        buyerElement,
        findElement(buyerElement, 'IdentificativiFiscali'),
        findElement(buyerElement, 'AltriDatiIdentificativi'),
      )
    : party(buyerElement);
  const invoices = childElements(root, 'FatturaElettronicaBody').map((body): Invoice => {
    const general = findElement(body, 'DatiGenerali', 'DatiGeneraliDocumento');
    const currency = textAt(general, 'Divisa')?.trim().toUpperCase() || null;
    return {
      documentType: textAt(general, 'TipoDocumento'),
      number: textAt(general, 'Numero'),
      date: parseDate(textAt(general, 'Data')),
      supplier,
      buyer,
      lines: simplified
        ? childElements(body, 'DatiBeniServizi').map(simplifiedLine)
        : childElements(findElement(body, 'DatiBeniServizi'), 'DettaglioLinee').map(line),
      ...(currency ? { currency } : {}),
      source: 'fatturapa',
    };
  });
  return {
    version: root.attributes.versione ?? null,
    invoices,
    text: textContent(root).replace(/\s+/g, ' ').trim(),
  };
}

/**
 * Parses a FatturaPA XML file (bytes as received). Throws `FatturaPaError` when the bytes are
 * not well-formed XML or not a FatturaPA document.
 */
export function parseFatturaPa(bytes: Uint8Array): FatturaPaDocument {
  let root: XmlElement;
  try {
    root = parseXml(decodeXmlBytes(bytes));
  } catch (error) {
    if (error instanceof XmlError) throw new FatturaPaError(`Malformed XML: ${error.message}`);
    throw error;
  }
  return readFatturaPaElement(root);
}
