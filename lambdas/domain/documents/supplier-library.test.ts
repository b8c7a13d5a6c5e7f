import type { StoredReading } from '../cases/records';
import {
  groupBySupplier,
  indexedInvoices,
  MAX_INDEXED_INVOICES,
  shipmentsCovered,
  supplierId,
  UNKNOWN_SUPPLIER,
} from './supplier-library';

function reading(
  invoices: {
    supplier: string | null;
    vat?: string | null;
    number?: string;
    lines?: [string, number | null, string[]?][];
  }[],
  quality: StoredReading['quality'] = 'ok',
): StoredReading {
  return {
    kind: 'fattura',
    quality,
    text_chars: 500,
    invoices: invoices.map((invoice, i) => ({
      number: invoice.number ?? String(i + 1),
      date: '2026-08-01',
      supplier: invoice.supplier,
      supplier_vat: invoice.vat ?? null,
      lines: (invoice.lines ?? []).map(([description, quantity, codes]) => ({
        description,
        quantity,
        unit: null,
        codes,
      })),
    })),
  };
}

describe('supplierId', () => {
  it('is the VAT id when there is one, however it is spaced or cased', () => {
    expect(supplierId({ name: 'Ceramiche Rossi S.r.l.', vat: 'IT 012 345 678 90' })).toBe(
      'vat-IT01234567890',
    );
    expect(supplierId({ name: 'Another name', vat: 'it01234567890' })).toBe('vat-IT01234567890');
  });

  it('falls back to the name without accents, case, spaces or punctuation', () => {
    expect(supplierId({ name: 'Società Ceramiche Rossi S.r.l.', vat: null })).toBe(
      'name-societaceramicherossisrl',
    );
    expect(supplierId({ name: 'SOCIETA CERAMICHE ROSSI SRL', vat: '' })).toBe(
      'name-societaceramicherossisrl',
    );
  });

  it('groups invoices with neither name nor VAT as an unknown supplier', () => {
    expect(supplierId({ name: null, vat: null })).toBe(UNKNOWN_SUPPLIER);
    expect(supplierId({ name: ' — ', vat: '12' })).toBe(UNKNOWN_SUPPLIER);
  });
});

describe('what the library keeps for unit costs', () => {
  const priced: StoredReading['invoices'][number] = {
    number: '7',
    date: '2026-08-01',
    supplier: 'Ceramiche Rossi S.r.l.',
    currency: 'EUR',
    lines: [
      { description: 'Tazza rossa', quantity: 24, unit: null, codes: ['MUG-RED-01'], amount: 108 },
      { description: 'Piatto', quantity: 6, unit: null, codes: [], amount: 30 },
    ],
  };
  const stored = (invoice: StoredReading['invoices'][number]): StoredReading => ({
    kind: 'fattura',
    quality: 'ok',
    text_chars: 500,
    invoices: [invoice],
  });

  it("keeps each line's amount and the invoice's currency", () => {
    const [invoice] = indexedInvoices(stored(priced));
    expect(invoice).toMatchObject({ currency: 'EUR' });
    expect(invoice!.creditNote).toBeUndefined();
    expect(invoice!.lines.map((l) => l.amount)).toEqual([108, 30]);
  });

  it('marks a credit note, and keeps no amount of a line read by OCR under the trusted confidence', () => {
    const [note] = indexedInvoices(stored({ ...priced, credit_note: true }));
    expect(note!.creditNote).toBe(true);
    const [ocr] = indexedInvoices(stored({ ...priced, ocr_confidence: 60, unsure_lines: [0] }));
    expect(ocr!.lines.map((l) => l.amount)).toEqual([undefined, 30]);
  });
});

describe('grouping the invoices of a document by supplier', () => {
  it('counts each supplier once, with the name and VAT id its invoices give', () => {
    const invoices = indexedInvoices(
      reading([
        { supplier: 'Ceramiche Rossi S.r.l.', vat: 'IT01234567890' },
        { supplier: null, vat: 'IT01234567890' },
        { supplier: 'Tessile Bianchi SpA', vat: null },
        { supplier: null, vat: null },
      ]),
    );
    expect(groupBySupplier(invoices)).toEqual([
      {
        supplierId: 'vat-IT01234567890',
        name: 'Ceramiche Rossi S.r.l.',
        vat: 'IT01234567890',
        invoices: 2,
      },
      { supplierId: 'name-tessilebianchispa', name: 'Tessile Bianchi SpA', vat: null, invoices: 1 },
      { supplierId: UNKNOWN_SUPPLIER, name: null, vat: null, invoices: 1 },
    ]);
  });

  it('keeps no invoice of an illegible document, and at most the first invoices of a long file', () => {
    expect(indexedInvoices(reading([{ supplier: 'X' }], 'illegible'))).toEqual([]);
    expect(indexedInvoices(null)).toEqual([]);
    const many = indexedInvoices(
      reading(Array.from({ length: MAX_INDEXED_INVOICES + 5 }, () => ({ supplier: 'Rossi' }))),
    );
    expect(many).toHaveLength(MAX_INDEXED_INVOICES);
    expect(many.map((i) => i.index)).toEqual([...Array(MAX_INDEXED_INVOICES).keys()]);
  });

  it('keeps no packing list uploaded as an invoice: the library holds invoices only', () => {
    const packingList = {
      ...reading([{ supplier: 'Ceramiche Valdarno S.r.l.' }]),
      kind: 'ddt' as const,
    };
    expect(indexedInvoices(packingList)).toEqual([]);
  });

  it('reads documents stored before the VAT id was kept as grouped by name', () => {
    const stored = reading([{ supplier: 'Rossi Srl' }]);
    delete stored.invoices[0]!.supplier_vat;
    expect(indexedInvoices(stored)[0]!.supplierId).toBe('name-rossisrl');
  });
});

describe('the shipments an invoice covers', () => {
  const shipments = [
    {
      shipmentId: 'FBA-SEPT',
      shipmentName: 'Milano settembre',
      items: [
        { sku: 'TAZ-CER-350', title: 'Tazza in ceramica 350 ml', missing: 1 },
        { sku: 'SOTT-SUGH-6', title: 'Set 6 sottobicchieri in sughero', missing: 1 },
      ],
    },
    {
      shipmentId: 'FBA-OCT',
      shipmentName: 'Piacenza ottobre',
      items: [
        { sku: 'BORR-INOX-750', title: 'Borraccia termica inox 750 ml', missing: 3 },
        { sku: 'TAZ-CER-350', title: 'Tazza in ceramica 350 ml', missing: 0 },
      ],
    },
    {
      shipmentId: 'FBA-NOV',
      shipmentName: 'Torrazza novembre',
      items: [{ sku: 'TAGL-BAMB-L', title: 'Tagliere in bambù grande', missing: 4 }],
    },
  ];
  const line = (description: string, quantity: number | null, codes: string[] = []) => ({
    description,
    quantity,
    codes,
  });

  it('lists the shipments missing an item the invoice names, with the units on each side', () => {
    const covered = shipmentsCovered(
      [line('Tazza ceramica 350ml bianca', 48, ['TAZ-CER-350']), line('BORR-INOX-750', 2)],
      shipments,
    );
    expect(covered).toEqual([
      {
        shipmentId: 'FBA-SEPT',
        shipmentName: 'Milano settembre',
        skus: [
          { sku: 'TAZ-CER-350', missing: 1, invoiced: 48 },
          { sku: 'SOTT-SUGH-6', missing: 1, invoiced: 0 },
        ],
        toConfirm: [],
        evidence: true,
        complete: false,
      },
      {
        shipmentId: 'FBA-OCT',
        shipmentName: 'Piacenza ottobre',
        skus: [{ sku: 'BORR-INOX-750', missing: 3, invoiced: 2 }],
        toConfirm: [],
        evidence: true,
        complete: false,
      },
    ]);
  });

  it('is complete when the invoice has at least the missing units of every SKU', () => {
    const covered = shipmentsCovered(
      [line('Art. 1', 5, ['TAGL-BAMB-L']), line('Borraccia BORR INOX 750', 3)],
      shipments,
    );
    expect(covered.map((c) => [c.shipmentId, c.complete])).toEqual([
      ['FBA-OCT', true],
      ['FBA-NOV', true],
    ]);
  });

  it('adds the lines of one SKU and counts a line without quantity as one unit', () => {
    const [covered] = shipmentsCovered(
      [
        line('TAGL-BAMB-L tagliere', 2),
        line('Tagliere', null, ['tagl-bamb-l']),
        line('Spedizione', 1),
      ],
      shipments,
    );
    expect(covered).toMatchObject({
      shipmentId: 'FBA-NOV',
      skus: [{ invoiced: 3 }],
      complete: false,
    });
  });

  it('proposes a line that only resembles a title, and never counts it or offers the shipment as covered', () => {
    const covered = shipmentsCovered(
      [line('Borraccia termica INOX 750 ml', 3), line('Tagliere in bambù grande', 4)],
      shipments,
    );
    expect(covered).toEqual([
      {
        shipmentId: 'FBA-OCT',
        shipmentName: 'Piacenza ottobre',
        skus: [{ sku: 'BORR-INOX-750', missing: 3, invoiced: 0 }],
        toConfirm: [
          {
            sku: 'BORR-INOX-750',
            title: 'Borraccia termica inox 750 ml',
            line: 0,
            description: 'Borraccia termica INOX 750 ml',
            quantity: 3,
          },
        ],
        evidence: false,
        complete: false,
      },
      {
        shipmentId: 'FBA-NOV',
        shipmentName: 'Torrazza novembre',
        skus: [{ sku: 'TAGL-BAMB-L', missing: 4, invoiced: 0 }],
        toConfirm: [
          {
            sku: 'TAGL-BAMB-L',
            title: 'Tagliere in bambù grande',
            line: 1,
            description: 'Tagliere in bambù grande',
            quantity: 4,
          },
        ],
        evidence: false,
        complete: false,
      },
    ]);
  });

  it('covers nothing when no line names a missing item', () => {
    expect(shipmentsCovered([line('Tubi ritorno gasolio', 10)], shipments)).toEqual([]);
    expect(shipmentsCovered([], shipments)).toEqual([]);
  });
});
