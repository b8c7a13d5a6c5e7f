import { formatMessage } from '../messages';
import { documentPath, stagingPath } from '../cases/documents';
import { CaseRefused } from '../cases/refusals';
import { STORED_STATUS } from '../cases/status';
import { confirmUpload } from './confirm';
import { InMemoryDocuments } from './test-support/in-memory-documents';
import { INVOICE, pdfWith } from './test-support/pdf-bytes';

/**
 * Confirming an upload: the server reads the staged file back and only then keeps it as a case
 * document; a refused file is removed and leaves nothing behind.
 */

const SHIPMENT = {
  user_id: 'u1',
  shipment_id: 'FBA1',
  shipment_name: 'Marzo',
  reference_id: null,
  fc_code: null,
  closed_at: '2026-03-10T00:00:00Z',
  units_expected: 24,
  units_found: 20,
  marketplace: 'amazon.it',
  demo: false,
  items: [{ sku: 'TAZZA', asin: null, title: 'Tazza', units_expected: 24, units_found: 20 }],
};

let uploads = 0;

/** A file put at a staging key of its own, as each upload URL gives (its own moment). */
function staged(store: InMemoryDocuments, bytes: Uint8Array, userId = 'u1', shipmentId = 'FBA1') {
  const at = new Date(Date.parse('2026-03-20T09:00:00Z') + (uploads += 1) * 1000);
  const path = stagingPath(documentPath(userId, shipmentId, 'fattura', 'fattura.pdf', at));
  store.objects.set(path, bytes);
  return { shipmentId, role: 'rivenditore' as const, docType: 'fattura' as const, path };
}

async function refusal(work: Promise<unknown>): Promise<CaseRefused> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CaseRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('confirmUpload', () => {
  let store: InMemoryDocuments;
  beforeEach(() => {
    store = new InMemoryDocuments();
    store.shipments = [SHIPMENT];
  });

  it('one upload, one document: the same staged key put again and confirmed again is refused', async () => {
    const body = staged(store, await pdfWith(INVOICE));
    await confirmUpload(store.deps(), 'u1', body, 'it');
    // The presigned PUT is still valid: the browser puts other bytes at the same key.
    store.objects.set(body.path, await pdfWith(INVOICE.map((line) => line.replace('118', '119'))));
    const again = await refusal(confirmUpload(store.deps(), 'u1', body, 'it'));
    expect(again.reason).toBe('upload_not_found');
    expect(store.documents).toHaveLength(1);
    expect(store.objects.has(body.path)).toBe(false);
  }, 30_000);

  it('keeps the checked bytes as a document of the case, which becomes ready', async () => {
    const bytes = await pdfWith(INVOICE);
    const body = staged(store, bytes);
    const result = await confirmUpload(store.deps(), 'u1', body, 'it');
    expect(result.document).toMatchObject({ doc_type: 'fattura', filename: 'fattura.pdf' });
    expect(result.document.reading?.invoices[0]?.number).toBe('A-2024/118');
    expect(result.case).toMatchObject({ status: 'ready', role: 'rivenditore' });
    expect(store.objects.get(result.document.path)).toEqual(bytes);
    expect(store.objects.has(body.path)).toBe(false);
    expect(store.documents).toHaveLength(1);
  });

  it('refuses the same file uploaded again for the same document, naming the copy kept', async () => {
    const bytes = await pdfWith(INVOICE);
    await confirmUpload(store.deps(), 'u1', staged(store, bytes), 'it');
    const again = staged(store, bytes);
    const error = await refusal(confirmUpload(store.deps(), 'u1', again, 'it'));
    expect(error).toMatchObject({ kind: 'conflict', messageKey: 'fileAlreadyUploaded' });
    expect(error.details).toEqual({ reason: 'same_file' });
    expect(formatMessage(error.messageKey, 'it', { ...error.messageValues })).toBe(
      'Hai già caricato questo file per questo documento della spedizione (fattura.pdf).',
    );
    expect(store.objects.has(again.path)).toBe(false);
    expect(store.documents).toHaveLength(1);
    // Other bytes under the same name are another document.
    await confirmUpload(
      store.deps(),
      'u1',
      staged(store, await pdfWith(['Fattura n. 7 del 02/03/2024'])),
      'it',
    );
    expect(store.documents).toHaveLength(2);
  });

  it('takes the same invoice file uploaded to another shipment as the library’s invoice, counted once', async () => {
    store.shipments = [SHIPMENT, { ...SHIPMENT, shipment_id: 'FBA2', shipment_name: 'Aprile' }];
    const bytes = await pdfWith(INVOICE);
    const first = await confirmUpload(store.deps(), 'u1', staged(store, bytes), 'it');
    const second = await confirmUpload(
      store.deps(),
      'u1',
      staged(store, bytes, 'u1', 'FBA2'),
      'it',
    );
    expect(second.document).toMatchObject({ shipment_id: 'FBA2', filename: 'fattura.pdf' });
    expect(second.case).toMatchObject({ shipment_id: 'FBA2', status: 'ready' });
    expect(store.objects.get(second.document.path)).toEqual(bytes);
    const [, copy] = store.documents;
    // One invoice in the library (the first upload), now also in the second shipment's case.
    expect(copy).toMatchObject({ shipment_id: 'FBA2', source_document_id: first.document.id });
    expect(store.audits[1]).toMatchObject({
      action: 'upload_document',
      meta: { shipment_id: 'FBA2', source_document_id: first.document.id },
    });
    // Another seller's identical file is their own invoice.
    store.shipments.push({ ...SHIPMENT, user_id: 'u2' });
    await confirmUpload(store.deps(), 'u2', staged(store, bytes, 'u2'), 'it');
    expect(store.documents[2]!.user_id).toBe('u2');
    expect(store.documents[2]!.source_document_id).toBeUndefined();
  });

  it('refuses a pro forma invoice, removes the upload and keeps nothing', async () => {
    const body = staged(store, await pdfWith(['FATTURA PRO-FORMA n. 5 del 01/02/2024']));
    const error = await refusal(confirmUpload(store.deps(), 'u1', body, 'it'));
    expect(error).toMatchObject({ kind: 'unprocessable', messageKey: 'proFormaRefused' });
    expect(error.details).toEqual({ reason: 'pro_forma' });
    expect(store.objects.size).toBe(0);
    expect(store.documents).toHaveLength(0);
  });

  it('refuses another seller’s upload before reading it', async () => {
    const body = staged(store, await pdfWith(INVOICE), 'u2');
    const error = await refusal(confirmUpload(store.deps(), 'u1', body, 'it'));
    expect(error.details).toEqual({ reason: 'not_owner' });
    expect(store.objects.has(body.path)).toBe(true);
  });

  it('refuses a file whose content is not what its name says, naming the formats', async () => {
    const body = staged(store, new TextEncoder().encode('MZ not a pdf at all'));
    const error = await refusal(confirmUpload(store.deps(), 'u1', body, 'en'));
    expect(error.details).toEqual({ reason: 'content_mismatch' });
    expect(error.messageValues?.formats).toMatch(/PDF/);
    expect(store.objects.size).toBe(0);
  });

  it('refuses a file for a case already sent, and removes it', async () => {
    const body = staged(store, await pdfWith(INVOICE));
    await store.deps().cases.upsertReadyCase('u1', 'FBA1', {
      role: 'rivenditore',
      demo: false,
      language: 'it',
      now: '2026-03-19T00:00:00Z',
    });
    store.cases[0]!.status = STORED_STATUS.submitted;
    const error = await refusal(confirmUpload(store.deps(), 'u1', body, 'it'));
    expect(error).toMatchObject({ kind: 'unprocessable', messageKey: 'caseLocked' });
    expect(store.objects.size).toBe(0);
  });

  it('removes the upload when the plan has lapsed since the link was signed', async () => {
    store.plan = false;
    const body = staged(store, await pdfWith(INVOICE));
    await expect(confirmUpload(store.deps(), 'u1', body, 'it')).rejects.toThrow('no plan');
    expect(store.objects.size).toBe(0);
    expect(store.documents).toHaveLength(0);
  });
});
