import './support/sync-env';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { listSkuValues } from '../../lambdas/adapters/dynamo/sku-values';
import { api, stack, table } from './support/accounts';
import { seller, uploadDocument, type Seller } from './support/proof';

/**
 * Issue 31, unit costs: a FatturaPA invoice whose line names a SKU by its article code gives
 * that SKU its unit cost on the Costi screen, with the invoice as its source, proposed until the
 * seller confirms it; once confirmed, it is the value the audit reads (`listSkuValues`). A line
 * that only resembles a SKU gives nothing; the seller's own figure is held as theirs.
 */

const DAY_MS = 86_400_000;
const invoiceDate = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);

/** An invoice of Ceramiche Rossi: 10 mugs by SKU code (45.00 EUR), 4 plates by description only. */
function fattura(number: string, date: string): Uint8Array {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Ceramiche Rossi SRL</Denominazione></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Negozio Online SRL</Denominazione></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali><DatiGeneraliDocumento>
      <TipoDocumento>TD01</TipoDocumento><Divisa>EUR</Divisa>
      <Data>${date}</Data><Numero>${number}</Numero>
    </DatiGeneraliDocumento></DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <CodiceArticolo><CodiceTipo>SKU</CodiceTipo><CodiceValore>COST-MUG-01</CodiceValore></CodiceArticolo>
        <Descrizione>Tazza mug rossa</Descrizione>
        <Quantita>10.00</Quantita><PrezzoUnitario>4.50</PrezzoUnitario>
        <PrezzoTotale>45.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DettaglioLinee>
        <NumeroLinea>2</NumeroLinea>
        <Descrizione>Piatto piano ceramica bianca</Descrizione>
        <Quantita>4.00</Quantita><PrezzoUnitario>3.00</PrezzoUnitario>
        <PrezzoTotale>12.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
    </DatiBeniServizi>
  </FatturaElettronicaBody>
</p:FatturaElettronica>`;
  return new TextEncoder().encode(xml);
}

const ITEMS = [
  { sku: 'COST-MUG-01', title: 'Tazza mug rossa', expected: 10, received: 8 },
  { sku: 'COST-PLATE-W', title: 'Piatto piano ceramica bianca', expected: 4, received: 4 },
];

/** One shipment of the seller with the two SKUs, stored as the demo sync stores its samples. */
async function seedShipment(userId: string) {
  for (const item of ITEMS) {
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: {
          PK: `USER#${userId}`,
          SK: `SHIP#FBACOST1#ITEM#${item.sku}`,
          type: 'shipment_item',
          source: 'demo',
          user_id: userId,
          shipment_id: 'FBACOST1',
          marketplace_id: 'APJ6JRA9NG5V4',
          sku: item.sku,
          asin: null,
          title: item.title,
          units_expected: item.expected,
          units_found: item.received,
          discrepancy: item.expected - item.received,
        },
      }),
    );
  }
  await table.send(
    new PutCommand({
      TableName: stack.dynamodb.table,
      Item: {
        PK: `USER#${userId}`,
        SK: 'SHIP#FBACOST1',
        type: 'shipment',
        source: 'demo',
        user_id: userId,
        shipment_id: 'FBACOST1',
        shipment_name: 'Ceramiche ottobre',
        reference_id: null,
        fc_code: 'MXP5',
        status: 'CLOSED',
        closed_at_ts: '2026-10-01T10:00:00.000Z',
        last_updated_from: '2026-10-01T10:00:00.000Z',
        last_updated_to: '2026-10-01T10:00:00.000Z',
        marketplace_id: 'APJ6JRA9NG5V4',
        units_expected: 14,
        units_found: 12,
        discrepancy: 2,
        item_count: 2,
        synced_at: '2026-10-02T10:00:00.000Z',
      },
    }),
  );
}

interface CostView {
  sku: string;
  amount: number | null;
  currency: string | null;
  state: string;
  counts: boolean;
  invoice: { document_id: string; number: string | null; date: string; line: number } | null;
  proposal: { amount: number; invoice: { document_id: string; line: number } } | null;
}

async function costs(token: string, query = '') {
  const res = await api('GET', `/api/unit-costs${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as { costs: CostView[]; next_cursor: string | null; total: number };
}

describe('unit costs from the seller invoices (Costi)', () => {
  let owner: Seller;
  let documentId: string;

  beforeAll(async () => {
    owner = await seller();
    await seedShipment(owner.userId);
    const { confirm } = await uploadDocument(owner.token, {
      name: 'fattura-ceramiche.xml',
      bytes: fattura('FT-77', invoiceDate),
      shipmentId: 'FBACOST1',
    });
    expect(confirm.status).toBe(200);
    documentId = (confirm.body.document as { id: string }).id;
  });

  it('proposes the cost of the line naming the SKU, with the invoice as source; confirmed, the audit reads it', async () => {
    const page = await costs(owner.token);
    const bySku = Object.fromEntries(page.costs.map((c) => [c.sku, c]));
    expect(bySku['COST-MUG-01']).toMatchObject({
      amount: 4.5,
      currency: 'EUR',
      state: 'proposed',
      counts: false,
      invoice: { document_id: documentId, number: 'FT-77', date: invoiceDate, line: 1 },
    });
    // The plates' line only resembles their title: no cost until the seller confirms the line.
    expect(bySku['COST-PLATE-W']).toMatchObject({ amount: null, state: 'missing' });
    expect(await listSkuValues(owner.userId)).toEqual([]);

    const confirmed = await api('PUT', '/api/unit-costs', {
      token: owner.token,
      body: {
        action: 'confirm',
        sku: 'COST-MUG-01',
        document_id: documentId,
        invoice_index: 0,
        line: 1,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.cost).toMatchObject({ state: 'confirmed', counts: true, amount: 4.5 });

    const held = await listSkuValues(owner.userId);
    expect(held).toEqual([
      expect.objectContaining({
        sku: 'COST-MUG-01',
        amount: 4.5,
        currency: 'EUR',
        state: 'confirmed',
        invoice: expect.objectContaining({ documentId, number: 'FT-77', line: 1 }),
      }),
    ]);
  });

  it("refuses to confirm a line that is not the SKU's invoice cost, and a bad correction, in the caller's language", async () => {
    const wrongLine = await api('PUT', '/api/unit-costs', {
      token: owner.token,
      language: 'en',
      body: {
        action: 'confirm',
        sku: 'COST-PLATE-W',
        document_id: documentId,
        invoice_index: 0,
        line: 2,
      },
    });
    expect(wrongLine.status).toBe(409);
    expect(wrongLine.body.message).toMatch(/invoice cost has changed/);
    const bad = await api('PUT', '/api/unit-costs', {
      token: owner.token,
      body: { action: 'correct', sku: 'COST-MUG-01', amount: -3, currency: 'EUR' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/costo positivo/);
  });

  it("the seller's correction is held as theirs and wins", async () => {
    const corrected = await api('PUT', '/api/unit-costs', {
      token: owner.token,
      body: { action: 'correct', sku: 'COST-MUG-01', amount: 5.2, currency: 'eur' },
    });
    expect(corrected.status).toBe(200);
    const page = await costs(owner.token, '?limit=1');
    expect(page.total).toBe(2);
    expect(page.costs).toEqual([
      expect.objectContaining({
        sku: 'COST-MUG-01',
        amount: 5.2,
        state: 'corrected',
        proposal: null,
      }),
    ]);
    const next = await costs(owner.token, `?limit=1&cursor=${page.next_cursor}`);
    expect(next.costs.map((c) => c.sku)).toEqual(['COST-PLATE-W']);
    expect(next.next_cursor).toBeNull();
    expect(await listSkuValues(owner.userId)).toEqual([
      expect.objectContaining({
        sku: 'COST-MUG-01',
        amount: 5.2,
        currency: 'EUR',
        state: 'corrected',
      }),
    ]);
  });
});

/** A one-page PDF invoice whose table cells are drawn where a supplier's tool sets them. */
async function pdfInvoice(
  title: string,
  date: string,
  rows: [number, string][][],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  const [day, month, year] = date.split('-').reverse();
  const lines: [number, string][][] = [
    [[40, 'Ceramiche Rossi S.r.l. - Via Roma 1, Milano - P.IVA IT01234567890']],
    [[40, `${title} del ${day}/${month}/${year}`]],
    [
      [40, 'Codice'],
      [140, 'Descrizione'],
      [330, 'Quantità'],
      [410, 'Prezzo'],
      [490, 'Importo'],
    ],
    ...rows,
    [[40, 'Imponibile 99,00   IVA 22% 21,78   Totale documento 120,78']],
  ];
  lines.forEach((cells, i) =>
    cells.forEach(([x, text]) => page.drawText(text, { x, y: 800 - i * 16, size: 11, font })),
  );
  return pdf.save();
}

describe('unit costs from PDF invoice lines', () => {
  it('a PDF row naming the SKU, whose quantity times price gives its total, proposes its cost; a credit note and a row that does not add up give none', async () => {
    const owner = await seller();
    await seedShipment(owner.userId);
    const noteDate = new Date(Date.now() - 10 * DAY_MS).toISOString().slice(0, 10);
    const note = await uploadDocument(owner.token, {
      name: 'nota-di-credito.pdf',
      // Dated after the invoice: were it an invoice, its cost would be the latest.
      bytes: await pdfInvoice('NOTA DI CREDITO N. NC-3', noteDate, [
        [
          [40, 'COST-PLATE-W'],
          [140, 'Piatto piano bianco'],
          [350, '4'],
          [410, '9,00 €'],
          [490, '36,00 €'],
        ],
      ]),
      shipmentId: 'FBACOST1',
    });
    expect(note.confirm.status).toBe(200);
    const { confirm } = await uploadDocument(owner.token, {
      name: 'fattura-rossi.pdf',
      bytes: await pdfInvoice('FATTURA N. PDF-12', invoiceDate, [
        [
          [40, 'COST-PLATE-W'],
          [140, 'Piatto piano bianco'],
          [350, '4'],
          [410, '7,25 €'],
          [490, '29,00 €'],
        ],
        [
          [40, 'COST-MUG-01'],
          [140, 'Tazza mug rossa'],
          [350, '10'],
          [410, '7,00 €'],
          [490, '63,00 €'],
        ],
      ]),
      shipmentId: 'FBACOST1',
    });
    expect(confirm.status).toBe(200);
    const documentId = (confirm.body.document as { id: string }).id;
    const page = await costs(owner.token);
    const bySku = Object.fromEntries(page.costs.map((c) => [c.sku, c]));
    expect(bySku['COST-PLATE-W']).toMatchObject({
      amount: 7.25,
      currency: 'EUR',
      state: 'proposed',
      counts: false,
      invoice: { document_id: documentId, number: 'PDF-12', date: invoiceDate, line: 1 },
    });
    expect(bySku['COST-MUG-01']).toMatchObject({ amount: null, state: 'missing' });
  });
});
