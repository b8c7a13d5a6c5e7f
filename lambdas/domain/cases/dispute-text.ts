/**
 * The dispute texts (spec 2.8 and 9): four templates (first contestation, follow-up, reply to
 * a rejection, second reply) × role × Italian/English. Each text carries every item of spec 9:
 * shipment id, name, reference, logistics centre, the shipment's dates we hold (each said for
 * what it is: Amazon's last recorded receipt, or the bound from the first sync that saw it
 * closed; a date we do not hold is left out) in the language's locale, total
 * discrepancy (expected minus found), per-SKU detail and the attachments; up to three lines of
 * the transport document, then a note about the others; the claim window in the replies,
 * taken from `claim-windows.ts` (the spec's prototype cited 6 months; Amazon's inbound window is
 * what the deadlines count, so the text says the same). Pure: the server (generate-case-draft, submit-reimbursement) and the web app's
 * case-preparation sheet build the same text. The seller's identity (name, store, Seller ID,
 * marketplace) heads the text and the seller's name signs it, each only when we hold it.
 */
import type { CaseRole, DisputeTemplate, DocType } from './contract';
import { DOC_TYPE_LABELS } from './requirements';
import { INBOUND_CLAIM_WINDOW } from './claim-windows';
import type { Language } from '../language';
import { disputeLanguageFor } from './dispute-language';

export type DisputeLanguage = Language;
export { disputeLanguageFor };

export interface DisputeShipment {
  shipment_id: string;
  shipment_name: string | null;
  reference_id: string | null;
  fc_code: string | null;
  /** ISO date-time of a known closing (demo samples only; Amazon's listing gives none). */
  closed_at: string | null;
  /** The latest moment it can have closed, from the first sync that saw it closed (ISO). */
  closed_by?: string | null;
  /** The last receipt Amazon's inventory ledger records for the shipment (ISO). */
  ledger_received_at?: string | null;
  units_expected: number;
  units_found: number;
}

/** Who writes to Amazon: each fact only when we hold it (profile and Amazon connection). */
export interface DisputeSender {
  seller_name: string | null;
  store_name: string | null;
  /** The selling partner id of the connection. */
  seller_id: string | null;
  /** The marketplace the claim is for, as the seller knows it (e.g. "Amazon.it"). */
  marketplace: string | null;
}

export interface DisputeItem {
  sku: string;
  asin: string | null;
  title: string | null;
  units_expected: number;
  units_found: number;
}

export interface DisputeAttachment {
  doc_type: DocType;
  filename: string;
}

/** A line read from the main document (invoice or packing list). */
export interface TransportLine {
  description: string;
  quantity: number | null;
  unit: string | null;
}

export interface DisputeInput {
  template: DisputeTemplate;
  role: CaseRole;
  language: DisputeLanguage;
  shipment: DisputeShipment;
  items: readonly DisputeItem[];
  attachments: readonly DisputeAttachment[];
  /** Lines of the main document; only the first three are listed. */
  transportLines?: readonly TransportLine[];
  /** The seller's notes per attachment type (case-preparation sheet). */
  notes?: Partial<Record<DocType, string>>;
  /** Excerpt of the marketplace's last reply, quoted in the reply templates. */
  previousReply?: string | null;
  /** The seller's identity; missing facts are left out. */
  sender?: DisputeSender | null;
  /**
   * Whether our dates put the claim inside the inbound window; the replies cite the window only
   * then (unknown counts as inside, as the deadlines do).
   */
  windowOpen?: boolean;
  /** What Amazon already reimbursed on the case (paid in part): the follow-up says so. */
  reimbursed?: AlreadyReimbursed | null;
}

export interface DisputeText {
  subject: string;
  text: string;
  attachments_summary: string;
}

/** Spec 9: the dispute text lists up to three lines of the transport document. */
export const MAX_TRANSPORT_LINES = 3;
/**
 * The window cited in the replies to a rejection: the inbound-shipment claim window the
 * deadlines, landing and help count with (one table, `claim-windows.ts`).
 */
export const REIMBURSEMENT_WINDOW_DAYS = INBOUND_CLAIM_WINDOW.days;

const LOCALE: Record<DisputeLanguage, string> = { it: 'it-IT', en: 'en-US' };

/** Closing date in the language's locale (spec 9: it-IT or en-US), Italian time zone. */
export function formatClosingDate(iso: string, language: DisputeLanguage): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));
}

export function totalDiscrepancy(shipment: DisputeShipment): number {
  return shipment.units_expected - shipment.units_found;
}

interface Wording {
  subject: Record<DisputeTemplate, (id: string, missing: number) => string>;
  greeting: string;
  intro: Record<DisputeTemplate, (missing: number) => string>;
  shipmentHeading: string;
  id: string;
  name: string;
  reference: string;
  fc: string;
  closed: string;
  closedBy: (date: string) => string;
  ledgerReceipt: (date: string) => string;
  senderHeading: string;
  sellerName: string;
  storeName: string;
  sellerId: string;
  marketplace: string;
  expected: string;
  found: string;
  total: (n: number) => string;
  skuHeading: string;
  skuLine: (item: DisputeItem, missing: number) => string;
  role: Record<CaseRole, Record<DisputeTemplate, string>>;
  linesHeading: Record<CaseRole, string>;
  line: (line: TransportLine) => string;
  moreLines: (n: number) => string;
  quote: (excerpt: string) => string;
  window: (days: number) => string;
  attachmentsHeading: string;
  noAttachments: string;
  note: string;
  request: Record<DisputeTemplate, string>;
  closing: string;
}

const IT: Wording = {
  subject: {
    first: (id, n) => `Richiesta di rimborso – spedizione in entrata ${id}: ${itUnits(n)} mancanti`,
    follow_up: (id, n) =>
      `Sollecito – richiesta di rimborso spedizione in entrata ${id} (${itUnits(n)} mancanti)`,
    reply_rejection: (id, n) =>
      `Richiesta di riesame – spedizione in entrata ${id} (${itUnits(n)} mancanti)`,
    second_reply: (id, n) =>
      `Secondo riesame e inoltro al team competente – spedizione in entrata ${id} (${itUnits(n)} mancanti)`,
  },
  greeting: 'Gentile Supporto Amazon Seller,',
  intro: {
    first: (n) =>
      `vi scrivo per chiedere la verifica e il rimborso di ${itUnits(n)} della spedizione in entrata FBA indicata qui sotto. Le unità sono state spedite e consegnate al centro logistico, ma la spedizione è stata chiusa con un numero di unità ricevute inferiore a quello spedito.`,
    follow_up: (n) =>
      `vi scrivo di nuovo in merito alla richiesta di rimborso per ${itUnits(n)} della spedizione in entrata FBA indicata qui sotto. Non ho ancora ricevuto una soluzione e vi chiedo di aggiornarmi sullo stato della verifica.`,
    reply_rejection: (n) =>
      `ho ricevuto la vostra risposta con cui respingete la richiesta di rimborso per ${itUnits(n)} della spedizione in entrata FBA indicata qui sotto. Non concordo con l'esito e vi chiedo di riesaminare il caso sulla base dei dati e dei documenti che riporto di seguito.`,
    second_reply: (n) =>
      `la richiesta di rimborso per ${itUnits(n)} della spedizione in entrata FBA indicata qui sotto è stata respinta per la seconda volta. Le unità mancanti restano non ritrovate e non rimborsate: vi chiedo di inoltrare il caso a un team di livello superiore perché lo riesamini con i dati e i documenti riportati di seguito.`,
  },
  shipmentHeading: 'Dati della spedizione',
  id: 'ID spedizione',
  name: 'Nome spedizione',
  reference: 'Riferimento',
  fc: 'Centro logistico',
  closed: 'Data di chiusura',
  closedBy: (date) =>
    `Chiusa entro il: ${date} (limite indicato dalla prima sincronizzazione che l'ha vista chiusa)`,
  ledgerReceipt: (date) =>
    `Ultima ricezione registrata da Amazon: ${date} (registro dell'inventario FBA)`,
  senderHeading: 'Dati del venditore',
  sellerName: 'Venditore',
  storeName: 'Negozio',
  sellerId: 'Seller ID',
  marketplace: 'Marketplace',
  expected: 'Unità spedite',
  found: 'Unità ricevute',
  total: (n) => `Discrepanza totale: ${itUnits(n)} mancanti`,
  skuHeading: 'Dettaglio per SKU',
  skuLine: (item, missing) =>
    `- ${item.sku}${item.asin ? ` (ASIN ${item.asin})` : ''}${item.title ? ` – ${item.title}` : ''}: spedite ${item.units_expected}, ricevute ${item.units_found}, mancanti ${missing}`,
  role: {
    rivenditore: {
      first:
        "Sono il rivenditore di questi prodotti. In allegato trovate la fattura d'acquisto originale del fornitore, con data d'acquisto, descrizione dei prodotti e quantità, che dimostra la proprietà delle unità spedite.",
      follow_up:
        "Come rivenditore ho già allegato la fattura d'acquisto originale del fornitore, con data d'acquisto, descrizione dei prodotti e quantità; la allego di nuovo per comodità.",
      reply_rejection:
        "Come rivenditore allego di nuovo la fattura d'acquisto originale del fornitore (non una pro forma), con data d'acquisto, descrizione dei prodotti e quantità, che copre le unità spedite.",
      second_reply:
        "Come rivenditore ho fornito la fattura d'acquisto originale del fornitore (non una pro forma), con data d'acquisto, descrizione dei prodotti e quantità: dimostra la proprietà di tutte le unità spedite.",
    },
    produttore: {
      first:
        "Sono il produttore di questi articoli. In allegato trovate la distinta d'imballaggio firmata, datata non oltre la spedizione, con numero d'ordine, descrizione dei prodotti e quantità spedite.",
      follow_up:
        "Come produttore ho già allegato la distinta d'imballaggio firmata, con numero d'ordine, descrizione dei prodotti e quantità spedite; la allego di nuovo per comodità.",
      reply_rejection:
        "Come produttore allego di nuovo la distinta d'imballaggio firmata e timbrata, datata non oltre la spedizione, con numero d'ordine, descrizione dei prodotti e quantità spedite.",
      second_reply:
        "Come produttore ho fornito la distinta d'imballaggio firmata e timbrata, datata non oltre la spedizione, con numero d'ordine, descrizione dei prodotti e quantità spedite: dimostra che le unità sono partite dal mio magazzino.",
    },
  },
  linesHeading: {
    rivenditore: 'Righe della fattura allegata',
    produttore: "Righe della distinta d'imballaggio allegata",
  },
  line: (line) =>
    `- ${line.description}${line.quantity !== null ? `: ${formatQuantity(line.quantity, 'it')}${line.unit ? ` ${line.unit}` : ''}` : ''}`,
  moreLines: (n) =>
    n === 1
      ? "- …e un'altra riga, riportata nel documento allegato."
      : `- …e altre ${n} righe, riportate nel documento allegato.`,
  quote: (excerpt) => `Nella vostra risposta indicate: «${excerpt}»`,
  window: (days) =>
    `Ricordo che la richiesta rientra nei ${days} giorni dalla consegna al centro logistico entro cui Amazon accetta le richieste di rimborso per le unità mancanti di una spedizione in entrata.`,
  attachmentsHeading: 'Allegati',
  noAttachments: '- Nessun allegato',
  note: 'nota',
  request: {
    first:
      'Vi chiedo di verificare la ricezione presso il centro logistico e, se le unità non vengono ritrovate, di rimborsarle.',
    follow_up:
      'Vi chiedo di completare la verifica e, se le unità non vengono ritrovate, di procedere con il rimborso.',
    reply_rejection:
      'Vi chiedo di riesaminare la richiesta e di rimborsare le unità mancanti, oppure di indicarmi quale documento manca.',
    second_reply:
      'Vi chiedo di inoltrare il caso al team competente per un riesame completo e di rimborsare le unità mancanti, oppure di spiegarmi in dettaglio il motivo del rifiuto.',
  },
  closing: 'Cordiali saluti',
};

const EN: Wording = {
  subject: {
    first: (id, n) => `Reimbursement request – inbound shipment ${id}: ${enUnits(n)} missing`,
    follow_up: (id, n) =>
      `Follow-up – reimbursement request for inbound shipment ${id} (${enUnits(n)} missing)`,
    reply_rejection: (id, n) =>
      `Request for review – inbound shipment ${id} (${enUnits(n)} missing)`,
    second_reply: (id, n) =>
      `Second review and escalation – inbound shipment ${id} (${enUnits(n)} missing)`,
  },
  greeting: 'Dear Amazon Seller Support,',
  intro: {
    first: (n) =>
      `I am writing to request an investigation and a reimbursement for ${enUnits(n)} of the FBA inbound shipment below. The units were shipped and delivered to the fulfilment centre, but the shipment was closed with fewer units received than shipped.`,
    follow_up: (n) =>
      `I am following up on my reimbursement request for ${enUnits(n)} of the FBA inbound shipment below. I have not yet received a resolution and would appreciate an update on the investigation.`,
    reply_rejection: (n) =>
      `I have received your reply rejecting my reimbursement request for ${enUnits(n)} of the FBA inbound shipment below. I do not agree with the outcome and ask you to review the case again based on the data and documents below.`,
    second_reply: (n) =>
      `My reimbursement request for ${enUnits(n)} of the FBA inbound shipment below has been rejected a second time. The missing units have still not been found or reimbursed, so I ask you to escalate the case to a senior team for a full review of the data and documents below.`,
  },
  shipmentHeading: 'Shipment details',
  id: 'Shipment ID',
  name: 'Shipment name',
  reference: 'Reference',
  fc: 'Fulfilment centre',
  closed: 'Closing date',
  closedBy: (date) => `Closed by: ${date} (the bound given by the first sync that saw it closed)`,
  ledgerReceipt: (date) => `Last receipt recorded by Amazon: ${date} (FBA inventory ledger)`,
  senderHeading: 'Seller details',
  sellerName: 'Seller',
  storeName: 'Store',
  sellerId: 'Seller ID',
  marketplace: 'Marketplace',
  expected: 'Units shipped',
  found: 'Units received',
  total: (n) => `Total discrepancy: ${enUnits(n)} missing`,
  skuHeading: 'Detail by SKU',
  skuLine: (item, missing) =>
    `- ${item.sku}${item.asin ? ` (ASIN ${item.asin})` : ''}${item.title ? ` – ${item.title}` : ''}: shipped ${item.units_expected}, received ${item.units_found}, missing ${missing}`,
  role: {
    rivenditore: {
      first:
        'I am the reseller of these products. Attached is the original supplier invoice, showing the purchase date, product names and quantities, which proves ownership of the units shipped.',
      follow_up:
        'As the reseller I have already provided the original supplier invoice, showing the purchase date, product names and quantities; I attach it again for convenience.',
      reply_rejection:
        'As the reseller I attach again the original supplier invoice (not a pro forma), showing the purchase date, product names and quantities, which covers the units shipped.',
      second_reply:
        'As the reseller I have provided the original supplier invoice (not a pro forma), showing the purchase date, product names and quantities: it proves ownership of every unit shipped.',
    },
    produttore: {
      first:
        'I am the manufacturer of these items. Attached is the signed packing list, dated no later than the shipment, with the order number, product names and quantities shipped.',
      follow_up:
        'As the manufacturer I have already provided the signed packing list, with the order number, product names and quantities shipped; I attach it again for convenience.',
      reply_rejection:
        'As the manufacturer I attach again the signed and stamped packing list, dated no later than the shipment, with the order number, product names and quantities shipped.',
      second_reply:
        'As the manufacturer I have provided the signed and stamped packing list, dated no later than the shipment, with the order number, product names and quantities shipped: it proves the units left my warehouse.',
    },
  },
  linesHeading: {
    rivenditore: 'Lines of the attached invoice',
    produttore: 'Lines of the attached packing list',
  },
  line: (line) =>
    `- ${line.description}${line.quantity !== null ? `: ${formatQuantity(line.quantity, 'en')}${line.unit ? ` ${line.unit}` : ''}` : ''}`,
  moreLines: (n) =>
    n === 1
      ? '- …and 1 more line, listed in the attached document.'
      : `- …and ${n} more lines, listed in the attached document.`,
  quote: (excerpt) => `Your reply states: "${excerpt}"`,
  window: (days) =>
    `Please note that this request falls within the ${days} days from delivery to the fulfilment centre in which Amazon accepts reimbursement claims for units missing from an inbound shipment.`,
  attachmentsHeading: 'Attachments',
  noAttachments: '- No attachments',
  note: 'note',
  request: {
    first:
      'Please check the receipt at the fulfilment centre and, if the units cannot be found, reimburse them.',
    follow_up:
      'Please complete the investigation and, if the units cannot be found, proceed with the reimbursement.',
    reply_rejection:
      'Please review the request again and reimburse the missing units, or tell me which document is missing.',
    second_reply:
      'Please escalate the case to the responsible team for a full review and reimburse the missing units, or explain in detail the reason for the rejection.',
  },
  closing: 'Kind regards',
};

function itUnits(n: number): string {
  return n === 1 ? '1 unità' : `${n} unità`;
}

function enUnits(n: number): string {
  return n === 1 ? '1 unit' : `${n} units`;
}

function formatQuantity(n: number, language: DisputeLanguage): string {
  return new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 3 }).format(n);
}

const WORDING: Record<DisputeLanguage, Wording> = { it: IT, en: EN };

/** One line per attachment: "<type>: <file name>" (the case's attachments_summary). */
export function attachmentsSummary(
  attachments: readonly DisputeAttachment[],
  language: DisputeLanguage,
): string {
  return attachments
    .map((a) => `${DOC_TYPE_LABELS[a.doc_type][language]}: ${a.filename}`)
    .join('\n');
}

function clean(text: string | null | undefined): string | null {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value : null;
}

/** Builds the dispute's subject, text and attachments summary. */
export function buildDisputeText(input: DisputeInput): DisputeText {
  const w = WORDING[input.language];
  const { shipment } = input;
  const missing = totalDiscrepancy(shipment);
  const out: string[] = [];

  out.push(w.greeting, '', w.intro[input.template](missing), '');
  const partial = partialReimbursementLine(input, missing);
  if (partial) out.push(partial, '');

  const sender = input.sender;
  const identity = [
    [w.sellerName, clean(sender?.seller_name)],
    [w.storeName, clean(sender?.store_name)],
    [w.sellerId, clean(sender?.seller_id)],
    [w.marketplace, clean(sender?.marketplace)],
  ].filter((pair): pair is [string, string] => pair[1] !== null);
  if (identity.length > 0) {
    out.push(w.senderHeading);
    for (const [label, value] of identity) out.push(`- ${label}: ${value}`);
    out.push('');
  }

  out.push(w.shipmentHeading);
  out.push(`- ${w.id}: ${shipment.shipment_id}`);
  const name = clean(shipment.shipment_name);
  if (name) out.push(`- ${w.name}: ${name}`);
  const reference = clean(shipment.reference_id);
  if (reference) out.push(`- ${w.reference}: ${reference}`);
  const fc = clean(shipment.fc_code);
  if (fc) out.push(`- ${w.fc}: ${fc}`);
  // Only dates we hold, each said for what it is; the sync's bound only without a ledger date.
  if (shipment.ledger_received_at)
    out.push(
      `- ${w.ledgerReceipt(formatClosingDate(shipment.ledger_received_at, input.language))}`,
    );
  if (shipment.closed_at)
    out.push(`- ${w.closed}: ${formatClosingDate(shipment.closed_at, input.language)}`);
  else if (shipment.closed_by && !shipment.ledger_received_at)
    out.push(`- ${w.closedBy(formatClosingDate(shipment.closed_by, input.language))}`);
  out.push(`- ${w.expected}: ${shipment.units_expected}`);
  out.push(`- ${w.found}: ${shipment.units_found}`);
  out.push(`- ${w.total(missing)}`, '');

  const items = input.items.filter((i) => i.units_expected - i.units_found !== 0);
  if (items.length > 0) {
    out.push(w.skuHeading);
    for (const item of items) out.push(w.skuLine(item, item.units_expected - item.units_found));
    out.push('');
  }

  if (input.template === 'reply_rejection' || input.template === 'second_reply') {
    const excerpt = clean(input.previousReply);
    if (excerpt) out.push(w.quote(excerpt), '');
  }

  out.push(w.role[input.role][input.template], '');

  const lines = (input.transportLines ?? []).filter((l) => clean(l.description));
  if (lines.length > 0) {
    out.push(w.linesHeading[input.role]);
    for (const line of lines.slice(0, MAX_TRANSPORT_LINES))
      out.push(w.line({ ...line, description: clean(line.description)! }));
    if (lines.length > MAX_TRANSPORT_LINES)
      out.push(w.moreLines(lines.length - MAX_TRANSPORT_LINES));
    out.push('');
  }

  out.push(w.attachmentsHeading);
  if (input.attachments.length === 0) out.push(w.noAttachments);
  for (const a of input.attachments) {
    const note = clean(input.notes?.[a.doc_type]);
    out.push(
      `- ${DOC_TYPE_LABELS[a.doc_type][input.language]}: ${a.filename}${note ? ` (${w.note}: ${note})` : ''}`,
    );
  }
  // Notes for types without a file still reach the reader.
  for (const [type, text] of Object.entries(input.notes ?? {}) as [DocType, string][]) {
    const note = clean(text);
    if (note && !input.attachments.some((a) => a.doc_type === type))
      out.push(`- ${DOC_TYPE_LABELS[type][input.language]} (${w.note}): ${note}`);
  }
  out.push('');

  if (
    (input.template === 'reply_rejection' || input.template === 'second_reply') &&
    input.windowOpen !== false
  ) {
    out.push(w.window(REIMBURSEMENT_WINDOW_DAYS), '');
  }

  out.push(w.request[input.template], '', w.closing);
  const signature = clean(sender?.seller_name);
  if (signature) out.push(signature);

  return {
    subject: w.subject[input.template](shipment.shipment_id, missing),
    text: out.join('\n') + '\n',
    attachments_summary: attachmentsSummary(input.attachments, input.language),
  };
}

// ---------------------------------------------------------------- partial reimbursement

/** Units (and money, from Amazon's report or the seller's record) already reimbursed. */
export interface AlreadyReimbursed {
  units: number;
  amount: number | null;
  currency: string | null;
}

/**
 * The follow-up of a case Amazon paid in part: how many of the missing units it reimbursed
 * (with the money, when known) and how many are still owed. Nothing in the other templates, or
 * when nothing was reimbursed.
 */
function partialReimbursementLine(input: DisputeInput, missing: number): string | null {
  const paid = input.reimbursed;
  if (input.template !== 'follow_up' || !paid || paid.units <= 0 || paid.units >= missing) {
    return null;
  }
  const left = missing - paid.units;
  const money =
    paid.amount !== null && paid.amount > 0 && paid.currency
      ? ` (${new Intl.NumberFormat(LOCALE[input.language], {
          style: 'currency',
          currency: paid.currency,
        })
          .format(paid.amount)
          .replace(/[\u00a0\u202f]/g, ' ')})`
      : '';
  return input.language === 'it'
    ? `Amazon ha già rimborsato ${paid.units} delle ${missing} unità mancanti${money}: ${
        left === 1 ? 'resta da rimborsare 1 unità' : `restano da rimborsare ${left} unità`
      }.`
    : `Amazon has already reimbursed ${paid.units} of the ${missing} missing units${money}: ${
        left === 1 ? '1 unit is' : `${left} units are`
      } still to be reimbursed.`;
}
