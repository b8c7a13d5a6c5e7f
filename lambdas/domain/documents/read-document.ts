/**
 * The document reader: what an uploaded document is, how readable it is, and the invoices in it.
 * Server-side only (uses `node:zlib` through the PDF reader); the web app gets the result.
 *
 * - The type comes from the bytes (`detectFileType`), never from the name; a `.p7m` envelope is
 *   opened (up to 3 nested signatures) and its content read the same way.
 * - **kind**: a FatturaPA is a `fattura`; PDF and other XML text is classified by its words
 *   (invoice, transport document/packing list/CMR, proof of delivery; see `classifyText`);
 *   PNG, JPEG and GIF are `foto`; a ZIP archive, or text with none of the words, is `unknown`.
 * - **quality** (spec 4.5, applied to the real extracted text instead of the file name): under
 *   50 characters `illegible`; under 200, or with three question marks in a row (or undecodable
 *   glyphs, which extraction turns into "?"), `low`; else `ok`. Images: see `image-info.ts`.
 *   `text_chars` counts the text with whitespace runs collapsed to one space.
 * - **proForma**: the text says "pro forma"/"proforma"/"pro-forma" (spec section 5: pro forma
 *   invoices are not accepted). Never for a FatturaPA: only real invoices go through the SdI.
 * - **invoices**: the documents read: every body of a FatturaPA; for a PDF invoice, the invoices
 *   read from its text (number, date, parties, table lines: see `invoice-text.ts`); for a
 *   packing list or delivery note (`ddt`), the same fields by its own labels (number, date of
 *   the document or shipment, sender as supplier, recipient as buyer, lines with the quantities
 *   shipped: see `packing-list-text.ts`).
 *
 * The patterns run on uploaded text, so none of them backtracks over a run of its input: a label
 * is followed by `\s*(?:[:.]\s*)?` (one way to split the spaces) rather than `\s*[:.]?\s*`.
 */
import { isFatturaPaRoot, readFatturaPaElement, type Invoice } from './fattura-pa';
import { detectFileType, type FileType } from './file-type';
import { imageQuality, readImageInfo, type ImageInfo } from './image-info';
import { invoicesFromLines, linesFromText, type TextLine } from './invoice-text';
import { extractP7mContent, P7mError } from './p7m';
import {
  linesFromOcr,
  LOW_RESOLUTION_LONG_SIDE,
  MAX_OCR_MS,
  MAX_OCR_PAGES,
  MAX_OCR_PIXELS,
  ocrConfidenceOf,
  encodeBmp,
  wordsOf,
  type OcrEngine,
  type OcrPage,
} from './ocr';
import { packingListsFromLines } from './packing-list-text';
import { pdfPageImages } from './pdf-images';
import { extractPdfText, PdfError } from './pdf-text';
import { decodeXmlBytes, parseXml, textContent, XmlError } from './xml';

export type DocumentKind = 'fattura' | 'ddt' | 'pod' | 'foto' | 'unknown';
export type DocumentQuality = 'ok' | 'low' | 'illegible';

export interface DocumentReading {
  kind: DocumentKind;
  quality: DocumentQuality;
  invoices: Invoice[];
  /** Characters of extracted text (whitespace runs count as one). 0 for images. */
  text_chars: number;
  proForma: boolean;
  /** The extracted text (empty for images). */
  text: string;
  /** The real type of the file read (inside the envelope for a `.p7m`). */
  fileType: FileType;
  /** Image header data, for `foto`; null otherwise. */
  image: ImageInfo | null;
  /** Set when the text was read by OCR (an image, or a PDF without text): its mean confidence. */
  ocr?: { confidence: number; pages: number; rotation: number } | null;
}

export interface ReadOptions {
  /** Reads images and PDF pages without text; without it they give no text. */
  ocr?: OcrEngine;
  /** Wall time for the OCR of the document (default `MAX_OCR_MS`). */
  ocrDeadlineMs?: number;
}

export type DocumentReadErrorCode =
  | 'empty'
  | 'unsupported_type'
  | 'broken_pdf'
  | 'encrypted_pdf'
  | 'broken_xml'
  | 'broken_p7m'
  /** XML nested too deep or with too many elements: refused, never stored. */
  | 'xml_too_complex';

/** The file cannot be read at all (the upload may still be kept, as `illegible`). */
export class DocumentReadError extends Error {
  constructor(
    readonly code: DocumentReadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentReadError';
  }
}

/** Spec 4.5 thresholds. */
export const ILLEGIBLE_BELOW_CHARS = 50;
export const LOW_BELOW_CHARS = 200;

/** Whitespace runs collapsed, trimmed. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Quality of extracted text, per spec 4.5 (see the module comment). */
export function textQuality(text: string): DocumentQuality {
  const normalized = normalizeText(text);
  if (normalized.length < ILLEGIBLE_BELOW_CHARS) return 'illegible';
  if (normalized.length < LOW_BELOW_CHARS || /[?\uFFFD]{3}/.test(normalized)) return 'low';
  return 'ok';
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words and their weight for each kind. Matched on accent-free lowercase text, whole words. */
const KIND_WORDS: Record<'fattura' | 'ddt' | 'pod', [RegExp, number][]> = {
  fattura: [
    [/\bfattura\b/, 3],
    [/\binvoice\b/, 3],
    [/\b(rechnung|factura|facture|faktura|factuur)\b/, 3],
    // An invoice that names itself only in its labels ("Factuurnummer", "Rechnungsdatum").
    [/\b(rechnungs|factuur)(nummer|datum)\b/, 3],
    // Credit notes, which may never say "invoice".
    [/\b(gutschrift|creditnota|nota di credito|credit note)\b/, 3],
    [/\b(imponibile|aliquota|totale documento|totale fattura|netto a pagare)\b/, 2],
    [/\b(subtotal|amount due|total due|vat amount|tax amount|invoice total)\b/, 2],
    [/\b(iva|vat|mwst|tva)\b/, 1],
    [/\b(partita iva|p\.\s?iva|vat (no|number|id))\b/, 1],
  ],
  ddt: [
    [/\bdocumento di trasporto\b/, 4],
    [/\bd\.?d\.?t\.?\b/, 3],
    [/\b(packing list|packing slip|distinta (di |d['’])?imballaggio|lista di imballaggio)\b/, 4],
    [/\b(delivery note|lieferschein|bon de livraison|albaran)\b/, 4],
    [/\b(packliste|liste de colisage|lista de empaque|pakbon|paklijst|wydanie zewnetrzne)\b/, 4],
    [/\b(cmr|lettera di vettura|bolla di accompagnamento|consignment note|waybill)\b/, 3],
    [/\b(causale del trasporto|aspetto (esteriore )?dei beni|trasporto a cura|vettore)\b/, 2],
    [/\b(colli|n\. colli|peso lordo|gross weight|cartons?)\b/, 1],
  ],
  pod: [
    [
      /\b(proof of delivery|prova di consegna|prova dell'avvenuta consegna|ricevuta di consegna)\b/,
      4,
    ],
    [/\bpod\b/, 3],
    [/\b(delivery confirmation|conferma di consegna|zustellnachweis|preuve de livraison)\b/, 4],
    [/\b(delivered|consegnato|consegnata|signed by|firmato da|received by|ricevuto da)\b/, 2],
    [/\b(tracking|tracciamento|esito)\b/, 1],
  ],
};

/**
 * Which kind of document a text is: the kind whose words weigh most (each pattern counts once);
 * ties go to fattura, then ddt, then pod; no word at all is `unknown`.
 */
export function classifyText(text: string): DocumentKind {
  const folded = fold(text);
  let best: DocumentKind = 'unknown';
  let bestScore = 0;
  for (const kind of ['fattura', 'ddt', 'pod'] as const) {
    const score = KIND_WORDS[kind].reduce((sum, [re, w]) => (re.test(folded) ? sum + w : sum), 0);
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

/** "pro forma", "proforma", "pro-forma" anywhere in the text. */
export function mentionsProForma(text: string): boolean {
  return /\bpro[\s._-]*forma\b/.test(fold(text));
}

function fromText(text: string, fileType: FileType, lines?: TextLine[]): DocumentReading {
  const normalized = normalizeText(text);
  const kind = classifyText(normalized);
  const read = () => lines ?? linesFromText(text);
  const invoices =
    kind === 'fattura'
      ? invoicesFromLines(read())
      : kind === 'ddt'
        ? packingListsFromLines(read())
        : [];
  return {
    kind,
    quality: textQuality(normalized),
    invoices,
    text_chars: normalized.length,
    proForma: mentionsProForma(normalized),
    text,
    fileType,
    image: null,
  };
}

/**
 * The reading of OCR'd pages: the same classification and field readers as text; each invoice
 * carries its fields' confidence (see `ocr.ts`). An image whose text names no kind stays `foto`;
 * its number, date and sender are still read as an invoice's (a till receipt photographed is
 * often the only proof of a purchase).
 */
function fromOcr(pages: OcrPage[], fileType: FileType, image: ImageInfo | null): DocumentReading {
  const { lines, text } = linesFromOcr(pages);
  const reading = fromText(text, fileType, lines);
  const words = wordsOf(pages);
  const confidence = words.length
    ? Math.round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length)
    : 0;
  return {
    ...reading,
    kind: reading.kind === 'unknown' && image ? 'foto' : reading.kind,
    quality: image && words.length === 0 ? imageQuality(image) : reading.quality,
    invoices: (reading.kind === 'unknown' ? invoicesFromLines(lines) : reading.invoices).map(
      (invoice) => ({
        ...invoice,
        ocr: ocrConfidenceOf(invoice, words),
      }),
    ),
    image,
    ocr: { confidence, pages: pages.length, rotation: pages[0]?.rotation ?? 0 },
  };
}

/** Reads the encoded images one after another within `MAX_OCR_MS`; null past the time. */
async function ocrPages(
  images: Uint8Array[],
  source: 'picture' | 'pdf_page',
  options: ReadOptions & { enlarge?: boolean; start?: number },
): Promise<OcrPage[] | null> {
  const engine = options.ocr;
  if (!engine) return null;
  const start = options.start ?? Date.now();
  const pages: OcrPage[] = [];
  for (const image of images) {
    const left = (options.ocrDeadlineMs ?? MAX_OCR_MS) - (Date.now() - start);
    if (left <= 0) return null;
    try {
      const enlarge = options.enlarge ? { enlarge: true } : {};
      pages.push(await engine.read(image, { deadlineMs: left, source, ...enlarge }));
    } catch {
      // Past the time, or an image the engine cannot decode: no OCR text.
      return null;
    }
  }
  return pages;
}

/** Whether OCR reads a picture: not a thumbnail, a cut file, nor one over the pixel limit. */
export function ocrReadsPicture(image: ImageInfo): boolean {
  if (imageQuality(image) === 'illegible' || image.truncated) return false;
  return (image.width ?? 0) * (image.height ?? 0) <= MAX_OCR_PIXELS;
}

async function ocrImage(
  bytes: Uint8Array,
  image: ImageInfo,
  options: ReadOptions,
): Promise<DocumentReading | null> {
  if (!options.ocr || !ocrReadsPicture(image)) return null;
  const pages = await ocrPages([bytes], 'picture', options);
  return pages ? fromOcr(pages, image.format, image) : null;
}

/** A PDF with (almost) no text: its pages' pictures read by OCR; null when there is none. */
async function ocrPdf(bytes: Uint8Array, options: ReadOptions): Promise<DocumentReading | null> {
  let images;
  try {
    images = await pdfPageImages(bytes, { maxPages: MAX_OCR_PAGES, maxPixels: MAX_OCR_PIXELS });
  } catch {
    return null;
  }
  if (!images.length) return null;
  const start = Date.now();
  const encoded = images.map((i) => encodeBmp(i.data, i.width, i.height, i.channels));
  const pages = await ocrPages(encoded, 'pdf_page', { ...options, start });
  if (!pages) return null;
  const reading = fromOcr(pages, 'pdf', null);
  const first = reading.invoices[0];
  const lowResolution = images.some((i) => Math.max(i.width, i.height) < LOW_RESOLUTION_LONG_SIDE);
  if (!lowResolution || (first?.number && first.date)) return reading;
  // A low-resolution scan's small print (a date in a boxed cell) may only read enlarged; the
  // first reading keeps what it read, the second fills only what it lacks.
  const again = await ocrPages(encoded, 'pdf_page', { ...options, start, enlarge: true });
  return again ? filledIn(reading, [...pages, ...again], fromOcr(again, 'pdf', null)) : reading;
}

/** `reading` with the number, date and supplier it lacks taken from `enlarged`'s first invoice. */
function filledIn(
  reading: DocumentReading,
  pages: OcrPage[],
  enlarged: DocumentReading,
): DocumentReading {
  const extra = enlarged.invoices[0];
  if (!extra) return reading;
  const [first, ...rest] = reading.invoices;
  if (!first) return { ...enlarged, ocr: reading.ocr };
  const invoice: Invoice = {
    ...first,
    number: first.number ?? extra.number,
    date: first.date ?? extra.date,
    supplier: first.supplier.name ? first.supplier : extra.supplier,
    lines: first.lines.length ? first.lines : extra.lines,
  };
  return {
    ...reading,
    invoices: [{ ...invoice, ocr: ocrConfidenceOf(invoice, wordsOf(pages)) }, ...rest],
  };
}

function readXml(bytes: Uint8Array): DocumentReading {
  let root;
  try {
    root = parseXml(decodeXmlBytes(bytes));
  } catch (error) {
    if (error instanceof XmlError && error.code !== 'malformed')
      throw new DocumentReadError(
        'xml_too_complex',
        `The XML file is too complex: ${error.message}`,
      );
    if (error instanceof XmlError)
      throw new DocumentReadError('broken_xml', `The XML file is malformed: ${error.message}`);
    throw error;
  }
  if (!isFatturaPaRoot(root)) return fromText(textContent(root), 'xml');
  const document = readFatturaPaElement(root);
  const text = document.text;
  return {
    kind: 'fattura',
    quality: textQuality(text),
    invoices: document.invoices,
    text_chars: normalizeText(text).length,
    proForma: false,
    text,
    fileType: 'xml',
    image: null,
  };
}

async function readBytes(
  bytes: Uint8Array,
  depth: number,
  options: ReadOptions,
): Promise<DocumentReading> {
  if (bytes.length === 0) throw new DocumentReadError('empty', 'The file is empty.');
  const fileType = detectFileType(bytes);
  switch (fileType) {
    case 'p7m': {
      if (depth >= 3) throw new DocumentReadError('broken_p7m', 'Too many nested signatures.');
      let content: Uint8Array;
      try {
        content = extractP7mContent(bytes);
      } catch (error) {
        if (error instanceof P7mError) throw new DocumentReadError('broken_p7m', error.message);
        throw error;
      }
      return readBytes(content, depth + 1, options);
    }
    case 'xml':
      return readXml(bytes);
    case 'pdf': {
      try {
        const pdf = await extractPdfText(bytes);
        const reading = fromText(pdf.text, 'pdf', pdf.lines);
        if (reading.text_chars >= ILLEGIBLE_BELOW_CHARS || !options.ocr) return reading;
        return (await ocrPdf(bytes, options)) ?? reading;
      } catch (error) {
        if (error instanceof PdfError) {
          const code = error.code === 'encrypted' ? 'encrypted_pdf' : 'broken_pdf';
          throw new DocumentReadError(code, error.message);
        }
        throw error;
      }
    }
    case 'png':
    case 'jpeg':
    case 'gif': {
      const image = readImageInfo(bytes, fileType);
      const read = await ocrImage(bytes, image, options);
      if (read) return read;
      return {
        kind: 'foto',
        quality: imageQuality(image),
        invoices: [],
        text_chars: 0,
        proForma: false,
        text: '',
        fileType,
        image,
      };
    }
    case 'zip':
      return {
        kind: 'unknown',
        quality: 'illegible',
        invoices: [],
        text_chars: 0,
        proForma: false,
        text: '',
        fileType,
        image: null,
      };
    default:
      throw new DocumentReadError(
        'unsupported_type',
        'The file is not a PDF, an image, a FatturaPA XML or a signed .p7m.',
      );
  }
}

/**
 * Reads one document. `fileName` is only used in messages: the content decides everything.
 * Throws `DocumentReadError` when the file cannot be read at all.
 */
export async function readDocument(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): Promise<DocumentReading> {
  try {
    return await readBytes(bytes, 0, options);
  } catch (error) {
    if (error instanceof DocumentReadError) {
      throw new DocumentReadError(error.code, `${fileName}: ${error.message}`);
    }
    throw error;
  }
}

export { invoiceFromText } from './invoice-text';
