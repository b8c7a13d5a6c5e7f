import type { Invoice } from './fattura-pa';
import { matchInvoiceToShipment } from './invoice-match';

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
          ['Tazza ceramica rossa 350ml', 4],
          ['Art. MUG-RED-01 tazza', 2],
        ]),
        invoice('2024-03-10', [['Maglietta in cotone NERA tg. M', 10]], '2'),
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
          ['Tazza ceramica rossa', 2],
          ['Tazza ceramica rossa', 1],
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

  it('matches by article code and counts each line once, for its best SKU', () => {
    const warnings = matchInvoiceToShipment(
      [
        invoice('2024-03-01', [
          ['Articolo vario', 5, ['mug-red-01']],
          ['Maglietta cotone nera taglia M (non tazza)', 3],
        ]),
      ],
      shipment,
    );
    expect(warnings).toEqual([]);
  });

  it('says so when the invoices have no lines to check', () => {
    expect(
      matchInvoiceToShipment([{ ...invoice('2024-03-01', []), source: 'pdf' }], shipment),
    ).toEqual([{ code: 'lines_not_readable' }]);
  });
});
