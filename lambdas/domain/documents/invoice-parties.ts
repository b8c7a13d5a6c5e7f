/**
 * Supplier and buyer of an invoice read from its text: names and VAT ids (see `invoice-text.ts`
 * for the order in which the rules are tried). Every pattern runs on one cell at a time.
 */
import type { InvoiceParty } from './fattura-pa';
import {
  candidates,
  cellAcross,
  fold,
  labelHits,
  letterWidth,
  type Hit,
  type Page,
  type TextCell,
} from './invoice-cells';
import { isTableHeader } from './invoice-table';

/** A cell that opens the supplier's block or names it ("Sold by", "Issuer:", "Lieferant:", "Emisor"). */
const SUPPLIER_LABEL =
  /^(?:(?:informationen|angaben) zum\s|(?:dati|datos) del\s|details of the\s)?(?:sold by|seller|supplier|vendor|from|issuer|issued by|billed by|verkauft von|verkaufer|lieferant|rechnungssteller|aussteller|venduto da|venditore|fornitore|cedente(?:\s?\/\s?prestatore)?|prestatore|emittente|vendu par|vendeur|fournisseur|emetteur|prestataire|vendido por|vendedor|proveedor|emisor|verkocht door|verkoper|leverancier|crediteur|sprzedawca|sprzedane przez|wystawca|shipper(?:\s?\/\s?exporter)?|exporter|mittente|sender|consignor|absender|versender|expediteur|remitente|expedidor|afzender|verzender|nadawca|dostawca)(?![a-z])/;
/** A cell that opens the customer's block ("Bill To", "Spett.le", "Nabywca:", "Kunde:"). */
const BUYER_LABEL =
  /^(?:(?:informationen|angaben) zum\s|(?:dati|datos) del\s|details of the\s)?(?:bill(?:ed)? to|kaufer|sold to|invoice to|invoice for|rechnung an|lieferung an|leistungsempfanger|auftraggeber|intestatario|intestata a|intestato a|fatturare a|facturado a|facturar a|gefactureerd aan|factuur aan|facturatieadres|factura a|faktura dla|ship to|deliver to|buyer|customer|client|cliente|kunde|rechnungsempfanger|empfanger|rechnungsadresse|lieferadresse|billing address|invoice address|consignee|importer|indirizzo di fatturazione|indirizzo di spedizione|direccion de facturacion|adres rozliczeniowy|shipping address|delivery address|lieferanschrift|rechnungsanschrift|indirizzo di consegna|luogo di destinazione|adresse de livraison|direccion de envio|afleveradres|adres dostawy|spett\.?\s?le|spettabile|destinatario|cessionario(?:\s?\/\s?committente)?|committente|acquirente|facture a|facturer a|adressee a|factureren aan|adresse de facturation|destinataire|acheteur|receptor|comprador|klant|afnemer|factuuradres|nabywca|odbiorca|platnik|recipient|receiver|ontvanger|geadresseerde|to|an|aan)(?![a-z])/;
/**
 * A label of `kind` at the start of a folded cell; "from", "to", "an", "aan" and "Factura a" only
 * as a heading ("To:", "An"), never before a value ("Factura A-17": a series).
 */
function isPartyLabel(folded: string, kind: RegExp): boolean {
  const m = kind.exec(folded);
  if (!m) return false;
  // "Customer ID", "Client No.", "Customer Order", "Customer PO", "Customer Account": the
  // heading of a number (the customer's own, or of the order), not of a block.
  if (
    /^\s?(?:id|no|nr|number|nummer|numero|n°|#|code|ref|reference|order|account|p\.?o)(?![a-z])/.test(
      folded.slice(m[0].length),
    )
  )
    return false;
  return (
    !/^(?:from|to|an|aan|factura a)$/.test(m[0]) || /^\s?:?\s*$/.test(folded.slice(m[0].length))
  );
}

/** Words that put a VAT id or a name on the customer's side. */
const BUYER_WORDS =
  /(?:kunde|customer|cliente|client|spett|bill to|invoice for|sold to|ship to|empfanger|destinatari|destinataire|afnemer|debiteur|nabywca|odbiorca|cessionario|buyer|klant|acquirente|committente|factureren aan|facturer a|factuur aan|facturatieadres|receptor)/;
/** "Your VAT id": the customer's. */
const YOUR_WORDS = /\b(?:ihre|your|vostr[ao]|votre|uw|su|wasz)\b/;

const VAT_LABEL =
  /(?:ust\.?\s?-?\s?id\.?\s?-?\s?nr|ust-?id|umsatzsteuer[\s-]?(?:id|identifikationsnummer)|\bid-?nr|\buid\b(?:-?nr\.?)?|\bvat\b(?:\s?(?:reg(?:istration)?\.?)?\s?(?:no|number|id|nr)?\.?)?|partita iva|\bp\.?\s?iva|\biva\b|\bbtw\b(?:[\s-]?(?:nummer|nr|id))?|\btva\b(?: intracom\w*)?|\bn\.?i\.?f\b|\bc\.?i\.?f\b|\bnip\b|mwst-?nr|\bmwst\b|vat identification|tax id|\bgst\b(?: (?:no|number|reg\w*))?)/;
/** A VAT id alone in a party's block: a country prefix, then digits (no phone, no street). */
const BARE_VAT = /^[A-Z]{2,3}[\s-]?[A-Z]?\d[\dA-Z .-]*$/;
/** Country prefix, a letter (Spanish ids), digit groups, the Dutch `B01` suffix, check letters (ES, IE). */
const VAT_SHAPE =
  /^((?:[A-Z]{2,3}[\s-]?)?(?:[A-Z][\s-]?)?\d+(?:[\s.-]\d+)*(?:[\s.]?B[\s.]?\d{2})?[A-Z]{0,2})(?![A-Z0-9]|[.,]\d)/;
const VAT_SHAPE_NO_SPACES =
  /^((?:[A-Z]{2,3}-?)?(?:[A-Z]-?)?\d+(?:[.-]\d+)*(?:\.?B\.?\d{2})?[A-Z]{0,2})(?![A-Z0-9]|[.,]\d)/;

/** A VAT id at the start of `text`, compacted (spaces, dots and dashes removed), or null. */
function vatValue(text: string): string | null {
  const t = text.trim().toUpperCase();
  for (const shape of [VAT_SHAPE, VAT_SHAPE_NO_SPACES]) {
    const m = shape.exec(t);
    if (!m) continue;
    // An amount ("12345678.90" after "VAT 20%") is no id: ids end in no two-digit decimals.
    if (!/[A-Z]/.test(m[1]!) && /[.,]\d{2}$/.test(m[1]!)) continue;
    const value = m[1]!.replace(/[\s.-]/g, '');
    const digits = value.replace(/\D/g, '').length;
    if (digits >= 7 && digits <= 13 && value.length <= 16) return value;
  }
  return null;
}

/** The VAT id in one cell of a party's block: after a VAT label, or alone with its prefix. */
function vatIn(text: string): string | null {
  const m = VAT_LABEL.exec(fold(text));
  if (m) return vatValue(text.slice(m.index + m[0].length).replace(/^[\s:.#|-]+/, ''));
  const t = text.trim();
  return BARE_VAT.test(t) ? vatValue(t) : null;
}

/** A legal form as a word of its own, never the end of an abbreviation ("t.n.v.", "i.v."). */
const LEGAL_FORM = new RegExp(
  '(?<![a-z0-9.])(?:' +
    [
      'gmbh(?:\\s?&\\s?co\\.?\\s?kg)?',
      'mbh',
      'ag',
      'kg',
      'ohg',
      'e\\.\\s?k\\.',
      // Written out in full after the short form: "UG (haftungsbeschränkt)".
      'ug(?:\\s?\\(haftungsbeschrankt\\))?',
      'e\\.\\s?u\\.',
      's\\.?p\\.?a\\.?',
      's\\.?r\\.?l\\.?(?:s\\.?)?',
      's\\.?n\\.?c\\.?',
      's\\.?a\\.?s\\.?',
      's\\.?a\\.?\\s?r\\.?\\s?l\\.?',
      'eurl',
      's\\.?l\\.?u?\\.?',
      // Mexican "S.A. de C.V.", before the plain "S.A.".
      's\\.?a\\.?\\s?de\\s?c\\.?v\\.?',
      's\\.?a\\.?u?\\.?',
      'sp\\.?\\s?z\\s?o\\.?\\s?o\\.?',
      'sp\\.\\s?[jk]\\.',
      's\\.c\\.',
      'co\\.?,?\\s?(?:ltd|limited)\\.?',
      '(?:pvt\\.?\\s?)?ltd\\.?',
      'limited',
      'llc',
      'llp',
      'plc',
      'inc\\.?',
      'corp(?:oration)?\\.?',
      'company limited',
      'company',
      'b\\.?v\\.?',
      'n\\.?v\\.?',
      'v\\.?o\\.?f\\.?',
      'bvba',
      'sprl',
      'co\\.',
      // Malaysian forms: "Sdn Bhd", "Bhd", "S/B".
      'sdn\\.?\\s?bhd\\.?',
      'bhd\\.?',
      's\\/b',
    ].join('|') +
    ')(?=$|[\\s,|•·;)])',
);

/** Banks print legal forms too: a bank's name beside a VAT id is not the supplier's. */
const BANK_WORDS =
  /\b(?:bank|banca|banco|banque|sparkasse|volksbank|raiffeisen|kasse|credit|credito|unicredit|intesa|rabobank|abn|paypal|iban|bic|swift)\b/;

/** A label that introduces a party's name ("Denominazione:", "Company name:", "Nazwa:"). */
const NAME_LABEL =
  /^(?:denominazione|ragione sociale|nome e cognome|company name|company|name|firmenname|firma|raison sociale|nom|razon social|nombre|naam|bedrijfsnaam|nazwa firmy|nazwa)\s?:\s?/;

/**
 * A statement of the company's share capital ("SARL au capital de 10 000 €", "Capitale sociale
 * € 10.000 i.v.", "Stammkapital"): legal data printed with the legal form, never a name.
 */
const SHARE_CAPITAL =
  /\b(?:au capital|capital social|capitale sociale|cap\.\s?soc|share capital|stammkapital|grundkapital|kapital zakladowy|maatschappelijk kapitaal)\b/;

/** A small linking word written in lower case at the end of a text. */
const CUT_SHORT = /\s(?:of|for|and|the|de|di|du|des|del|della|van|von|der|und|et|y)$/;

/** One token of capitals and figures ("PO-7713", "C0331"): an order or customer code, no name. */
const CODE = /^(?=\S*\d)[A-Z][A-Z0-9\-/.]*$/;

/** Words, no digits up front, no label, no address: what a party's name looks like. */
function nameFrom(text: string, isLabel: (folded: string) => boolean): string | null {
  let name = text.replace(/^[\s:|•·,]+/, '');
  const named = NAME_LABEL.exec(fold(name));
  if (named) name = name.slice(named[0].length);
  // A name ends where an address or a second item of a letterhead line starts.
  name = name.split(/\s[•·|–]\s|\s-\s|\s{2,}/)[0]!.trim();
  // "Name, street 1, 00-001 Town" on one line: the name ends before an address part with a figure.
  const address = /,\s[^,\d]{0,30}\d/.exec(name);
  if (address) name = name.slice(0, address.index);
  // The name ends with its legal form: a register number may follow ("(Co. No: 20154)").
  const form = LEGAL_FORM.exec(fold(name));
  const formed = form !== null && form.index > 0;
  if (formed) name = name.slice(0, form.index + form[0].length).trim();
  const f = fold(name);
  if (!/\p{L}{2}/u.test(name) || /^[\d(]/.test(name) || /[:@]|www\.|:\/\//.test(name)) return null;
  if (name.length > 80 || isLabel(f) || SHARE_CAPITAL.test(f)) return null;
  // A name never ends with a small linking word: "Port of" is the first line of a label
  // wrapped over two ("Port of" over "Loading:"); nor is it a code.
  if (CUT_SHORT.test(name) || CODE.test(name)) return null;
  if (isPartyLabel(f, SUPPLIER_LABEL) || isPartyLabel(f, BUYER_LABEL)) return null;
  return formed ? name : name.replace(/[,;]$/, '');
}

// ---------------------------------------------------------------------------------------------
// The customer's block

interface Zone {
  from: number;
  to: number;
  x: number;
  end: number;
}

/**
 * Where the customer's details stand: from each buyer label down its column (up to the next
 * label, a line with nothing in the column, or eight lines).
 */
function buyerZones(doc: Page, isLabel: (folded: string) => boolean): Zones {
  const zones: Zones = new Map();
  let count = 0;
  doc.lines.forEach((line, l) => {
    line.cells.forEach((cell, c) => {
      if (count >= MAX_BUYER_BLOCKS || !isPartyLabel(doc.folded[l]![c]!, BUYER_LABEL)) return;
      count += 1;
      const right = line.cells[c + 1];
      const zone: Zone = {
        from: l,
        to: l,
        x: cell.x - 0.25 * (cell.end - cell.x),
        // Up to the next block; a line of that block set right-aligned starts before its
        // first line, so the block's lines start nearer the label than the next block.
        end: right ? (cell.x + right.x) / 2 : Infinity,
      };
      for (let k = l + 1; k < Math.min(doc.lines.length, l + 9); k += 1) {
        if (doc.lines[k]!.page !== line.page) break;
        const inside = doc.lines[k]!.cells.map((cl, i) => [cl, doc.folded[k]![i]!] as const).filter(
          ([cl]) => cl.x >= zone.x && cl.x < zone.end,
        );
        // A letterhead or footer line (items set apart by dots or bars) or prose ends the block.
        const outside = ([cl]: readonly [TextCell, string]) =>
          cl.text.length > 50 || /\s[•·|]\s/.test(cl.text);
        if (!inside.length || inside.some(outside)) break;
        const stop = ([, f]: readonly [TextCell, string]) =>
          isPartyLabel(f, SUPPLIER_LABEL) || isPartyLabel(f, BUYER_LABEL) || isLabel(f);
        if (inside.some(stop)) break;
        zone.to = k;
      }
      for (let k = zone.from; k <= zone.to; k += 1) zones.set(k, [...(zones.get(k) ?? []), zone]);
    });
  });
  return zones;
}

/** A document prints the customer once or twice (billing, delivery); more is a list, not a block. */
const MAX_BUYER_BLOCKS = 6;

/** The customer's blocks that reach each line. */
type Zones = Map<number, Zone[]>;

function inZone(zones: Zones, l: number, cell: TextCell): boolean {
  return (zones.get(l) ?? []).some((z) => cell.x >= z.x && cell.x < z.end);
}

// ---------------------------------------------------------------------------------------------
// Rules

interface Columns {
  supplier: TextCell[];
  buyer: TextCell[];
}

/** The cells under a line headed by both parties ("Sprzedawca:  Nabywca:"), column by column. */
function partyColumns(doc: Page): Columns | null {
  const { lines, folded } = doc;
  for (let l = 0; l < lines.length; l += 1) {
    const cells = lines[l]!.cells;
    const s = folded[l]!.findIndex((f) => isPartyLabel(f, SUPPLIER_LABEL));
    const b = folded[l]!.findIndex((f) => isPartyLabel(f, BUYER_LABEL));
    if (s < 0 || b < 0 || s === b) continue;
    const column = (heading: TextCell, other: TextCell): TextCell[] => {
      const out: TextCell[] = [];
      for (let k = l + 1; k < Math.min(lines.length, l + 9); k += 1) {
        const under = lines[k]!.cells.filter((c) =>
          heading.x < other.x ? c.x < other.x - 1 && c.end > heading.x : c.end > heading.x - 1,
        );
        const nearest = [...under].sort(
          (p, q) => Math.abs(p.x - heading.x) - Math.abs(q.x - heading.x),
        )[0];
        // A label cell ("Firmenname:") and its value beside it, in the same column, are one.
        const value = nearest?.text.trim().endsWith(':')
          ? under.filter((c) => c.x > nearest.x).sort((p, q) => p.x - q.x)[0]
          : undefined;
        if (nearest && value)
          out.push({ x: nearest.x, end: value.end, text: `${nearest.text} ${value.text}` });
        else if (nearest) out.push(nearest);
      }
      return out;
    };
    return { supplier: column(cells[s]!, cells[b]!), buyer: column(cells[b]!, cells[s]!) };
  }
  return null;
}

/** A party's block: its name labelled ("Denominazione: ...") anywhere, else its first line. */
function partyFromColumn(cells: TextCell[], isLabel: (f: string) => boolean): InvoiceParty {
  const labelled = cells.find((c) => NAME_LABEL.test(fold(c.text)));
  const first = labelled ?? cells[0];
  const name = first ? nameFrom(first.text, isLabel) : null;
  const vat = cells.map((c) => vatIn(c.text)).find(Boolean) ?? null;
  return { name, vat, taxCode: null };
}

/** A heading of the delivery address rather than of the billed customer. */
const SHIPPING_LABEL =
  /^(?:ship to|deliver to|lieferung an|lieferadresse|lieferanschrift|shipping address|delivery address|indirizzo di spedizione|indirizzo di consegna|luogo di destinazione|adresse de livraison|direccion de envio|afleveradres|adres dostawy|consignee)(?![a-z])/;

/** The name a party's label gives: after it, beside it or under it. */
function labelledName(doc: Page, label: RegExp, isLabel: (f: string) => boolean): string | null {
  // Where an invoice names both, the billed party is the customer, not the delivery address.
  const hits = [...labelHits(doc, [label])];
  const shipping = (hit: Hit) => SHIPPING_LABEL.test(doc.folded[hit.line]![hit.cell]!);
  for (const hit of [...hits.filter((h) => !shipping(h)), ...hits.filter(shipping)]) {
    if (!isPartyLabel(doc.folded[hit.line]![hit.cell]!, label)) continue;
    // A heading's value beside it only when near (not the other party's block across the page).
    // Never under a table's header row: a heading whose name was not read names no column.
    const stopAt = (l: number) => isTableHeader(doc.folded[l]!);
    for (const text of candidates(doc, hit, { nextWithin: 2.5, above: false, stopAt })) {
      const name = nameFrom(text, isLabel);
      if (name) return name;
    }
  }
  return null;
}

/** Providers whose mail domain names nobody's company. */
const MAIL_PROVIDERS =
  /^(?:gmail|googlemail|yahoo|outlook|hotmail|live|msn|icloud|aol|gmx|web|t-online|freenet|libero|virgilio|tiscali|alice|tin|pec|legalmail|arubapec|orange|wanadoo|free|laposte|sfr|telefonica|ziggo|kpn|wp|onet|interia|o2|proton|protonmail|mail)$/;

/** A supplier prints one or two addresses of its own; more are other parties' or a list's. */
const MAX_DOMAINS = 4;

/** The names in the mail and web addresses a document prints outside the customer's block. */
function domainNames(doc: Page, zones: Zones): string[] {
  const out: string[] = [];
  const re = /(?:@|www\.|https?:\/\/)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/g;
  for (let l = 0; l < doc.lines.length; l += 1) {
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      if (inZone(zones, l, doc.lines[l]!.cells[c]!)) continue;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(doc.folded[l]![c]!))) {
        const parts = m[1]!.split('.').filter((p) => p !== 'www');
        parts.pop();
        if (parts.length > 1 && /^(?:co|com|org|net|ac|gov)$/.test(parts.at(-1)!)) parts.pop();
        const name = (parts.at(-1) ?? '').replace(/-/g, '');
        if (name.length >= 4 && !MAIL_PROVIDERS.test(name) && !out.includes(name)) out.push(name);
        if (out.length >= MAX_DOMAINS) return out;
      }
    }
  }
  return out;
}

/** A name the supplier's own mail or web address spells ("info@nordlicht-handel.de" → "Nordlicht Handel"). */
function nameByDomain(doc: Page, zones: Zones, isLabel: (f: string) => boolean): string | null {
  const domains = domainNames(doc, zones);
  if (!domains.length) return null;
  let plain: string | null = null;
  for (let l = 0; l < doc.lines.length; l += 1) {
    for (const cell of doc.lines[l]!.cells) {
      if (inZone(zones, l, cell)) continue;
      const name = nameFrom(cell.text, isLabel);
      if (!name) continue;
      const compact = fold(name).replace(/[^a-z0-9]/g, '');
      if (!domains.some((d) => compact.includes(d))) continue;
      if (LEGAL_FORM.test(fold(name))) return name;
      plain ??= name;
    }
  }
  return plain;
}

/**
 * The legal forms French and Belgian companies also write before their name ("SAS Maison
 * Dupont", "SPRL Verhaegen"); other forms at the start of a cell are not a name ("AG Hamburg").
 */
const LEADING_LEGAL_FORM = /^(?:sarl|sasu|sas|eurl|sprl|srl)\s\p{L}/u;

/** The separators between the parts of a return-address line. */
const ADDRESS_PARTS = /\s[·•|]\s/;

/**
 * A letter's return-address line over its window: a name, then address parts with figures,
 * set apart by dots or bars ("Lichtwerk Studio · Schanzenstraße 40 · 20357 Hamburg").
 */
function isReturnAddress(text: string): boolean {
  const parts = text.split(ADDRESS_PARTS);
  return parts.length >= 3 && !/\d/.test(parts[0]!) && parts.slice(1).some((p) => /\d/.test(p));
}

/**
 * A logo of initials over the company's name ("KdW" over "Kaasboerderij De Wilgenhoeve"): the
 * name under it, whose words start with those letters.
 */
function nameUnderInitials(doc: Page, isLabel: (f: string) => boolean): string | null {
  for (let l = 0; l < Math.min(doc.lines.length - 1, HEAD_LINES); l += 1)
    for (const cell of doc.lines[l]!.cells) {
      const initials = cell.text.trim();
      if (!/^\p{Lu}\p{L}{1,3}$/u.test(initials)) continue;
      const under = startingUnder(doc, l, l + 1, cell);
      const name = under ? nameFrom(under.text, isLabel) : null;
      if (!name) continue;
      const starts = name
        .split(/\s+/)
        .map((word) => word[0] ?? '')
        .join('');
      if (fold(starts).startsWith(fold(initials))) return name;
    }
  return null;
}

/** A carrier's label at the end of a text ("Vettore", "Carrier", "Spediteur", "Transporteur"). */
const CARRIER_LABEL =
  /(?:vettore|corriere|carrier|forwarder|spediteur|frachtfuhrer|transporteur|transportista|przewoznik|vervoerder)\s?$/;

/** The supplier's name: the first early cell with a legal form, outside the customer's block. */
function nameWithLegalForm(
  doc: Page,
  zones: Zones,
  isLabel: (f: string) => boolean,
): string | null {
  for (let l = 0; l < Math.min(doc.lines.length, 15); l += 1) {
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      const cell = doc.lines[l]!.cells[c]!;
      const f = doc.folded[l]![c]!;
      if (BUYER_WORDS.test(f) || inZone(zones, l, cell)) continue;
      // The first line of a letter's address window is the customer's.
      const over = l > 0 ? startingUnder(doc, l, l - 1, cell) : undefined;
      if (over && isReturnAddress(over.text)) continue;
      const m = LEGAL_FORM.exec(f);
      if (!m || (m.index === 0 && !LEADING_LEGAL_FORM.test(f))) continue;
      // A label before the name ("Firma: ACME GmbH") is not part of it.
      const colon = cell.text.lastIndexOf(':', m.index);
      // The carrier a transport document names ("Vettore: BRT S.p.A.") is no party of the sale.
      if (colon > 0 && CARRIER_LABEL.test(f.slice(0, colon))) continue;
      const name = nameFrom(cell.text.slice(colon + 1), isLabel);
      if (name && LEGAL_FORM.test(fold(name)) && !BANK_WORDS.test(fold(name))) return name;
    }
  }
  return null;
}

/**
 * The letterhead: the first cell of the first lines (up to three) that is a name (words, no
 * digits, no label), passing over the document's title and a stray number; never the
 * customer's block.
 */
function letterhead(doc: Page, zones: Zones, isTitle: (f: string) => boolean): string | null {
  for (let l = 0; l < Math.min(doc.lines.length, 3); l += 1) {
    const first = doc.lines[l]!.cells[0]!;
    const f = doc.folded[l]![0]!;
    if (isTitle(f)) continue;
    // A stray number over the letterhead (a page or logo number) is passed over.
    if (!/\p{L}/u.test(first.text)) continue;
    if (inZone(zones, l, first) || /[\d:@]/.test(first.text)) return null;
    if (!/\p{L}{2,}.*\s.*\p{L}{2,}/u.test(first.text)) return null;
    if (BUYER_WORDS.test(f) || /^(?:bill|page|seite|pagina)\b/.test(f)) return null;
    return first.text.trim();
  }
  return null;
}

/**
 * A name whose legal form a narrow column wrapped onto the next line ("Drukarnia Wisła Sp. z"
 * over "o.o.", "Hanse Textil" over "GmbH"): the cell under the name's cell on one of the next
 * two lines, starting where it starts, when it holds nothing but the rest of the legal form.
 */
function withWrappedLegalForm(doc: Page, name: string | null): string | null {
  if (!name) return name;
  for (let l = 0; l + 1 < Math.min(doc.lines.length, 15); l += 1) {
    const cell = doc.lines[l]!.cells.find((c) => c.text.trim().endsWith(name));
    if (!cell) continue;
    // A larger title beside the name may stand on a line of its own between the two.
    const below = startingUnder(doc, l, l + 1, cell) ?? startingUnder(doc, l, l + 2, cell);
    if (!below) return name;
    const joined = `${name} ${below.text.trim()}`;
    const form = LEGAL_FORM.exec(fold(joined));
    const wrapped =
      form && form.index <= name.length + 1 && form.index + form[0].length === joined.length;
    return wrapped ? joined : name;
  }
  return name;
}

/** How far down the page an unlabelled customer block is looked for. */
const HEAD_LINES = 25;

/**
 * A contact person's line in the customer's address block: "t.a.v.", "z. Hd.", "Attn:",
 * "alla c.a.", "à l'attention de", "a la atención de", "do rąk".
 */
const ATTENTION =
  /^(?:t\.\s?a\.\s?v\.?|z\.\s?hd\.?|attn\b\.?|alla c\.\s?a\.?|a l'attention de\b|a la atencion de\b|do rak\b)/;

/** The cell on line `l` (same page) that starts where `cell` starts, within two letters. */
function startingUnder(doc: Page, from: number, l: number, cell: TextCell): TextCell | undefined {
  if (doc.lines[l]?.page !== doc.lines[from]!.page) return undefined;
  const letter = letterWidth(cell);
  return doc.lines[l]!.cells.find((c) => Math.abs(c.x - cell.x) <= 2 * letter);
}

/** Forms of address before a person's name, folded ("Herrn", "Mevr.", "Sig.ra", "Pani"). */
const ADDRESS_FORMS =
  'herrn?|frau|mr|mrs|ms|dhr|mevr|sig|sig\\.ra|signor|signora|monsieur|madame|sr|sra|pan|pani';

/** A contact person named with a form of address: "Frau Ida Wendt", "Herrn Lukas Brandt". */
const CONTACT_PERSON = new RegExp(`^(?:${ADDRESS_FORMS})\\.?\\s\\p{L}`, 'u');

/**
 * The customer's name in a block without a heading: over its contact person's line ("t.a.v.",
 * "Frau Ida Wendt"); the person named with a form of address when no company name stands over
 * it (a private customer: "Mevr. L. Bakker"); under a form of address on a line of its own
 * ("Herrn" over "Tobias Reuter").
 */
function nameOverAttention(doc: Page, rules: PartyRules, supplier: string | null): string | null {
  for (let l = 0; l < Math.min(doc.lines.length, HEAD_LINES); l += 1) {
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      const f = doc.folded[l]![c]!;
      const cell = doc.lines[l]!.cells[c]!;
      if (FORM_OF_ADDRESS.test(f)) {
        const under = startingUnder(doc, l, l + 1, cell);
        const name = under ? nameFrom(under.text, rules.isLabel) : null;
        if (name && !/\d/.test(name)) return name;
        continue;
      }
      const person = CONTACT_PERSON.test(f);
      if (!person && !ATTENTION.test(f)) continue;
      const over = l > 0 ? startingUnder(doc, l, l - 1, cell) : undefined;
      const name = over ? nameFrom(over.text, rules.isLabel) : null;
      // A company's name, not an address line or the document's title.
      if (name && name !== supplier && !rules.isTitle(fold(name)) && !/\d/.test(name)) return name;
      // A person under the supplier's own name is the supplier's contact.
      if (person && name !== supplier) return nameFrom(cell.text, rules.isLabel);
    }
  }
  return null;
}

/** Lines an address block may have over its VAT id. */
const BLOCK_LINES = 5;

/**
 * The top line of the address block that `column` closes (lines that start where it starts, up
 * to five, the name and at least one address line; lines with nothing in its column are passed
 * over), unless it is the supplier's name.
 */
function blockTop(
  doc: Page,
  line: number,
  column: TextCell,
  isLabel: (f: string) => boolean,
  supplier: string | null,
): string | null {
  let top: TextCell | undefined;
  let lines = 0;
  // Lines of a grid beside the block may fall between its lines: those are passed over.
  for (let k = line - 1; k >= Math.max(0, line - 2 * BLOCK_LINES) && lines < BLOCK_LINES; k -= 1) {
    const cell = startingUnder(doc, line, k, top ?? column);
    if (cell) {
      top = cell;
      lines += 1;
    } else if (doc.lines[k]?.page !== doc.lines[line]!.page) break;
    else if (doc.lines[k]!.cells.some((c) => c.end > column.x)) break;
  }
  const name = top && lines >= 2 ? nameFrom(top.text, isLabel) : null;
  return name && name !== supplier ? name : null;
}

/** A company register number that may close a customer's address block ("SIRET 812 …"). */
const REGISTER_LINE = /^(?:siret|siren|kvk|regon|krs)\b/;

/**
 * The customer's name atop a block without a heading that ends with the customer's own VAT id
 * (`vat`, not the supplier's), else with a company register number.
 */
function nameOverIds(
  doc: Page,
  vat: LabelledVat | undefined,
  isLabel: (f: string) => boolean,
  supplier: string | null,
): { name: string; byVat: boolean } | null {
  if (vat) {
    const name = blockTop(
      doc,
      vat.hit.line,
      doc.lines[vat.hit.line]!.cells[vat.hit.cell]!,
      isLabel,
      supplier,
    );
    if (name) return { name, byVat: true };
  }
  for (let l = 0; l < Math.min(doc.lines.length, HEAD_LINES); l += 1)
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      if (!REGISTER_LINE.test(doc.folded[l]![c]!)) continue;
      const name = blockTop(doc, l, doc.lines[l]!.cells[c]!, isLabel, supplier);
      if (name) return { name, byVat: false };
    }
  return null;
}

/** A form of address alone on the first line of an address block. */
const FORM_OF_ADDRESS = new RegExp(`^(?:${ADDRESS_FORMS}|firma|de heer)\\.?$`);

/**
 * The customer's name under the supplier's return-address line, as a letter's address window
 * prints it ("Glaswerk Nordheide GmbH · Am Hafen 3 · 21614 Buxtehude" over the customer).
 */
function nameUnderReturnAddress(
  doc: Page,
  isLabel: (f: string) => boolean,
  supplier: string | null,
): string | null {
  if (!supplier) return null;
  const own = fold(supplier);
  for (let l = 0; l < Math.min(doc.lines.length - 1, HEAD_LINES); l += 1) {
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      const f = doc.folded[l]![c]!;
      const rest = f.startsWith(own) ? f.slice(own.length) : '';
      // The line may shorten the name ("Lichtwerk Studio · …" for "Lichtwerk Studio Hanna Kessler").
      const shortened = isReturnAddress(f) && own.startsWith(`${f.split(ADDRESS_PARTS)[0]!} `);
      if (!shortened && (!/^\s?[·•|,–-]\s?\S/.test(rest) || !/\d/.test(rest))) continue;
      let under = startingUnder(doc, l, l + 1, doc.lines[l]!.cells[c]!);
      // "Herr", "Frau", "Firma" on a line of its own: the name is on the next one.
      if (under && FORM_OF_ADDRESS.test(fold(under.text)))
        under = startingUnder(doc, l, l + 2, under);
      const name = under ? nameFrom(under.text, isLabel) : null;
      // A name, not the supplier's phone or street under its own address line.
      if (name && fold(name) !== own && !/\d/.test(name)) return name;
    }
  }
  return null;
}

interface LabelledVat {
  vat: string;
  buyer: boolean;
  hit: Hit;
}

/**
 * The supplier's name where its VAT id is printed: before the label in the same cell, or the
 * first cell of that line (a footer "ACME GmbH   Hafenstraße 12   USt-IdNr. DE…").
 */
function nameBesideVat(
  doc: Page,
  vat: LabelledVat | undefined,
  zones: Zones,
  rules: PartyRules,
): string | null {
  if (!vat) return null;
  const { line, cell, start } = vat.hit;
  const cells = doc.lines[line]!.cells;
  const texts = [cells[cell]!.text.slice(0, start), cell > 0 ? cells[0]!.text : ''];
  // A sole trader's full name has no legal form; it starts with its brand, the letterhead
  // ("Frantoio Valle Oscura" over "Frantoio Valle Oscura di Bruno Serra · … · P.IVA …").
  const head = letterhead(doc, zones, rules.isTitle);
  for (const text of texts) {
    if (inZone(zones, line, cells[0]!)) break;
    const name = text ? nameFrom(text, rules.isLabel) : null;
    const f = name ? fold(name) : '';
    const fuller = head !== null && f.length > head.length && f.startsWith(`${fold(head)} `);
    if (name && (LEGAL_FORM.test(f) || fuller) && !BANK_WORDS.test(f)) return name;
  }
  return null;
}

/** VAT ids by their labels, in reading order, each marked when it is the customer's. */
function labelledVats(doc: Page, zones: Zones): LabelledVat[] {
  const out: LabelledVat[] = [];
  for (const hit of labelHits(doc, [VAT_LABEL])) {
    for (const text of candidates(doc, hit)) {
      // Words may stand between the label and its value ("P.IVA cliente: ...").
      const worded = /^[^:\d]{1,30}:\s?/.exec(text);
      const vat = vatValue(text) ?? (worded ? vatValue(text.slice(worded[0].length)) : null);
      if (!vat) continue;
      if (!out.some((o) => o.vat === vat)) out.push({ vat, buyer: isBuyers(doc, zones, hit), hit });
      break;
    }
  }
  return out;
}

/** A label in the customer's block, or next to the customer's words ("Kundennummer", "Ihre"). */
function isBuyers(doc: Page, zones: Zones, hit: Hit): boolean {
  const line = doc.lines[hit.line]!;
  const cell = line.cells[hit.cell]!;
  if (inZone(zones, hit.line, cell)) return true;
  const own = doc.folded[hit.line]![hit.cell]!;
  const before = own.slice(0, hit.start);
  // "P.IVA cliente:", "VAT no. of the customer:": the words between the label and its value.
  const after = own.slice(hit.end).split(/[:\d]/)[0]!;
  const previous = hit.cell > 0 ? doc.folded[hit.line]![hit.cell - 1]! : '';
  const over = cellAcross(doc, hit.line - 1, cell);
  const overFolded = over ? fold(over.text) : '';
  return (
    BUYER_WORDS.test(before) ||
    YOUR_WORDS.test(before) ||
    BUYER_WORDS.test(after) ||
    BUYER_WORDS.test(previous) ||
    (doc.lines[hit.line - 1]?.page === line.page && BUYER_WORDS.test(overFolded))
  );
}

export interface PartyRules {
  /** Whether a folded cell is a label of another field (number, date). */
  isLabel: (folded: string) => boolean;
  /** Whether a folded cell is the document's title ("Rechnung", "Invoice 17"). */
  isTitle: (folded: string) => boolean;
}

/**
 * Supplier and buyer. Names: the columns under both parties' headings, else the supplier's
 * label ("Sold by", "Lieferant:"), else the name the supplier's mail or web address spells,
 * else the first early name with a legal form outside the customer's block, else the
 * letterhead; the buyer's name from its columns or its label ("Bill To", "Spett.le"), else over
 * its contact person's line ("t.a.v.", "z. Hd.") or under the supplier's return address in a
 * letter's window. VAT ids:
 * from the columns, else the first labelled id that is not the customer's.
 */
export function partiesOf(
  doc: Page,
  rules: PartyRules,
): { supplier: InvoiceParty; buyer: InvoiceParty } {
  const zones = buyerZones(doc, rules.isLabel);
  const columns = partyColumns(doc);
  const fromColumns = columns ? partyFromColumn(columns.supplier, rules.isLabel) : null;
  const buyerColumns = columns ? partyFromColumn(columns.buyer, rules.isLabel) : null;
  const vats = labelledVats(doc, zones);
  const ownVat = vats.find((v) => !v.buyer);
  const supplierVat = fromColumns?.vat ?? ownVat?.vat ?? null;
  // Another VAT id than the supplier's, in a block of its own: the customer's.
  const otherVat = vats.find((v) => v !== ownVat && v.vat !== supplierVat);
  const supplierName = withWrappedLegalForm(
    doc,
    fromColumns?.name ??
      labelledName(doc, SUPPLIER_LABEL, rules.isLabel) ??
      nameByDomain(doc, zones, rules.isLabel) ??
      nameBesideVat(doc, ownVat, zones, rules) ??
      nameUnderInitials(doc, rules.isLabel) ??
      nameWithLegalForm(doc, zones, rules.isLabel) ??
      letterhead(doc, zones, rules.isTitle),
  );
  const idBlock = nameOverIds(doc, otherVat, rules.isLabel, supplierName);
  return {
    supplier: { name: supplierName, vat: supplierVat, taxCode: null },
    buyer: {
      name:
        buyerColumns?.name ??
        labelledName(doc, BUYER_LABEL, rules.isLabel) ??
        nameOverAttention(doc, rules, supplierName) ??
        nameUnderReturnAddress(doc, rules.isLabel, supplierName) ??
        idBlock?.name ??
        null,
      vat:
        buyerColumns?.vat ??
        vats.find((v) => v.buyer && v.vat !== supplierVat)?.vat ??
        (idBlock?.byVat ? otherVat!.vat : null),
      taxCode: null,
    },
  };
}
