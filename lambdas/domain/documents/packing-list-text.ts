/**
 * Packing-list fields (packing lists, delivery notes, Italian DDT) from the text of a document
 * the reader classed as a transport document (`ddt`): its number, its date, sender and
 * recipient, and its lines with the quantities shipped. They are read by the invoice reader's
 * rules (`invoice-text.ts`: the same cells, parties and tables) over a packing list's own
 * labels in Italian, English, German, French, Spanish, Dutch and Polish:
 *
 * - **number**: "DDT n.", "Documento di trasporto n.", "Packing list No.", "Delivery note no.",
 *   "Lieferschein-Nr.", "Bon de livraison n°", "BL n°", "Albarán nº", "Pakbonnummer", "WZ nr",
 *   "Wydanie zewnętrzne nr", "Numero documento"; else a title with its number ("Lieferschein
 *   4711", "WZ 15/2025"); else a bare "N°", "Nr." that is not about an invoice, an order, a
 *   customer. An invoice number the packing list cites is never its own.
 * - **date**: the document's or the shipment's ("Data DDT", "Data inizio trasporto", "Shipping
 *   date", "Versanddatum", "Date d'expédition", "Fecha del albarán", "Verzenddatum", "Data
 *   wydania"), else a plain date label that is not about an invoice, an order, a delivery due
 *   or arrival, a payment, or a law the form cites (an Italian DDT's "D.P.R. 472/1996").
 * - **sender / recipient** are the supplier and the buyer ("Mittente", "Absender", "Shipper",
 *   "Expéditeur", "Remitente", "Afzender", "Nadawca"; "Destinatario", "Consignee"...).
 * - **lines**: as an invoice's table; of a cartons count and a pieces count, the pieces.
 *
 * The labels apply to a packing list only: an invoice that cites "DDT n. 45 del 02/03/2024"
 * keeps its own number and date.
 */
import type { Invoice } from './fattura-pa';
import {
  invoicesFromLines,
  NUMBER_WORD,
  OTHER_DATES,
  OTHER_NUMBERS,
  type DocumentLabels,
  type TextLine,
} from './invoice-text';

/** What a packing list calls itself, folded; "BL" and "WZ" only before a number. */
const PACKING_LIST_WORD =
  "(?:d\\.?\\s?d\\.?\\s?t|documento di trasporto|documento de transporte|bolla di (?:accompagnamento|consegna)|distinta (?:di |d')?imballaggio|lista di imballaggio|packing\\s?(?:list|slip|note)|delivery (?:note|slip)|des?patch note|lieferschein|packliste|versandliste|bon de livraison|bordereau de livraison|liste de colisage|albaran(?: de entrega)?|lista de (?:empaque|embalaje|bultos)|nota de entrega|pakbon|paklijst|afleverbon|leveringsbon|wydanie zewnetrzne|lista pakunkowa|specyfikacja wysylki)";

const NUMBER_LABELS: RegExp[] = [
  // "Documento di trasporto (D.d.T.) n. 45": an abbreviation in brackets may stand between.
  new RegExp(`\\b(?:${PACKING_LIST_WORD}|bl|wz)\\.?(?:\\s?\\([^)]{1,12}\\))?[\\s-]?${NUMBER_WORD}`),
  new RegExp(
    `\\b(?:numero|numer|nummer|n°|nr\\.?|no\\.?|n\\.|num\\.?)\\s?(?:de la\\s|de l'|del\\s|de\\s|di\\s|du\\s|van\\s|des\\s)?(?:${PACKING_LIST_WORD}|bl|wz|documento|document|dokumentu|beleg)(?![a-z])`,
  ),
  /\b(?:document|documento|dokument|doc\.|beleg)[\s-]?(?:no\.?|nr\.?|n°|n\.|number|nummer|numero)(?![a-z])/,
];

/** A title that may carry its number: "Lieferschein 4711", "Packing list PL-2025-88", "WZ 15/2025". */
const TITLE = new RegExp(`\\b(?:${PACKING_LIST_WORD}|wz)(?![a-z])`);

const DATE_LABELS: RegExp[] = [
  /\bdata (?:del |dello |di |della )?(?:d\.?d\.?t|documento|spedizione|emissione|partenza|(?:inizio )?trasporto|ritiro)\b/,
  /\bdata e ora (?:di )?(?:inizio )?(?:trasporto|spedizione|partenza)\b/,
  /\b(?:document|dispatch|despatch|shipping|shipment|ship|issue|packing list|packing slip|delivery note)[\s-]?date\b/,
  /\bdate (?:of (?:issue|shipment|dispatch|despatch)|shipped|dispatched|issued)\b/,
  /(?:lieferschein|versand|beleg|ausstellungs|dokument)[\s-]?datum/,
  /\bdatum (?:des )?(?:lieferscheins?|versands?)\b/,
  /\bdate (?:du |de la |de l'|d')?\s?(?:bon de livraison|bl|expedition|envoi|document|emission)\b/,
  /\bfecha (?:de |del )?(?:albaran|envio|expedicion|documento|emision|salida)\b/,
  /(?:pakbon|verzend|afleverbon)[\s-]?datum/,
  /\bdatum (?:van )?(?:verzending|pakbon)\b/,
  /\bdata (?:wydania|wystawienia|wysylki|dokumentu)\b/,
];

/** An invoice's words: a number or a date beside them is the invoice's the packing list cites. */
const INVOICE_WORDS = 'fattur|invoice|rechnung|factur|faktur|factuur|\\binv\\b|proforma';

export const PACKING_LIST_LABELS: DocumentLabels = {
  number: NUMBER_LABELS,
  laterNumber: [],
  title: TITLE,
  date: DATE_LABELS,
  otherNumberWords: new RegExp(`(?:${OTHER_NUMBERS}|${INVOICE_WORDS})`),
  otherDateWords: new RegExp(
    `(?:${OTHER_DATES}|${INVOICE_WORDS}|lieferdatum|liefertermin|delivery date|deliver by|consegna|date de livraison|livraison prevue|fecha de entrega|entrega prevista|leverdatum|leveringsdatum|data dostawy|termin dostawy|arrival|arrivo|ankunft|\\beta\\b|d\\.\\s?p\\.\\s?r|decreto)`,
  ),
  creditNote: null,
};

/**
 * The packing lists in a text (one per run of pages with its own number, as invoices), in the
 * reading's `Invoice` shape: sender as supplier, recipient as buyer, lines with the quantities
 * shipped. Empty when no number or date is found.
 */
export function packingListsFromLines(lines: TextLine[]): Invoice[] {
  return invoicesFromLines(lines, PACKING_LIST_LABELS);
}
