import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  api,
  mailsTo,
  makeAdmin,
  signInWithPassword,
  stack,
  table,
  waitForMail,
} from './support/accounts';
import { objectExists, REAL_SHIPMENT, realSeller, seller, uploadDocument } from './support/proof';

/** A 1x1 PNG, as a phone photo would be (only the signature and header matter to the check). */
const pngPhoto = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x08,
  0xd7, 0x63, 0xf8, 0xcf, 0xc0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xdd, 0x8d, 0xb0, 0, 0, 0, 0, 0x49,
  0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

async function rows(userId: string, prefix: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: stack.dynamodb.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

async function invoicePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'FATTURA N. 2025/118 del 02/09/2025',
    'Fornitore: Ceramiche Rossi S.r.l. P.IVA IT01234567890',
    'Cliente: Negozio Demo S.r.l.',
    'Tazza in ceramica 350 ml  quantita 48 PZ',
    'Set 6 sottobicchieri in sughero  quantita 60 PZ',
  ];
  lines.forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 11, font }));
  return pdf.save();
}

describe('case documents', () => {
  it('upload, confirm: the document row, its audit row and the case ready with the role', async () => {
    const user = await seller();
    const { confirm } = await uploadDocument(user.token, {
      name: 'Fattura Rossi.PDF',
      bytes: await invoicePdf(),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.case).toMatchObject({
      shipment_id: 'DEMO001',
      role: 'rivenditore',
      status: 'ready',
      normalized_status: 'ready',
    });
    const docs = await rows(user.userId, 'DOC#');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ doc_type: 'fattura', filename: 'fattura_rossi.pdf' });
    const audits = await rows(user.userId, 'AUDIT#');
    expect(audits[0]).toMatchObject({
      action: 'upload_document',
      meta: { shipment_id: 'DEMO001', doc_type: 'fattura' },
    });

    const list = await api('GET', '/api/documents?shipmentId=DEMO001', { token: user.token });
    expect((list.body.documents as unknown[]).length).toBe(1);
  });

  it('reads an electronic invoice and warns when it does not cover the missing units', async () => {
    const user = await seller();
    const bytes = fs.readFileSync(
      path.resolve(__dirname, '../fixtures/invoices/IT01234567890_FPR02.xml'),
    );
    const { confirm } = await uploadDocument(user.token, {
      name: 'IT01234567890_FPR02.xml',
      bytes,
    });
    expect(confirm.status).toBe(200);
    const document = confirm.body.document as {
      reading: { kind: string; invoices: { number: string; lines: number }[] };
      warnings: { code: string; message: string }[];
    };
    expect(document.reading.kind).toBe('fattura');
    expect(document.reading.invoices[0]).toMatchObject({ lines: 4 });
    // DEMO001 misses one 'TAZ-CER-350' and one 'SOTT-SUGH-6'; this supplier sold neither.
    const skuWarnings = document.warnings.filter((w) => w.code === 'sku_not_on_invoice');
    expect(skuWarnings.map((w) => w.message)).toEqual([
      expect.stringContaining('TAZ-CER-350'),
      expect.stringContaining('SOTT-SUGH-6'),
    ]);
    const list = await api('GET', '/api/documents?shipmentId=DEMO001', { token: user.token });
    expect((list.body.documents as { warnings: unknown[] }[])[0]?.warnings).toEqual(
      document.warnings,
    );
  });

  it("reads a producer's packing list and warns, in the seller's language, that it is dated after the shipment", async () => {
    const user = await seller();
    const pdf = await PDFDocument.create();
    const page = pdf.addPage();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    // Each row's cells at their columns, as a form prints them.
    const rows: [string, number][][] = [
      [['Ceramiche Rossi S.r.l. - Via Roma 1, 20121 Milano', 40]],
      [['DOCUMENTO DI TRASPORTO', 40]],
      [['DDT n. 318/2026 del 15/09/2026', 40]],
      [['Destinatario: Negozio Demo S.r.l.', 40]],
      [
        ['Descrizione', 40],
        ['Colli', 330],
        ['Quantita', 400],
      ],
      [
        ['TAZ-CER-350 Tazza in ceramica 350 ml', 40],
        ['4', 335],
        ['48', 410],
      ],
      [
        ['SOTT-SUGH-6 Set 6 sottobicchieri in sughero', 40],
        ['5', 335],
        ['60', 410],
      ],
      [['Firma del vettore', 40]],
    ];
    rows.forEach((cells, i) =>
      cells.forEach(([text, x]) => page.drawText(text, { x, y: 780 - i * 20, size: 11, font })),
    );
    const { confirm } = await uploadDocument(user.token, {
      name: 'DDT 318.pdf',
      bytes: await pdf.save(),
      role: 'produttore',
      docType: 'distinta_imballaggio',
      language: 'en',
    });
    expect(confirm.status).toBe(200);
    const document = confirm.body.document as {
      reading: { kind: string; invoices: { number: string; date: string; lines: number }[] };
      warnings: { code: string; message: string }[];
    };
    expect(document.reading.kind).toBe('ddt');
    expect(document.reading.invoices).toMatchObject([
      { number: '318/2026', date: '2026-09-15', lines: 2 },
    ]);
    // DEMO001 was created on 8 September 2026; the two missing units are on the list.
    expect(document.warnings).toEqual([
      {
        code: 'packing_list_after_shipment',
        message:
          'Packing list 318/2026 is dated 15/09/2026, after the shipment (08/09/2026): Amazon asks for a packing list dated no later than the shipment.',
      },
    ]);
    const list = await api('GET', '/api/documents?shipmentId=DEMO001', {
      token: user.token,
      language: 'it',
    });
    expect((list.body.documents as { warnings: { message: string }[] }[])[0]?.warnings).toEqual([
      {
        code: 'packing_list_after_shipment',
        message:
          'La distinta 318/2026 è datata 15/09/2026, dopo la spedizione (08/09/2026): Amazon chiede una distinta con data non successiva alla spedizione.',
      },
    ]);
  });

  it.each([
    [
      'PNG bytes',
      Uint8Array.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
      ]),
    ],
    [
      'executable bytes',
      Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
    ],
  ])('refuses a .pdf holding %s, deletes the file and writes nothing', async (_label, bytes) => {
    const user = await seller();
    const { path, confirm } = await uploadDocument(user.token, { name: 'invoice.pdf', bytes });
    expect(confirm.status).toBe(422);
    expect(confirm.body.details).toMatchObject({ reason: 'content_mismatch' });
    expect(await rows(user.userId, 'DOC#')).toHaveLength(0);
    expect(await rows(user.userId, 'CASE#')).toHaveLength(0);
    expect(await objectExists(path)).toBe(false);
  });

  it.each([
    [
      'nested 100,000 deep',
      `<?xml version="1.0"?>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`,
    ],
    [
      'with 300,000 elements',
      `<?xml version="1.0"?><FatturaElettronica>${'<b/>'.repeat(300_000)}</FatturaElettronica>`,
    ],
  ])(
    'refuses an XML file %s with a 422, deletes the upload and writes nothing',
    async (_label, xml) => {
      const user = await seller();
      const bytes = new Uint8Array(Buffer.from(xml));
      const { path, confirm } = await uploadDocument(user.token, { name: 'fattura.xml', bytes });
      expect(confirm.status).toBe(422);
      expect(confirm.body.details).toMatchObject({ reason: 'xml_too_complex' });
      expect(await rows(user.userId, 'DOC#')).toHaveLength(0);
      expect(await objectExists(path)).toBe(false);
    },
  );

  it('a parcel photo may be a GIF; the photo slot refuses a PDF and the invoice slot a GIF', async () => {
    const user = await seller();
    // A 1x1 GIF89a, as a phone or an old scanner writes it.
    const gif = Uint8Array.from([
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21,
      0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b,
    ]);
    const { confirm } = await uploadDocument(user.token, {
      name: 'Pacco sul bancale.GIF',
      bytes: gif,
      docType: 'foto_pacco',
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.document).toMatchObject({
      doc_type: 'foto_pacco',
      filename: 'pacco_sul_bancale.gif',
      reading: { kind: 'foto' },
    });

    const ask = (docType: string, fileName: string) =>
      api('POST', '/api/documents/upload-url', {
        token: user.token,
        language: 'it',
        body: { shipmentId: 'DEMO001', role: 'rivenditore', docType, fileName, size: 2048 },
      });
    const pdfPhoto = await ask('foto_pacco', 'foto.pdf');
    expect(pdfPhoto.status).toBe(422);
    expect(pdfPhoto.body.message).toBe(
      'Formato non supportato. Formati supportati: JPG, JPEG, PNG, GIF',
    );
    const gifInvoice = await ask('fattura', 'fattura.gif');
    expect(gifInvoice.status).toBe(422);
    expect(gifInvoice.body.message).toContain('PDF');
    expect(gifInvoice.body.message).not.toContain('GIF');
  });

  it('refuses a 21 MB file', async () => {
    const user = await seller();
    const res = await api('POST', '/api/documents/upload-url', {
      token: user.token,
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'big.pdf',
        size: 21 * 1024 * 1024,
      },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('20MB');
  });

  it("gives 422 and writes nothing for another user's document path", async () => {
    const owner = await seller();
    const other = await seller();
    const { path } = await uploadDocument(owner.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
    });

    const confirm = await api('POST', '/api/documents/confirm', {
      token: other.token,
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path },
    });
    expect(confirm.status).toBe(422);
    // api-cases is the admins' diagnostic route: even an admin cannot use another's document.
    await makeAdmin(other.email);
    const adminToken = (await signInWithPassword(other.email, other.password)).AccessToken!;
    const cases = await api('POST', '/api/api-cases', {
      token: adminToken,
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        documentPath: `${stack.s3.bucket}/${path}`,
      },
    });
    expect(cases.status).toBe(422);
    expect(await rows(other.userId, 'DOC#')).toHaveLength(0);
    expect(await rows(other.userId, 'CASE#')).toHaveLength(0);
    expect(await rows(other.userId, 'AUDIT#')).toHaveLength(0);
    expect(await objectExists(path)).toBe(true);
  });

  it('the upload link cannot change a confirmed document: confirm stores the bytes it checked', async () => {
    const user = await seller();
    const original = await invoicePdf();
    const { path, uploadPath, upload, confirm } = await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: original,
    });
    expect(confirm.status).toBe(200);
    expect(path).not.toBe(uploadPath);
    expect(path.startsWith(`${user.userId}/shipments/DEMO001/fattura/`)).toBe(true);
    expect(await objectExists(uploadPath)).toBe(false);

    // The presigned PUT is still within its 15 minutes: the same link, other bytes of the
    // same size and type.
    const swapped = Buffer.alloc(original.length, 0x20);
    swapped.write('%PDF-1.4\n% not the invoice that was checked\n');
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: swapped });
    expect(put.ok).toBe(true);

    const id = (confirm.body.document as { id: string }).id;
    const dl = await api('GET', `/api/documents/${id}/download-url`, { token: user.token });
    const stored = new Uint8Array(await (await fetch(dl.body.url as string)).arrayBuffer());
    expect(Buffer.from(stored).equals(Buffer.from(original))).toBe(true);
    // One upload, one document: confirming the swapped upload again is refused and removes it.
    const again = await api('POST', '/api/documents/confirm', {
      token: user.token,
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path: uploadPath },
    });
    expect(again.status).toBe(422);
    expect(await rows(user.userId, 'DOC#')).toHaveLength(1);
    expect(await objectExists(uploadPath)).toBe(false);
    const first = await fetch(dl.body.url as string);
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(original))).toBe(true);
  });

  it('a stored document path is not an upload: confirming it is refused', async () => {
    const user = await seller();
    const { path } = await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
    });
    const res = await api('POST', '/api/documents/confirm', {
      token: user.token,
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path },
    });
    expect(res.status).toBe(422);
    expect(await rows(user.userId, 'DOC#')).toHaveLength(1);
    expect(await objectExists(path)).toBe(true);
  });

  it('delete removes the file and the row', async () => {
    const user = await seller();
    const { path, confirm } = await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
    });
    const id = (confirm.body.document as { id: string }).id;
    const dl = await api('GET', `/api/documents/${id}/download-url`, { token: user.token });
    expect(dl.body.expiresIn).toBe(3600);
    expect((await fetch(dl.body.url as string)).status).toBe(200);

    const del = await api('DELETE', `/api/documents/${id}`, { token: user.token });
    expect(del.status).toBe(200);
    expect(await rows(user.userId, 'DOC#')).toHaveLength(0);
    expect(await objectExists(path)).toBe(false);
  });
});

describe('submit-reimbursement', () => {
  it('needs a document: 422 without one', async () => {
    const user = await seller();
    const res = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      body: { shipmentId: 'DEMO002' },
    });
    expect(res.status).toBe(422);
  });

  it("refuses a draft and a submission while the role's mandatory document is missing", async () => {
    const user = await seller();
    // A parcel photo alone makes a reseller's case, but not its invoice.
    const { confirm } = await uploadDocument(user.token, {
      name: 'pacco.png',
      bytes: pngPhoto,
      docType: 'foto_pacco',
    });
    expect(confirm.status).toBe(200);
    const draft = await api('POST', '/api/generate-case-draft', {
      token: user.token,
      language: 'it',
      body: { shipment_id: 'DEMO001' },
    });
    expect(draft.status).toBe(422);
    expect(draft.body.message).toBe(
      "Carica tutti i documenti obbligatori per chiedere il rimborso: manca Fattura d'acquisto.",
    );
    const asProducer = await api('POST', '/api/generate-case-draft', {
      token: user.token,
      language: 'en',
      body: { shipment_id: 'DEMO001', role: 'produttore' },
    });
    expect(asProducer.status).toBe(422);
    expect(asProducer.body.message).toContain('Packing list');
    const submit = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      language: 'en',
      body: { shipmentId: 'DEMO001' },
    });
    expect(submit.status).toBe(422);
    expect(submit.body.details).toMatchObject({
      reason: 'required_documents_missing',
      missing: ['fattura'],
    });
    expect(submit.body.message).toContain('Purchase invoice');

    // With the invoice the same case drafts.
    await uploadDocument(user.token, { name: 'fattura.pdf', bytes: await invoicePdf() });
    const ready = await api('POST', '/api/generate-case-draft', {
      token: user.token,
      body: { shipment_id: 'DEMO001' },
    });
    expect(ready.status).toBe(200);
  });

  it('50 concurrent submissions: one created, 49 reused, exactly one email with the attachment', async () => {
    const user = await realSeller();
    await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/api/submit-reimbursement', {
          token: user.token,
          body: { shipmentId: REAL_SHIPMENT },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const actions = results.map((r) => r.body.action);
    expect(actions.filter((a) => a === 'created')).toHaveLength(1);
    expect(actions.filter((a) => a === 'reused')).toHaveLength(49);
    expect(new Set(results.map((r) => r.body.sent_message_id)).size).toBe(1);
    expect(results[0]!.body.sent_provider).toBe('smtp');

    // The sink stores a message a moment after accepting it: wait for it, then for any other.
    await waitForMail(user.replyTo, 1);
    await new Promise((r) => setTimeout(r, 500));
    const mails = await mailsTo(user.replyTo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(REAL_SHIPMENT);
    expect(
      (mails[0] as unknown as { attachments?: { fileName: string }[] }).attachments?.map(
        (a) => a.fileName,
      ),
    ).toEqual(['fattura.pdf']);

    const detail = await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token: user.token });
    expect(detail.body.case).toMatchObject({ status: 'Inviato', normalized_status: 'submitted' });
    // Locked: no more uploads for this shipment.
    const again = await api('POST', '/api/documents/upload-url', {
      token: user.token,
      body: {
        shipmentId: REAL_SHIPMENT,
        role: 'rivenditore',
        docType: 'pod',
        fileName: 'pod.pdf',
        size: 100,
      },
    });
    expect(again.status).toBe(422);

    // A real case has no simulated replies.
    const caseId = (detail.body.case as { id: string }).id;
    const sim = await api('POST', '/api/demo-cs-poller', {
      token: user.token,
      body: { case_id: caseId },
    });
    expect(sim.status).toBe(422);
    const listed = await api('GET', '/api/cases', { token: user.token });
    const unchanged = await api(
      'GET',
      `/api/cases?since=${encodeURIComponent(listed.body.version as string)}`,
      { token: user.token },
    );
    expect(unchanged.body.changed).toBe(false);
  });

  it('by email without a reply address for the marketplace: 422, said in Italian and English, without a path', async () => {
    const user = await realSeller();
    await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    const removed = await api('DELETE', '/api/case-endpoints?marketplace=amazon.it', {
      token: user.token,
    });
    expect(removed.status).toBe(200);
    const res = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Per inviare per email serve l’indirizzo di risposta di Amazon per questo marketplace, che non hai ancora salvato. Puoi aprire il caso su Seller Central con il testo e gli allegati, oppure salvare l’indirizzo dal menu dell’account: Impostazioni → Indirizzi di risposta per marketplace.',
    );
    expect(JSON.stringify(res.body)).not.toMatch(/\/feedback|\/settings/);
    const english = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      language: 'en',
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(english.status).toBe(422);
    expect(english.body.message).toBe(
      'Sending by email needs Amazon’s reply address for this marketplace, which you have not saved yet. You can open the case on Seller Central with the text and the attachments, or save the address from the account menu: Settings → Reply addresses per marketplace.',
    );
    expect(JSON.stringify(english.body)).not.toMatch(/\/feedback|\/settings/);
  });
});
