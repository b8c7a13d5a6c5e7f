import { isCreditNote } from '../documents/fattura-pa';
import { lineDescriptionKey, LineVerdicts } from '../documents/invoice-match';
import { invoiceFromText } from '../documents/invoice-text';
import type { SkuValue } from '../sync/sku-values';
import {
  confirmedValue,
  correctedValue,
  costRow,
  invoiceCosts,
  lineUnitCost,
  oldestInvoiceDay,
  type CostInvoice,
} from './unit-costs';

const TODAY = '2026-11-29';
const SKUS = [
  { sku: 'MUG-RED-01', title: 'Tazza in ceramica rossa 350 ml', missing: 0 },
  { sku: 'TSHIRT-BLK-M', title: 'Maglietta cotone nera taglia M', missing: 0, asin: 'B0TSHIRT01' },
];

function invoice(
  documentId: string,
  date: string | null,
  lines: [string, number | null, number | null, string[]?][],
  currency: string | null = 'EUR',
): CostInvoice {
  return {
    documentId,
    invoiceIndex: 0,
    number: `N-${documentId}`,
    date,
    currency,
    lines: lines.map(([description, quantity, amount, codes]) => ({
      description,
      quantity,
      amount,
      codes: codes ?? [],
    })),
  };
}

describe('lineUnitCost', () => {
  it('divides the line amount by its quantity, to the cent', () => {
    expect(lineUnitCost({ quantity: 3, amount: 10 })).toBe(3.33);
    expect(lineUnitCost({ quantity: 4, amount: 26 })).toBe(6.5);
  });

  it('a line without quantity names one unit; no amount, zero or negative gives none', () => {
    expect(lineUnitCost({ quantity: null, amount: 12.4 })).toBe(12.4);
    expect(lineUnitCost({ quantity: 2, amount: null })).toBeNull();
    expect(lineUnitCost({ quantity: 2 })).toBeNull();
    expect(lineUnitCost({ quantity: 1, amount: -5 })).toBeNull();
    expect(lineUnitCost({ quantity: 0, amount: 5 })).toBeNull();
  });
});

describe('invoiceCosts: evidence only', () => {
  it('a line naming the SKU (or its ASIN) among its codes or words gives the SKU its cost', () => {
    const costs = invoiceCosts(
      [
        invoice('d1', '2026-10-01', [
          ['Tazza rossa cod. MUG-RED-01', 10, 45],
          ['Maglietta', 2, 17, ['B0TSHIRT01']],
        ]),
      ],
      SKUS,
      new LineVerdicts(),
      TODAY,
    );
    expect(costs.get('MUG-RED-01')).toMatchObject({
      amount: 4.5,
      currency: 'EUR',
      invoice: { documentId: 'd1', number: 'N-d1', date: '2026-10-01', line: 1 },
    });
    expect(costs.get('TSHIRT-BLK-M')).toMatchObject({ amount: 8.5, invoice: { line: 2 } });
  });

  it('a line that only resembles a SKU title gives nothing until the seller confirms it', () => {
    const lookAlike = invoice('d1', '2026-10-01', [['Tazza ceramica rossa 350ml', 10, 45]]);
    expect(invoiceCosts([lookAlike], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
    const confirmed = new LineVerdicts([
      {
        sku: 'MUG-RED-01',
        description: lineDescriptionKey('Tazza ceramica rossa 350ml'),
        codes: [],
        verdict: 'confirmed',
      },
    ]);
    expect(invoiceCosts([lookAlike], SKUS, confirmed, TODAY).get('MUG-RED-01')?.amount).toBe(4.5);
  });

  it('a line naming two SKUs alike is no evidence for either', () => {
    const both = invoice('d1', '2026-10-01', [['MUG-RED-01 / TSHIRT-BLK-M', 2, 20]]);
    expect(invoiceCosts([both], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
  });
});

describe('invoiceCosts: the latest invoice within a year', () => {
  it('the latest invoice wins, whatever the order read', () => {
    const older = invoice('d1', '2026-03-01', [['MUG-RED-01', 10, 40]]);
    const newer = invoice('d2', '2026-09-01', [['MUG-RED-01', 10, 50]]);
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const cost = invoiceCosts(order, SKUS, new LineVerdicts(), TODAY).get('MUG-RED-01');
      expect(cost).toMatchObject({ amount: 5, invoice: { documentId: 'd2' } });
    }
  });

  it('an invoice older than a year, dated after today or undated is not used', () => {
    expect(oldestInvoiceDay(TODAY)).toBe('2025-11-29');
    const edge = invoice('d0', '2025-11-29', [['MUG-RED-01', 1, 7]]);
    const old = invoice('d1', '2025-11-28', [['MUG-RED-01', 1, 9]]);
    const future = invoice('d2', '2026-11-30', [['MUG-RED-01', 1, 11]]);
    const undated = invoice('d3', null, [['MUG-RED-01', 1, 13]]);
    const costs = invoiceCosts([old, future, undated, edge], SKUS, new LineVerdicts(), TODAY);
    expect(costs.get('MUG-RED-01')).toMatchObject({ amount: 7, invoice: { documentId: 'd0' } });
    expect(invoiceCosts([old, future, undated], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
  });
});

describe('invoiceCosts: currency as on the invoice', () => {
  it('keeps the invoice currency, never converted; an invoice without one gives nothing', () => {
    const usd = invoice('d1', '2026-10-01', [['MUG-RED-01', 4, 30]], 'usd');
    expect(invoiceCosts([usd], SKUS, new LineVerdicts(), TODAY).get('MUG-RED-01')).toMatchObject({
      amount: 7.5,
      currency: 'USD',
    });
    const unknown = invoice('d2', '2026-10-01', [['MUG-RED-01', 4, 30]], null);
    expect(invoiceCosts([unknown], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
  });
});

describe('invoiceCosts: credit notes', () => {
  it("a credit note's lines give no cost, though they name the SKU with an amount", () => {
    const note = { ...invoice('d1', '2026-10-01', [['MUG-RED-01', 4, 30]]), creditNote: true };
    expect(invoiceCosts([note], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
    const plain = { ...note, creditNote: false };
    expect(invoiceCosts([plain], SKUS, new LineVerdicts(), TODAY).get('MUG-RED-01')).toMatchObject({
      amount: 7.5,
    });
  });
});

describe('invoiceCosts: PDF invoice lines', () => {
  /** A PDF invoice's text as its reader gets it, and the invoice the costs read from it. */
  function pdfInvoice(title: string, rows: string[]): CostInvoice {
    const read = invoiceFromText(
      [
        title,
        'Datum: 05.10.2026',
        '',
        'Bezeichnung                         Menge      Einzelpreis €      Gesamt €',
        ...rows,
        '                                               Summe netto         100,00',
      ].join('\n'),
    )!;
    return {
      documentId: 'pdf-1',
      invoiceIndex: 0,
      number: read.number,
      date: read.date,
      currency: read.currency ?? null,
      creditNote: isCreditNote(read.documentType),
      lines: read.lines,
    };
  }

  it('a row whose figures agree gives the SKU its cost through the matcher, the PDF its source', () => {
    const pdf = pdfInvoice('Rechnung Nr. 88', [
      'Tazza rossa MUG-RED-01                 24          4,50           108,00',
      'Maglietta nera B0TSHIRT01              10          6,00            54,00',
      'Vassoio legno                           5          9,00            45,00',
    ]);
    const costs = invoiceCosts([pdf], SKUS, new LineVerdicts(), TODAY);
    expect(costs.get('MUG-RED-01')).toEqual({
      sku: 'MUG-RED-01',
      amount: 4.5,
      currency: 'EUR',
      invoice: {
        documentId: 'pdf-1',
        invoiceIndex: 0,
        number: '88',
        date: '2026-10-05',
        line: 1,
        description: 'Tazza rossa MUG-RED-01',
      },
    });
    // 10 × 6,00 is not 54,00 (a discount not shown per unit): no cost for it.
    expect(costs.has('TSHIRT-BLK-M')).toBe(false);
    expect(costs.size).toBe(1);
  });

  it('a PDF credit note gives no cost', () => {
    const pdf = pdfInvoice('Gutschrift Nr. 89', [
      'Tazza rossa MUG-RED-01                 24          4,50           108,00',
    ]);
    expect(pdf.creditNote).toBe(true);
    expect(invoiceCosts([pdf], SKUS, new LineVerdicts(), TODAY).size).toBe(0);
  });
});

describe("costRow: the seller's value wins", () => {
  const derived = invoiceCosts(
    [invoice('d2', '2026-09-01', [['MUG-RED-01', 10, 50]])],
    SKUS,
    new LineVerdicts(),
    TODAY,
  ).get('MUG-RED-01')!;
  const typed: SkuValue = {
    sku: 'MUG-RED-01',
    amount: 6,
    currency: 'EUR',
    updatedAt: '2026-08-01T00:00:00Z',
  };

  it('an invoice cost nobody confirmed is proposed and counts for nothing', () => {
    expect(costRow('MUG-RED-01', null, undefined, derived)).toMatchObject({
      amount: 5,
      state: 'proposed',
      counts: false,
      invoice: { documentId: 'd2', line: 1 },
    });
    expect(costRow('X', null, undefined, undefined)).toMatchObject({
      amount: null,
      state: 'missing',
      counts: false,
    });
  });

  it('a value the seller typed counts over a later invoice, which is only proposed', () => {
    const row = costRow('MUG-RED-01', null, typed, derived);
    expect(row).toMatchObject({ amount: 6, state: 'entered', counts: true, invoice: null });
    expect(row.proposal).toMatchObject({ amount: 5, invoice: { documentId: 'd2' } });
  });

  it('once confirmed, the same invoice line is no longer proposed', () => {
    const held = confirmedValue(derived, '2026-11-29T10:00:00Z');
    expect(held).toMatchObject({ amount: 5, currency: 'EUR', state: 'confirmed' });
    const row = costRow('MUG-RED-01', null, held, derived);
    expect(row).toMatchObject({ state: 'confirmed', counts: true, proposal: null });
  });

  it("a correction stays the seller's: the line it corrected is not proposed again, a newer one is", () => {
    const held = correctedValue('MUG-RED-01', 5.6, 'EUR', derived, '2026-11-29T10:00:00Z');
    expect(held).toMatchObject({ state: 'corrected', invoice: { documentId: 'd2' } });
    expect(costRow('MUG-RED-01', null, held, derived)).toMatchObject({
      amount: 5.6,
      state: 'corrected',
      proposal: null,
    });
    const newer = invoiceCosts(
      [invoice('d3', '2026-11-01', [['MUG-RED-01', 10, 55]])],
      SKUS,
      new LineVerdicts(),
      TODAY,
    ).get('MUG-RED-01');
    expect(costRow('MUG-RED-01', null, held, newer)).toMatchObject({
      amount: 5.6,
      proposal: { amount: 5.5, invoice: { documentId: 'd3' } },
    });
  });

  it('a value typed with no invoice behind it is entered, not corrected', () => {
    expect(correctedValue('X', 3, 'EUR', undefined, 'now')).toMatchObject({
      state: 'entered',
      invoice: null,
    });
  });
});
