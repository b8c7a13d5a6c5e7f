import type { Language } from '../language';
import type { Receipt, ReceiptStatus } from './receipts';

/**
 * A payment's receipt as a one-page PDF (issue 29), in the seller's language. Written here,
 * without a PDF library, so the function that serves it stays small: one page of text in the
 * standard Helvetica font (every PDF reader has it), WinAnsi-encoded, uncompressed.
 */

/** Who issues the receipt: the service as its public contacts name it (site-contacts.ts). */
export interface ReceiptIssuer {
  name: string;
  supportEmail: string;
  phone?: string;
}

const LABELS = {
  it: {
    title: 'Ricevuta di pagamento',
    number: 'Numero',
    date: 'Data',
    issuer: 'Emessa da',
    customer: 'Intestata a',
    vatId: 'Partita IVA',
    plan: 'Piano RimborsiFBA: {days} giorni, marketplace {country}',
    amount: 'Importo pagato',
    payment: 'ID pagamento PayPal',
    order: 'Ordine PayPal',
    refunded:
      'PAGAMENTO RIMBORSATO: questa ricevuta resta agli atti ma il pagamento è stato restituito.',
    noBilling: 'Dati di fatturazione non indicati al pagamento',
  },
  en: {
    title: 'Payment receipt',
    number: 'Number',
    date: 'Date',
    issuer: 'Issued by',
    customer: 'Made out to',
    vatId: 'VAT id',
    plan: 'RimborsiFBA plan: {days} days, marketplace {country}',
    amount: 'Amount paid',
    payment: 'PayPal payment id',
    order: 'PayPal order',
    refunded: 'PAYMENT REFUNDED: this receipt stays on record but the payment was returned.',
    noBilling: 'No billing details were given at payment',
  },
} as const satisfies Record<Language, Record<string, string>>;

function amountText(amount: string, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    style: 'currency',
    currency,
  })
    .format(Number(amount))
    .replace(/[\u00a0\u202f]/g, ' ');
}

function dateText(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(Date.parse(iso));
}

/** The receipt's lines, top to bottom: `[text, size, bold]`. */
export function receiptLines(
  receipt: Receipt & { status: ReceiptStatus },
  issuer: ReceiptIssuer,
  language: Language,
): [string, number, boolean][] {
  const l = LABELS[language];
  const lines: [string, number, boolean][] = [
    [l.title, 20, true],
    [`${l.number}: ${receipt.number}`, 12, true],
    [`${l.date}: ${dateText(receipt.issuedAt, language)}`, 11, false],
    ['', 11, false],
    [l.issuer, 11, true],
    [issuer.name, 11, false],
    [issuer.supportEmail, 11, false],
    ...(issuer.phone ? ([[issuer.phone, 11, false]] as [string, number, boolean][]) : []),
    ['', 11, false],
    [l.customer, 11, true],
  ];
  if (receipt.billing) {
    lines.push([receipt.billing.name, 11, false]);
    for (const line of receipt.billing.address.split('\n')) lines.push([line, 11, false]);
    if (receipt.billing.vatId) lines.push([`${l.vatId}: ${receipt.billing.vatId}`, 11, false]);
  } else {
    lines.push([l.noBilling, 11, false]);
  }
  lines.push(
    ['', 11, false],
    [
      l.plan.replace('{days}', String(receipt.days)).replace('{country}', receipt.countryCode),
      11,
      false,
    ],
    [`${l.amount}: ${amountText(receipt.amount, receipt.currency, language)}`, 12, true],
    [`${l.payment}: ${receipt.captureId}`, 10, false],
    [`${l.order}: ${receipt.orderId}`, 10, false],
  );
  if (receipt.status === 'refunded') lines.push(['', 11, false], [l.refunded, 11, true]);
  return lines;
}

/** WinAnsi (cp1252) bytes of a text; characters it has no place for become `?`. */
function winAnsi(text: string): number[] {
  const extra: Record<string, number> = {
    '€': 0x80,
    '‘': 0x91,
    '’': 0x92,
    '“': 0x93,
    '”': 0x94,
    '–': 0x96,
    '—': 0x97,
  };
  return [...text.normalize('NFC')].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (extra[ch] !== undefined) return extra[ch];
    if (code === 0xa0 || code === 0x202f) return 0x20;
    return code >= 0x20 && code <= 0xff && (code < 0x7f || code >= 0xa0) ? code : 0x3f;
  });
}

/** A PDF string literal of the text, with `(`, `)` and `\` escaped. */
function pdfString(text: string): string {
  return `(${winAnsi(text)
    .map((b) => {
      const ch = String.fromCharCode(b);
      return ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
    })
    .join('')})`;
}

/** Wraps a line to the page's width (A4 minus margins), by words, for Helvetica at `size`. */
function wrap(text: string, size: number): string[] {
  const max = Math.floor(480 / (size * 0.5));
  const out: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && `${current} ${word}`.length > max) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  out.push(current);
  return out;
}

/** The receipt as PDF bytes. */
export function renderReceiptPdf(
  receipt: Receipt & { status: ReceiptStatus },
  issuer: ReceiptIssuer,
  language: Language,
): Uint8Array {
  let y = 790;
  const content: string[] = [];
  for (const [text, size, bold] of receiptLines(receipt, issuer, language)) {
    for (const part of wrap(text, size)) {
      content.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf 56 ${y} Td ${pdfString(part)} Tj ET`);
      y -= Math.round(size * 1.5);
    }
  }
  const stream = content.join('\n');
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    `<< /Title ${pdfString(`${LABELS[language].title} ${receipt.number}`)} /Producer (RimborsiFBA) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character above is one byte (WinAnsi), so offsets counted in characters are bytes.
  return Uint8Array.from(body, (ch) => ch.charCodeAt(0));
}
