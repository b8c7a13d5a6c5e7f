import { PutCommand } from '@aws-sdk/lib-dynamodb';
import fs from 'node:fs';
import path from 'node:path';
import { api, stack, table } from './support/accounts';
import { objectExists, seller, uploadDocument, type Seller } from './support/proof';

/**
 * Issue 17, the supplier library: an invoice uploaded for one shipment is listed under its
 * supplier with the shipments it covers, and can be attached to another of them without a new
 * upload, once, by its owner only. Its lines name no SKU by a code, so they only resemble the
 * shipments' items until the seller confirms them (issue 29): then they count, on later
 * invoices with the same descriptions too.
 */

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(__dirname, '../fixtures/invoices', name));

/** SOCIETA' ALPHA SRL's invoice 123: tubi ritorno gasolio 2 + 1, forniture varie per ufficio 10. */
const INVOICE = 'IT01234567890_FPR02.xml';
const SUPPLIER = 'vat-IT01234567890';

interface ShipmentSeed {
  id: string;
  name: string;
  /** `spapi` for a shipment synced from Amazon (paid actions need a plan); the demo's by default. */
  source?: 'spapi' | 'demo';
  items: { sku: string; title: string; expected: number; received: number }[];
}

/** Shipments of the seller with units missing, stored as the demo sync stores its samples. */
async function seedShipments(userId: string, shipments: ShipmentSeed[]) {
  for (const shipment of shipments) {
    const expected = shipment.items.reduce((sum, i) => sum + i.expected, 0);
    const found = shipment.items.reduce((sum, i) => sum + i.received, 0);
    for (const item of shipment.items) {
      await table.send(
        new PutCommand({
          TableName: stack.dynamodb.table,
          Item: {
            PK: `USER#${userId}`,
            SK: `SHIP#${shipment.id}#ITEM#${item.sku}`,
            type: 'shipment_item',
            source: shipment.source ?? 'demo',
            user_id: userId,
            shipment_id: shipment.id,
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
          SK: `SHIP#${shipment.id}`,
          type: 'shipment',
          source: shipment.source ?? 'demo',
          user_id: userId,
          shipment_id: shipment.id,
          shipment_name: shipment.name,
          reference_id: null,
          fc_code: 'MXP5',
          status: 'CLOSED',
          closed_at_ts: '2026-10-01T10:00:00.000Z',
          last_updated_from: '2026-10-01T10:00:00.000Z',
          last_updated_to: '2026-10-01T10:00:00.000Z',
          marketplace_id: 'APJ6JRA9NG5V4',
          units_expected: expected,
          units_found: found,
          discrepancy: expected - found,
          item_count: shipment.items.length,
          synced_at: '2026-10-02T10:00:00.000Z',
        },
      }),
    );
  }
}

const SHIPMENTS: ShipmentSeed[] = [
  {
    id: 'FBATUBI1',
    name: 'Tubi settembre',
    items: [{ sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 20, received: 19 }],
  },
  {
    id: 'FBATUBI2',
    name: 'Tubi e ufficio ottobre',
    items: [
      { sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 30, received: 28 },
      { sku: 'UFF-VAR', title: 'Forniture varie per ufficio', expected: 50, received: 30 },
    ],
  },
  {
    id: 'FBATAZZE',
    name: 'Tazze novembre',
    items: [{ sku: 'TAZ-1', title: 'Tazza in ceramica 350 ml', expected: 10, received: 7 }],
  },
];

interface InvoiceView {
  document_id: string;
  shipment_id: string;
  number: string | null;
  date: string | null;
  shipments: {
    shipment_id: string;
    complete: boolean;
    document_id: string | null;
    skus: { sku: string; missing: number; invoiced: number }[];
    to_confirm: {
      sku: string;
      title: string | null;
      line: number;
      description: string;
      quantity: number | null;
    }[];
    evidence: boolean;
  }[];
}

/** The seller's verdict on line `line` of the library's invoice `documentId`. */
async function verdict(
  token: string,
  documentId: string,
  line: number,
  sku: string,
  value: 'confirmed' | 'rejected',
  language: 'it' | 'en' = 'it',
) {
  return api('POST', '/api/suppliers/line-verdicts', {
    token,
    language,
    body: { documentId, invoiceIndex: 0, line, sku, verdict: value },
  });
}

async function invoicesOf(token: string, query = '') {
  return api('GET', `/api/suppliers/${SUPPLIER}/invoices${query}`, { token });
}

describe('supplier library', () => {
  let owner: Seller;
  let documentId: string;

  beforeAll(async () => {
    owner = await seller();
    await seedShipments(owner.userId, SHIPMENTS);
    const { confirm } = await uploadDocument(owner.token, {
      name: INVOICE,
      bytes: fixture(INVOICE),
      shipmentId: 'FBATUBI1',
    });
    expect(confirm.status).toBe(200);
    documentId = (confirm.body.document as { id: string }).id;
  });

  it('lists the supplier of an uploaded invoice, and lines that only resemble items as to be confirmed', async () => {
    const list = await api('GET', '/api/suppliers', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      suppliers: [
        { id: SUPPLIER, name: "SOCIETA' ALPHA SRL", vat: 'IT01234567890', invoice_count: 1 },
      ],
      next_cursor: null,
    });

    const invoices = await invoicesOf(owner.token);
    expect(invoices.status).toBe(200);
    const [invoice] = invoices.body.invoices as InvoiceView[];
    expect(invoice).toMatchObject({
      document_id: documentId,
      shipment_id: 'FBATUBI1',
      number: '123',
      date: '2014-12-18',
    });
    // No line names a SKU by a code: the look-alikes are proposed, and nothing is counted.
    const covered = Object.fromEntries(invoice!.shipments.map((s) => [s.shipment_id, s]));
    expect(Object.keys(covered).sort()).toEqual(['FBATUBI1', 'FBATUBI2']);
    expect(covered.FBATUBI1).toMatchObject({
      complete: false,
      evidence: false,
      document_id: documentId,
      skus: [{ sku: 'TUBI-RG', missing: 1, invoiced: 0 }],
    });
    expect(covered.FBATUBI2!.to_confirm).toEqual([
      {
        sku: 'UFF-VAR',
        title: 'Forniture varie per ufficio',
        line: 1,
        description: 'FORNITURE VARIE PER UFFICIO',
        quantity: 10,
      },
      {
        sku: 'TUBI-RG',
        title: 'Tubi ritorno gasolio',
        line: 2,
        description: 'TUBI RITORNO GASOLIO',
        quantity: 2,
      },
      {
        sku: 'TUBI-RG',
        title: 'Tubi ritorno gasolio',
        line: 3,
        description: 'TUBI RITORNO GASOLIO',
        quantity: 1,
      },
    ]);
    // Not offered for attaching, and refused when asked.
    const refused = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBI2' },
      language: 'it',
    });
    expect(refused.status).toBe(422);
    // The case check of the uploaded invoice says the same, in the seller's language.
    const docs = await api('GET', '/api/documents?shipmentId=FBATUBI1', {
      token: owner.token,
      language: 'it',
    });
    const [doc] = docs.body.documents as { warnings: { code: string; message: string }[] }[];
    expect(doc!.warnings.map((w) => w.code)).toContain('sku_to_confirm');
    expect(doc!.warnings.find((w) => w.code === 'sku_to_confirm')!.message).toContain(
      '«TUBI RITORNO GASOLIO»',
    );
  });

  it('remembers the seller confirming or rejecting a line, for that SKU and description', async () => {
    // Rejected first: no longer proposed for that SKU.
    const rejected = await verdict(owner.token, documentId, 1, 'UFF-VAR', 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({
      ok: true,
      sku: 'UFF-VAR',
      verdict: 'rejected',
      description: 'FORNITURE VARIE PER UFFICIO',
    });
    let [invoice] = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    let tubi2 = invoice!.shipments.find((s) => s.shipment_id === 'FBATUBI2')!;
    expect(tubi2.to_confirm.map((l) => [l.sku, l.line])).toEqual([
      ['TUBI-RG', 2],
      ['TUBI-RG', 3],
    ]);

    // Then confirmed (the new verdict replaces it), and the pipes' one description confirmed
    // once counts for both lines that carry it.
    expect((await verdict(owner.token, documentId, 1, 'UFF-VAR', 'confirmed')).status).toBe(200);
    expect((await verdict(owner.token, documentId, 2, 'TUBI-RG', 'confirmed')).status).toBe(200);
    [invoice] = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    const covered = Object.fromEntries(invoice!.shipments.map((s) => [s.shipment_id, s]));
    expect(covered.FBATUBI1).toMatchObject({ complete: true, evidence: true, to_confirm: [] });
    tubi2 = covered.FBATUBI2!;
    expect(tubi2).toMatchObject({ complete: false, evidence: true, to_confirm: [] });
    expect(tubi2.skus).toEqual([
      { sku: 'TUBI-RG', missing: 2, invoiced: 3 },
      { sku: 'UFF-VAR', missing: 20, invoiced: 10 },
    ]);
    const docs = await api('GET', '/api/documents?shipmentId=FBATUBI1', { token: owner.token });
    expect((docs.body.documents as { warnings: unknown[] }[])[0]!.warnings).toEqual([]);
  });

  it("takes a verdict only on a line of the caller's own invoice and one of their SKUs", async () => {
    const noSku = await verdict(owner.token, documentId, 2, 'NOT-MINE', 'confirmed', 'en');
    expect(noSku.status).toBe(404);
    expect(noSku.body.message).toBe('This SKU is not among those of your shipments.');
    const noLine = await verdict(owner.token, documentId, 40, 'TUBI-RG', 'confirmed');
    expect(noLine.status).toBe(404);
    expect(noLine.body.message).toBe('Questa riga non è più tra le righe della fattura.');
    const bad = await api('POST', '/api/suppliers/line-verdicts', {
      token: owner.token,
      language: 'it',
      body: { documentId, invoiceIndex: 0, line: -1, sku: 'TUBI-RG', verdict: 'maybe' },
    });
    expect(bad.status).toBe(400);
    const other = await seller();
    await seedShipments(other.userId, SHIPMENTS);
    const stranger = await verdict(other.token, documentId, 2, 'TUBI-RG', 'rejected');
    expect(stranger.status).toBe(404);
    // The owner's confirmation still stands.
    const [invoice] = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    expect(invoice!.shipments.find((s) => s.shipment_id === 'FBATUBI1')!.complete).toBe(true);
  });

  it('attaches the invoice to a second shipment once, as a copy of the stored file', async () => {
    const attached = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBI2' },
    });
    expect(attached.status).toBe(200);
    const copy = attached.body.document as { id: string; path: string; shipment_id: string };
    expect(copy.shipment_id).toBe('FBATUBI2');
    expect(copy.path).toMatch(new RegExp(`^${owner.userId}/shipments/FBATUBI2/fattura/`));
    expect(await objectExists(copy.path)).toBe(true);
    expect(attached.body.case).toMatchObject({
      shipment_id: 'FBATUBI2',
      role: 'rivenditore',
      normalized_status: 'ready',
    });

    const again = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBI2' },
      language: 'it',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La fattura è già allegata al caso di questa spedizione.');
    const docs = await api('GET', '/api/documents?shipmentId=FBATUBI2', { token: owner.token });
    expect(docs.body.documents).toHaveLength(1);

    const invoices = await invoicesOf(owner.token);
    const [invoice] = invoices.body.invoices as InvoiceView[];
    expect(invoice!.shipments.find((s) => s.shipment_id === 'FBATUBI2')!.document_id).toBe(copy.id);

    // Deleting the copy frees the shipment: the invoice can be attached there again.
    const removed = await api('DELETE', `/api/documents/${copy.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(await objectExists(copy.path)).toBe(false);
    const freed = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    expect(freed[0]!.shipments.find((s) => s.shipment_id === 'FBATUBI2')!.document_id).toBeNull();
    const reattached = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBI2' },
    });
    expect(reattached.status).toBe(200);
  });

  it('keeps one copy of a file: uploaded again, or attached where it was uploaded', async () => {
    const again = await uploadDocument(owner.token, {
      name: 'copia.xml',
      bytes: fixture(INVOICE),
      shipmentId: 'FBATUBI1',
    });
    expect(again.confirm.status).toBe(409);
    expect(again.confirm.body.message).toMatch(/^Hai già caricato questo file .*\(.+\.xml\)\.$/);
    const docs = await api('GET', '/api/documents?shipmentId=FBATUBI1', { token: owner.token });
    expect(docs.body.documents).toHaveLength(1);

    // Uploaded by hand to another shipment, under another name: the library's one invoice,
    // listed with that shipment's copy, and never attached there a second time.
    await seedShipments(owner.userId, [
      {
        id: 'FBATUBI3',
        name: 'Tubi dicembre',
        items: [{ sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 8, received: 6 }],
      },
    ]);
    const byHand = await uploadDocument(owner.token, {
      name: 'fattura-alpha.xml',
      bytes: fixture(INVOICE),
      shipmentId: 'FBATUBI3',
    });
    expect(byHand.confirm.status).toBe(200);
    const handCopy = byHand.confirm.body.document as { id: string; filename: string };
    expect(handCopy.filename).toBe('fattura-alpha.xml');
    const suppliers = await api('GET', '/api/suppliers', { token: owner.token });
    expect(suppliers.body.suppliers).toMatchObject([{ id: SUPPLIER, invoice_count: 1 }]);
    const listed = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.shipments.find((s) => s.shipment_id === 'FBATUBI3')!.document_id).toBe(
      handCopy.id,
    );
    const attached = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBI3' },
      language: 'en',
    });
    expect(attached.status).toBe(409);
    const third = await api('GET', '/api/documents?shipmentId=FBATUBI3', { token: owner.token });
    expect(third.body.documents).toHaveLength(1);

    // Deleted from that shipment, the copy leaves the library's invoice where it was.
    expect(
      (await api('DELETE', `/api/documents/${handCopy.id}`, { token: owner.token })).status,
    ).toBe(200);
    const after = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    expect(after).toHaveLength(1);
    expect(after[0]!.document_id).toBe(documentId);
    expect(after[0]!.shipments.find((s) => s.shipment_id === 'FBATUBI3')!.document_id).toBeNull();
  });

  it('refuses a shipment the invoice does not cover, in the seller language', async () => {
    const refused = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATAZZE' },
      language: 'en',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'The invoice has none of the missing items of this shipment.',
    );
    const docs = await api('GET', '/api/documents?shipmentId=FBATAZZE', { token: owner.token });
    expect(docs.body.documents).toHaveLength(0);
  });

  it('keeps the rules of an upload: a plan for a synced shipment, the case size limit', async () => {
    await seedShipments(owner.userId, [
      {
        id: 'FBATUBISYNC',
        name: 'Tubi sincronizzati',
        source: 'spapi',
        items: [{ sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 10, received: 9 }],
      },
      {
        id: 'FBATUBIFULL',
        name: 'Tubi con caso pieno',
        items: [{ sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 10, received: 8 }],
      },
    ]);
    const unpaid = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBISYNC' },
      language: 'it',
    });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.details).toMatchObject({ reason: 'no_plan' });

    // The case already holds 25 MB of documents: one more file would not fit one email.
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: {
          PK: `USER#${owner.userId}`,
          SK: 'DOC#FBATUBIFULL#2026-10-05T10:00:00.000Z#big-photo',
          type: 'case_document',
          id: 'big-photo',
          user_id: owner.userId,
          shipment_id: 'FBATUBIFULL',
          doc_type: 'foto_pacco',
          path: `${owner.userId}/shipments/FBATUBIFULL/foto_pacco/2026/10/1_pacco.jpg`,
          filename: 'pacco.jpg',
          size: 25 * 1024 * 1024,
          content_type: 'image/jpeg',
          created_at: '2026-10-05T10:00:00.000Z',
          reading: null,
        },
      }),
    );
    const full = await api('POST', `/api/documents/${documentId}/attach`, {
      token: owner.token,
      body: { shipmentId: 'FBATUBIFULL' },
      language: 'en',
    });
    expect(full.status).toBe(413);
    expect(full.body.details).toMatchObject({ reason: 'case_too_large' });
    for (const shipmentId of ['FBATUBISYNC', 'FBATUBIFULL']) {
      const docs = await api('GET', `/api/documents?shipmentId=${shipmentId}`, {
        token: owner.token,
      });
      expect((docs.body.documents as { doc_type: string }[]).map((d) => d.doc_type)).toEqual(
        shipmentId === 'FBATUBIFULL' ? ['foto_pacco'] : [],
      );
    }
  });

  it("another seller neither sees the library nor attaches the owner's invoice", async () => {
    const other = await seller();
    await seedShipments(other.userId, SHIPMENTS);
    const list = await api('GET', '/api/suppliers', { token: other.token });
    expect(list.body).toEqual({ suppliers: [], next_cursor: null });
    expect((await invoicesOf(other.token)).status).toBe(404);
    const attach = await api('POST', `/api/documents/${documentId}/attach`, {
      token: other.token,
      body: { shipmentId: 'FBATUBI2' },
    });
    expect(attach.status).toBe(404);
    const docs = await api('GET', '/api/documents?shipmentId=FBATUBI2', { token: other.token });
    expect(docs.body.documents).toHaveLength(0);
    // A cursor of the owner's listing reads nothing of the owner's either.
    const firstPage = await invoicesOf(owner.token, '?limit=1');
    const cursor = firstPage.body.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const stolen = await api('GET', `/api/suppliers/${SUPPLIER}/invoices?cursor=${cursor}`, {
      token: other.token,
    });
    expect(stolen.status).toBe(404);
  });

  it("matches a later invoice with a confirmed description by the seller's word, at once", async () => {
    await seedShipments(owner.userId, [
      {
        id: 'FBATUBI4',
        name: 'Tubi gennaio',
        items: [{ sku: 'TUBI-RG', title: 'Tubi ritorno gasolio', expected: 5, received: 2 }],
      },
    ]);
    const second = await uploadDocument(owner.token, {
      name: 'IT01234567890_FPA02.xml',
      bytes: fixture('IT01234567890_FPA02.xml'),
      shipmentId: 'FBATUBI4',
    });
    expect(second.confirm.status).toBe(200);
    expect((second.confirm.body.document as { warnings: unknown[] }).warnings).toEqual([]);
    const listed = (await invoicesOf(owner.token)).body.invoices as InvoiceView[];
    const fpa = listed.find((i) => i.shipment_id === 'FBATUBI4')!;
    expect(fpa.shipments.find((s) => s.shipment_id === 'FBATUBI4')).toMatchObject({
      skus: [{ sku: 'TUBI-RG', missing: 3, invoiced: 3 }],
      to_confirm: [],
      evidence: true,
      complete: true,
    });
  });

  it('pages the invoices with a cursor, and refuses a malformed query', async () => {
    const pager = await seller();
    await seedShipments(pager.userId, SHIPMENTS);
    // Two invoices of one supplier confirmed at the same moment: both count.
    const uploads = await Promise.all(
      [INVOICE, 'IT01234567890_FPA02.xml'].map((name) =>
        uploadDocument(pager.token, { name, bytes: fixture(name), shipmentId: 'FBATUBI1' }),
      ),
    );
    expect(uploads.map((u) => u.confirm.status)).toEqual([200, 200]);
    const suppliers = await api('GET', '/api/suppliers', { token: pager.token });
    expect(suppliers.body.suppliers).toMatchObject([{ id: SUPPLIER, invoice_count: 2 }]);

    const first = await invoicesOf(pager.token, '?limit=1');
    expect(first.body.invoices).toHaveLength(1);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await invoicesOf(pager.token, `?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.invoices).toHaveLength(1);
    const ids = [first, second].map((p) => (p.body.invoices as InvoiceView[])[0]!.document_id);
    expect(new Set(ids).size).toBe(2);

    const bad = await api('GET', '/api/suppliers?limit=500', {
      token: pager.token,
      language: 'it',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Richiesta non valida: ricarica la pagina dei fornitori.');

    // Deleting an uploaded invoice takes it out of the library.
    for (const id of ids) {
      expect((await api('DELETE', `/api/documents/${id}`, { token: pager.token })).status).toBe(
        200,
      );
    }
    const empty = await api('GET', '/api/suppliers', { token: pager.token });
    expect(empty.body).toEqual({ suppliers: [], next_cursor: null });

    // The same file uploaded again, to another shipment, is the library's invoice anew.
    const anew = await uploadDocument(pager.token, {
      name: INVOICE,
      bytes: fixture(INVOICE),
      shipmentId: 'FBATUBI2',
    });
    expect(anew.confirm.status).toBe(200);
    const back = (await invoicesOf(pager.token)).body.invoices as InvoiceView[];
    expect(back.map((i) => [i.document_id, i.shipment_id])).toEqual([
      [(anew.confirm.body.document as { id: string }).id, 'FBATUBI2'],
    ]);
  });
});
