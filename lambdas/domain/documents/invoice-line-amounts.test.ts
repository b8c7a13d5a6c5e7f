import { invoiceFromText } from './invoice-text';
import { MAX_AMOUNT, parseAmount } from './invoice-line-amounts';

/** An invoice's text with its number and date, and a table under them. */
function invoiceText(table: string[], head = ['Rechnung Nr. 77', 'Datum: 05.02.2026']): string {
  return [...head, '', ...table].join('\n');
}

function linesOf(table: string[], head?: string[]) {
  const invoice = invoiceFromText(invoiceText(table, head));
  expect(invoice).not.toBeNull();
  return { lines: invoice!.lines, currency: invoice!.currency ?? null };
}

describe('PDF invoice lines: unit price, total and currency', () => {
  it('reads each row of a German table in EU figures, in the currency its header names', () => {
    const { lines, currency } = linesOf([
      'Pos  Bezeichnung              Menge     Einzelpreis €      Gesamt €',
      '1    Tazza rossa MUG-RED-01      24           4,50         108,00',
      '2    Kaffeemühle Holz             2       1.234,50       2.469,00',
      '                                        Summe netto       2.577,00',
    ]);
    expect(lines).toEqual([
      expect.objectContaining({ quantity: 24, unitPrice: 4.5, amount: 108, currency: 'EUR' }),
      expect.objectContaining({ quantity: 2, unitPrice: 1234.5, amount: 2469, currency: 'EUR' }),
    ]);
    expect(currency).toBe('EUR');
  });

  it('reads US figures with thousands groups and the currency of the amount header', () => {
    const { lines, currency } = linesOf(
      [
        'Description                 Qty      Unit Price      Amount USD',
        'Ceramic mug, red             1,000        1.25        1,250.00',
        'Subtotal                                              1,250.00',
      ],
      ['Invoice No: INV-9', 'Invoice Date: 10/18/2026'],
    );
    expect(lines[0]).toMatchObject({ quantity: 1000, unitPrice: 1.25, amount: 1250 });
    expect(currency).toBe('USD');
  });

  it.each([
    ['Descrizione', 'Quantità', 'Prezzo', 'Importo', 'Fattura n. 12', 'Data: 03/02/2026'],
    ['Désignation', 'Quantité', 'Prix unitaire', 'Montant', 'Facture N° 12', 'Date: 03/02/2026'],
    ['Descripción', 'Cantidad', 'Precio', 'Importe', 'Factura nº 12', 'Fecha: 03/02/2026'],
    ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag', 'Factuurnummer: 12', 'Factuurdatum: 03-02-2026'],
    ['Nazwa', 'Ilość', 'Cena', 'Wartość', 'Faktura nr 12', 'Data wystawienia: 03.02.2026'],
    ['Artikel', 'Anzahl', 'Preis', 'Betrag', 'Rechnung Nr. 12', 'Datum: 03.02.2026'],
  ])('headers %s / %s / %s / %s', (description, quantity, price, total, number, date) => {
    const { lines, currency } = linesOf(
      [
        `${description.padEnd(30)}${quantity.padEnd(12)}${price.padEnd(16)}${total}`,
        `${'Lampada da tavolo LMP-7'.padEnd(30)}${'6'.padEnd(12)}${'12,40 €'.padEnd(16)}74,40 €`,
      ],
      [number, date],
    );
    expect(lines).toEqual([
      expect.objectContaining({ quantity: 6, unitPrice: 12.4, amount: 74.4, currency: 'EUR' }),
    ]);
    expect(currency).toBe('EUR');
  });

  it('does not trust a row whose quantity times unit price is not its total (beyond rounding)', () => {
    const { lines } = linesOf([
      'Bezeichnung                  Menge      Preis       Betrag',
      'Rabattierte Tasse              10       5,00        45,00',
      'Server EQ4                      1     41,1765 €     41,18 €',
      'Kraftstoff                  43,08      1,547        66,64',
    ]);
    expect(lines[0]).toMatchObject({ quantity: 10 });
    expect(lines[0]!.amount).toBeUndefined();
    expect(lines[0]!.unitPrice).toBeUndefined();
    // 41.1765 printed to four decimals, 66.64476 printed to the cent: rounding only.
    expect(lines[1]).toMatchObject({ unitPrice: 41.1765, amount: 41.18 });
    expect(lines[2]).toMatchObject({ unitPrice: 1.547, amount: 66.64 });
  });

  it('reads a header set over two lines and two amounts the text layer ran together', () => {
    const { lines } = linesOf([
      '                                        Preis       Gesamt',
      'Nr  Beschreibung              Anzahl     (€)          (€)',
      '1   Arc reactor                    1    130000.00130000.00',
      '2   Lightsaber                     2    36000.00 72000.00',
    ]);
    expect(lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPrice: 130000, amount: 130000, currency: 'EUR' }),
      expect.objectContaining({ quantity: 2, unitPrice: 36000, amount: 72000, currency: 'EUR' }),
    ]);
  });

  it('keeps the article code of a code column beside the amounts', () => {
    const { lines } = linesOf([
      'SKU            Description              Qty      Price       Total',
      'MUG-RED-01     Ceramic mug red           12      3.10 €      37.20 €',
    ]);
    expect(lines[0]).toMatchObject({ codes: ['MUG-RED-01'], unitPrice: 3.1, amount: 37.2 });
  });

  it('names no currency for a bare "$", nor for a document whose amounts name two', () => {
    const dollar = linesOf(
      [
        'DESCRIPTION                 QTY      UNIT PRICE      TOTAL',
        'Kitchen sink                  8             90         720',
        '                                   BALANCE DUE   $720.00',
      ],
      ['Invoice No: 51', 'Invoice Date: 10/18/2026'],
    );
    expect(dollar.lines[0]).toMatchObject({ unitPrice: 90, amount: 720 });
    expect(dollar.currency).toBeNull();
    const mixed = linesOf([
      'Bezeichnung                  Menge      Preis       Betrag',
      'Tasse                           2       5,00        10,00',
      'Summe                                           10,00 EUR',
      'Gegenwert                                       11,60 USD',
    ]);
    expect(mixed.currency).toBeNull();
  });
});

describe('PDF invoice lines: hostile and odd figures give no amounts', () => {
  it('a negative quantity (a return), a negative total or a missing quantity', () => {
    const { lines } = linesOf([
      'Bezeichnung                  Menge      Preis       Betrag',
      'Rücksendung Tasse              -2       5,00       -10,00',
      'Gutschrift Tasse                2       5,00       -10,00',
      'Transport               Pauschal      120,00       120,00',
    ]);
    for (const line of lines) {
      expect(line.amount).toBeUndefined();
      expect(line.unitPrice).toBeUndefined();
    }
  });

  it('figures past the largest amount read, and a row of endless digits', () => {
    const huge = '9'.repeat(14);
    const { lines } = linesOf([
      'Bezeichnung                  Menge      Preis                 Betrag',
      `Tasse                            1      ${huge},00      ${huge},00`,
      `Teller                           1      ${'1'.repeat(400)}   5,00`,
    ]);
    expect(Number(huge)).toBeGreaterThan(MAX_AMOUNT);
    for (const line of lines) expect(line.amount).toBeUndefined();
  });

  it('reads a figure only in the forms invoices print', () => {
    expect(parseAmount('1.234,50', true)?.value).toBe(1234.5);
    expect(parseAmount('1,234.50', false)?.value).toBe(1234.5);
    expect(parseAmount('1 234,50', true)?.value).toBe(1234.5);
    expect(parseAmount('1.000', true)?.value).toBe(1000);
    expect(parseAmount('1.000', false)?.value).toBe(1);
    expect(parseAmount('12.34.56', false)).toBeNull();
    expect(parseAmount('1e9', false)).toBeNull();
    expect(parseAmount('-5,00', true)?.value).toBe(-5);
  });
});
