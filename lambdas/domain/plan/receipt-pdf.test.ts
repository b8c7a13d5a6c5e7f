import { PDFDocument } from 'pdf-lib';
import { receiptLines, renderReceiptPdf } from './receipt-pdf';
import type { Receipt } from './receipts';

const receipt: Receipt & { status: 'paid' | 'refunded' } = {
  number: '2026-000042',
  issuedAt: '2026-11-29T10:00:00Z',
  orderId: 'ORDER-1',
  captureId: 'CAPTURE-1',
  countryCode: 'IT',
  amount: '9.90',
  currency: 'EUR',
  days: 30,
  billing: {
    name: 'Rossi Import srl',
    address: 'Via Roma 1\n20121 Milano',
    vatId: 'IT01234567890',
  },
  subscriptionId: 'sub-1',
  status: 'paid',
};
const issuer = { name: 'RimborsiFBA', supportEmail: 'supporto@rimborsifba.it' };

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the receipt PDF', () => {
  it('is a one-page PDF that readers open', async () => {
    const pdf = await PDFDocument.load(renderReceiptPdf(receipt, issuer, 'it'));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Ricevuta di pagamento 2026-000042');
  });

  it('carries the number, date, customer, VAT id, plan, amount and payment id, in Italian', () => {
    const lines = receiptLines(receipt, issuer, 'it').map(([line]) => line);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Ricevuta di pagamento',
        'Numero: 2026-000042',
        'Data: 29 novembre 2026',
        'RimborsiFBA',
        'supporto@rimborsifba.it',
        'Rossi Import srl',
        'Via Roma 1',
        '20121 Milano',
        'Partita IVA: IT01234567890',
        'Piano RimborsiFBA: 30 giorni, marketplace IT',
        'Importo pagato: 9,90 €',
        'ID pagamento PayPal: CAPTURE-1',
      ]),
    );
    const bytes = text(renderReceiptPdf(receipt, issuer, 'it'));
    expect(bytes).toContain('(Numero: 2026-000042)');
    expect(bytes).toContain('(Rossi Import srl)');
    // The euro sign in WinAnsi.
    expect(bytes).toContain('(Importo pagato: 9,90 \x80)');
  });

  it('speaks English to an English-speaking seller', () => {
    const lines = receiptLines(receipt, issuer, 'en').map(([line]) => line);
    expect(lines).toEqual(
      expect.arrayContaining(['Payment receipt', 'Number: 2026-000042', 'Amount paid: €9.90']),
    );
  });

  it('says a refunded payment was refunded, and says so when no billing details were given', () => {
    const lines = receiptLines({ ...receipt, billing: null, status: 'refunded' }, issuer, 'it').map(
      ([line]) => line,
    );
    expect(lines).toContain('Dati di fatturazione non indicati al pagamento');
    expect(lines.join('\n')).toMatch(/PAGAMENTO RIMBORSATO/);
  });

  it('escapes what would break the PDF', async () => {
    const odd = { ...receipt, billing: { name: 'A (B) \\ C', address: 'Via “X”' } };
    expect(text(renderReceiptPdf(odd, issuer, 'it'))).toContain('(A \\(B\\) \\\\ C)');
    await expect(PDFDocument.load(renderReceiptPdf(odd, issuer, 'it'))).resolves.toBeTruthy();
  });
});
