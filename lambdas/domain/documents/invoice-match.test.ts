import type { Invoice } from './fattura-pa';
import {
  codeKey,
  lineDescriptionKey,
  LineVerdicts,
  matchInvoiceToShipment,
  matchLine,
  matchLines,
  type LineVerdictRecord,
} from './invoice-match';

function invoice(
  date: string | null,
  lines: [string, number | null, string[]?][],
  number = '1',
): Invoice {
  const party = { name: null, vat: null, taxCode: null };
  return {
    documentType: 'TD01',
    number,
    date,
    supplier: party,
    buyer: party,
    lines: lines.map(([description, quantity, codes]) => ({
      description,
      quantity,
      unit: null,
      codes: codes ?? [],
    })),
    source: 'fatturapa',
  };
}

const shipment = {
  createdAt: '2024-03-10T08:00:00Z',
  closedAt: '2024-04-02T10:00:00Z',
  items: [
    { sku: 'MUG-RED-01', title: 'Tazza in ceramica rossa 350 ml', missing: 5 },
    { sku: 'TSHIRT-BLK-M', title: 'Maglietta cotone nera taglia M', missing: 3 },
    { sku: 'CAP-01', title: 'Cappellino', missing: 0 },
  ],
};

describe('matchInvoiceToShipment', () => {
  it('no warning when every missing unit is invoiced before the shipment', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice('2024-03-01', [
          ['Tazza ceramica rossa 350ml', 4, ['mug-red-01']],
          ['Art. MUG-RED-01 tazza', 2],
        ]),
        invoice('2024-03-10', [['Maglietta in cotone NERA tg. M (TSHIRT BLK M)', 10]], '2'),
      ],
      shipment,
    );
    expect(warnings).toEqual([]);
  });

  it('warns when an invoice is dated after the shipment left', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice(
          '2024-03-11',
          [
            ['x', 1, ['MUG-RED-01']],
            ['x', 3, ['TSHIRT-BLK-M']],
          ],
          'FT-9',
        ),
      ],
      {
        ...shipment,
        items: shipment.items.map((i) => ({ ...i, missing: Math.min(i.missing, 1) })),
      },
    );
    expect(warnings).toEqual([
      {
        code: 'invoice_after_shipment',
        invoiceNumber: 'FT-9',
        invoiceDate: '2024-03-11',
        shipmentDate: '2024-03-10',
      },
    ]);
  });

  it('uses the closing date when the creation date is unknown', () => {
    const warnings = matchInvoiceToShipment([invoice('2024-04-03', [])], {
      closedAt: '2024-04-02T10:00:00Z',
      items: [],
    });
    expect(warnings).toEqual([
      {
        code: 'invoice_after_shipment',
        invoiceNumber: '1',
        invoiceDate: '2024-04-03',
        shipmentDate: '2024-04-02',
      },
    ]);
  });

  it('warns when a SKU is missing from the invoice or its units are short, summing quantities', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice('2024-03-01', [
          ['Tazza ceramica rossa', 2, ['MUG-RED-01']],
          ['Tazza ceramica rossa MUG-RED-01', 1],
          ['Spese di trasporto', null],
        ]),
      ],
      shipment,
    );
    expect(warnings).toEqual([
      {
        code: 'units_not_covered',
        sku: 'MUG-RED-01',
        title: 'Tazza in ceramica rossa 350 ml',
        missing: 5,
        invoiced: 3,
      },
      {
        code: 'sku_not_on_invoice',
        sku: 'TSHIRT-BLK-M',
        title: 'Maglietta cotone nera taglia M',
        missing: 3,
      },
    ]);
  });

  it('matches by article code, and counts each line once', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice('2024-03-01', [
          ['Articolo vario', 5, ['mug-red-01']],
          ['Maglietta TSHIRT-BLK-M (non MUG-RED-01)', 3],
        ]),
      ],
      shipment,
    );
    // The second line names both SKUs: it is neither, so the T-shirt is not covered.
    expect(warnings).toEqual([
      {
        code: 'sku_not_on_invoice',
        sku: 'TSHIRT-BLK-M',
        title: 'Maglietta cotone nera taglia M',
        missing: 3,
      },
    ]);
  });

  it('says so when the invoices have no lines to check', () => {
    expect(
      matchInvoiceToShipment([{ ...invoice('2024-03-01', []), source: 'pdf' }], shipment),
    ).toEqual([{ code: 'lines_not_readable' }]);
  });
});

describe('matching lines to SKUs by evidence', () => {
  const moka = {
    createdAt: '2024-03-10T08:00:00Z',
    items: [{ sku: 'MOKA-EL-2TZ', title: 'MOKA ELETTRICA 2TZ', missing: 18 }],
  };
  const line = (description: string, quantity: number | null = 1, codes: string[] = []) => ({
    description,
    quantity,
    codes,
  });
  const confirmed = (sku: string, description: string, codes: string[] = []) =>
    ({
      sku,
      description: lineDescriptionKey(description),
      codes: codes.map(codeKey),
      verdict: 'confirmed',
    }) satisfies LineVerdictRecord;

  it('never adds up two unrelated lines that merely share words with the title', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice('2024-03-01', [
          ['Moka in alluminio 2TZ', 10],
          ['Macinacaffè elettrica 2TZ', 8],
        ]),
      ],
      moka,
    );
    // Each line only resembles the title: both are to be confirmed, no unit is counted.
    expect(warnings).toEqual([
      {
        code: 'sku_to_confirm',
        sku: 'MOKA-EL-2TZ',
        title: 'MOKA ELETTRICA 2TZ',
        missing: 18,
        invoiced: 0,
        lines: ['Moka in alluminio 2TZ', 'Macinacaffè elettrica 2TZ'],
      },
    ]);
    const { invoiced, toConfirm } = matchLines(
      [line('Moka in alluminio 2TZ', 10), line('Macinacaffè elettrica 2TZ', 8)],
      moka.items,
    );
    expect(invoiced.size).toBe(0);
    expect(toConfirm.map((l) => [l.sku, l.line, l.quantity])).toEqual([
      ['MOKA-EL-2TZ', 0, 10],
      ['MOKA-EL-2TZ', 1, 8],
    ]);
  });

  it('sums the quantities of the lines that each name the SKU', () => {
    const { invoiced, toConfirm } = matchLines(
      [
        line('Moka elettrica 2 tazze MOKA-EL-2TZ', 10),
        line('Moka elettrica 2 tazze', 8, ['moka el 2tz']),
        line('Moka elettrica 2TZ', 5),
      ],
      moka.items,
    );
    expect(invoiced.get('MOKA-EL-2TZ')).toEqual({ units: 18, lines: 2 });
    expect(toConfirm).toHaveLength(1);
  });

  it('takes a code as a whole token, never inside a longer code', () => {
    const items = [{ sku: 'MUG-RED-01', title: null, missing: 1 }];
    expect(matchLine(line('Art. mug red 01 tazza'), items)).toEqual({
      kind: 'evidence',
      sku: 'MUG-RED-01',
      by: 'sku',
    });
    expect(matchLine(line('(MUG-RED-01),'), items)).toMatchObject({ kind: 'evidence' });
    expect(matchLine(line('Art. MUG-RED-012 tazza'), items)).toEqual({ kind: 'none' });
    expect(matchLine(line('XMUG-RED-01'), items)).toEqual({ kind: 'none' });
    expect(matchLine(line('Tazza', 1, ['MUG-RED-01-B']), items)).toEqual({ kind: 'none' });
    // A short SKU is no evidence inside a description (it could be a size or a quantity).
    expect(matchLine(line('Tazza 350 ml'), [{ sku: '350', title: null, missing: 1 }])).toEqual({
      kind: 'none',
    });
  });

  it('matches by EAN (leading zeros aside), FNSKU and ASIN when they are held', () => {
    const items = [
      { sku: 'A-1', title: null, missing: 1, ean: '8001234567895' },
      { sku: 'B-2', title: null, missing: 1, fnsku: 'X001ABCDEF' },
      { sku: 'C-3', title: null, missing: 1, asin: 'B07XYZ1234' },
    ];
    expect(matchLine(line('Tazza EAN 08001234567895'), items)).toMatchObject({
      sku: 'A-1',
      by: 'ean',
    });
    expect(matchLine(line('Tazza', 1, ['8001234567895']), items)).toMatchObject({ sku: 'A-1' });
    expect(matchLine(line('Tazza 800123456789'), items)).toEqual({ kind: 'none' });
    expect(matchLine(line('x001abcdef borraccia'), items)).toMatchObject({
      sku: 'B-2',
      by: 'fnsku',
    });
    expect(matchLine(line('ASIN: B07XYZ1234'), items)).toMatchObject({ sku: 'C-3', by: 'asin' });
  });

  it('matches a description the seller confirmed once, and the code of that line', () => {
    const verdicts = new LineVerdicts([
      confirmed('MOKA-EL-2TZ', 'Caffettiera elettrica  2 tz.', ['FORN-5531']),
    ]);
    const { invoiced } = matchLines(
      [
        line('CAFFETTIERA ELETTRICA 2-TZ', 10),
        line('Caffettiera el. due tazze', 8, ['forn 5531']),
        line('Moka in alluminio 2TZ', 4),
      ],
      moka.items,
      verdicts,
    );
    expect(invoiced.get('MOKA-EL-2TZ')).toEqual({ units: 18, lines: 2 });
    expect(
      matchInvoiceToShipment(
        [invoice('2024-03-01', [['Caffettiera elettrica 2 TZ', 18]])],
        moka,
        verdicts,
      ),
    ).toEqual([]);
  });

  it('never proposes again a line the seller rejected for that SKU', () => {
    const rejected = new LineVerdicts([
      { ...confirmed('MOKA-EL-2TZ', 'Moka in alluminio 2TZ'), verdict: 'rejected' },
    ]);
    expect(matchLine(line('MOKA IN ALLUMINIO 2tz'), moka.items)).toEqual({
      kind: 'to_confirm',
      sku: 'MOKA-EL-2TZ',
    });
    expect(matchLine(line('MOKA IN ALLUMINIO 2tz'), moka.items, rejected)).toEqual({
      kind: 'none',
    });
    expect(
      matchInvoiceToShipment(
        [invoice('2024-03-01', [['Moka in alluminio 2TZ', 18]])],
        moka,
        rejected,
      ),
    ).toEqual([
      { code: 'sku_not_on_invoice', sku: 'MOKA-EL-2TZ', title: 'MOKA ELETTRICA 2TZ', missing: 18 },
    ]);
  });

  it('leaves a line that names two SKUs with the same evidence to the seller', () => {
    const items = [
      { sku: 'MUG-RED-01', title: 'Tazza rossa', missing: 1, asin: 'B000000001' },
      { sku: 'MUG-RED-01-FBA', title: 'Tazza rossa', missing: 1, asin: 'B000000001' },
    ];
    expect(matchLine(line('Tazza rossa B000000001'), items)).toEqual({
      kind: 'to_confirm',
      sku: 'MUG-RED-01',
    });
    expect(matchLine(line('Tazza rossa MUG-RED-01-FBA B000000001'), items)).toEqual({
      kind: 'evidence',
      sku: 'MUG-RED-01-FBA',
      by: 'sku',
    });
  });
});
