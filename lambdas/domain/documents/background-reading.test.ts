import { documentPath, stagingPath } from '../cases/documents';
import { readQueuedDocument, type ReadingJobDeps } from './background-reading';
import { confirmUpload } from './confirm';
import { documentView } from './document-view';
import type { OcrEngine, OcrPage } from './ocr';
import { InMemoryDocuments } from './test-support/in-memory-documents';
import { INVOICE, pdfWith } from './test-support/pdf-bytes';
import { blurred, darkened, encodeJpeg, encodePng, printedPage } from './test-support/scan-images';

/**
 * Scans and photos are read in the background: the upload confirms at once with the document
 * "being read", and the reading worker stores the reading once, whatever the queue does.
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

const PACKING_LIST_ROWS = [
  'Ceramiche Rossi S.r.l.',
  'PACKING LIST N. PL-778 | Data 14/03/2026',
  'Codice | Descrizione | Quantità',
  'TAZZA | Tazza in ceramica bianca | 24',
];

/** The words of a printed page as the engine gives them, each row a line, `|` a column gap. */
function ocrPage(rows: string[], confidence = 92): OcrPage {
  return {
    rotation: 0,
    confidence,
    lines: rows.map((row, r) => {
      let x = 10;
      const words = [];
      for (const column of row.split('|')) {
        for (const text of column.trim().split(' ')) {
          words.push({
            text,
            confidence,
            x0: x,
            y0: r * 30,
            x1: x + text.length * 10,
            y1: r * 30 + 20,
          });
          x += text.length * 10 + 8;
        }
        x += 120;
      }
      return { words };
    }),
  };
}

/** An engine giving one page for every image, counting its readings. */
function engine(page: OcrPage): OcrEngine & { reads: number } {
  const e = {
    reads: 0,
    read: async () => {
      e.reads += 1;
      return page;
    },
  };
  return e;
}

let uploads = 0;

function staged(store: InMemoryDocuments, bytes: Uint8Array, fileName: string) {
  const at = new Date(Date.parse('2026-03-20T09:00:00Z') + (uploads += 1) * 1000);
  const path = stagingPath(documentPath('u1', 'FBA1', 'distinta_imballaggio', fileName, at));
  store.objects.set(path, bytes);
  return {
    shipmentId: 'FBA1',
    role: 'produttore' as const,
    docType: 'distinta_imballaggio' as const,
    path,
  };
}

function workerDeps(store: InMemoryDocuments, ocr: OcrEngine): ReadingJobDeps {
  const deps = store.deps();
  return {
    rows: { findDocument: deps.rows.findDocument, completeReading: store.completeReading },
    storage: deps.storage,
    cases: deps.cases,
    ocr,
    log: { info: () => undefined },
  };
}

describe('reading scans and photos in the background', () => {
  let store: InMemoryDocuments;
  const photo = encodePng(printedPage());
  beforeEach(() => {
    store = new InMemoryDocuments();
    store.shipments = [SHIPMENT];
  });

  async function uploadPhoto(bytes = photo, fileName = 'distinta.png') {
    const deps = { ...store.deps(), readings: store.readings() };
    return confirmUpload(deps, 'u1', staged(store, bytes, fileName), 'it');
  }

  it('confirms a photo at once as being read, and queues its reading', async () => {
    const result = await uploadPhoto();
    expect(result.document.reading_pending).toBe(true);
    expect(result.document.reading).toBeNull();
    expect(result.case.status).toBe('ready');
    expect(store.queued).toEqual([`u1 ${result.document.id}`]);
  });

  it('still reads a text PDF in the request, with nothing queued', async () => {
    const deps = { ...store.deps(), readings: store.readings() };
    const body = staged(store, await pdfWith(INVOICE), 'fattura.pdf');
    const result = await confirmUpload(deps, 'u1', body, 'it');
    expect(result.document.reading_pending).toBeUndefined();
    expect(result.document.reading?.invoices[0]?.number).toBe('A-2024/118');
    expect(store.queued).toEqual([]);
  }, 30_000);

  it('keeps the photo without OCR when the queue cannot take it, never "being read" for good', async () => {
    const deps = { ...store.deps(), readings: store.readings(true) };
    const result = await confirmUpload(deps, 'u1', staged(store, photo, 'distinta.png'), 'it');
    expect(result.document.reading_pending).toBeUndefined();
    expect(result.document.reading?.kind).toBe('foto');
    expect(store.documents[0]?.reading_pending).toBeUndefined();
  });

  it('stores the reading once: number, date and lines, then a second delivery does nothing', async () => {
    const { document } = await uploadPhoto();
    const ocr = engine(ocrPage(PACKING_LIST_ROWS));
    const message = { userId: 'u1', documentId: document.id };
    await expect(
      readQueuedDocument(workerDeps(store, ocr), message, { lastAttempt: false }),
    ).resolves.toBe('read');
    const view = documentView(store.documents[0]!, 'it', SHIPMENT);
    expect(view.reading_pending).toBeUndefined();
    expect(view.reading?.invoices[0]).toMatchObject({
      number: 'PL-778',
      date: '2026-03-14',
      lines: 1,
    });
    // The packing list is dated after the shipment (10 March): the seller is warned.
    expect(view.warnings.map((w) => w.code)).toContain('packing_list_after_shipment');
    await expect(
      readQueuedDocument(workerDeps(store, ocr), message, { lastAttempt: false }),
    ).resolves.toBe('already_read');
    expect(ocr.reads).toBe(1);
    expect(store.documents).toHaveLength(1);
  });

  it("gives the OCR the stack's own time limit when one is set, else the reader's 20 s", async () => {
    const limits: number[] = [];
    const timed: OcrEngine = {
      read: async (_image, { deadlineMs }) => {
        limits.push(deadlineMs);
        return ocrPage(PACKING_LIST_ROWS);
      },
    };
    const photos = [photo, encodePng(printedPage(660, 880))];
    for (const ocrDeadlineMs of [undefined, 110_000]) {
      const { document } = await uploadPhoto(photos.shift());
      await readQueuedDocument(
        { ...workerDeps(store, timed), ocrDeadlineMs },
        { userId: 'u1', documentId: document.id },
        { lastAttempt: false },
      );
    }
    expect(limits).toHaveLength(2);
    expect(limits[0]).toBeLessThanOrEqual(20_000);
    expect(limits[1]).toBeGreaterThan(100_000);
  });

  it('skips a document deleted before its reading', async () => {
    const { document } = await uploadPhoto();
    store.documents = [];
    const ocr = engine(ocrPage(PACKING_LIST_ROWS));
    const message = { userId: 'u1', documentId: document.id };
    await expect(
      readQueuedDocument(workerDeps(store, ocr), message, { lastAttempt: false }),
    ).resolves.toBe('gone');
    expect(ocr.reads).toBe(0);
  });

  it('leaves the document pending when the reading dies half-way, so the retry reads it', async () => {
    const { document } = await uploadPhoto();
    const message = { userId: 'u1', documentId: document.id };
    const failing = workerDeps(store, engine(ocrPage(PACKING_LIST_ROWS)));
    failing.rows = {
      ...failing.rows,
      completeReading: () => Promise.reject(new Error('table down')),
    };
    await expect(readQueuedDocument(failing, message, { lastAttempt: false })).rejects.toThrow(
      'table down',
    );
    expect(store.documents[0]?.reading_pending).toBe(true);
    await expect(
      readQueuedDocument(workerDeps(store, engine(ocrPage(PACKING_LIST_ROWS))), message, {
        lastAttempt: false,
      }),
    ).resolves.toBe('read');
    expect(store.documents[0]?.reading?.invoices[0]?.number).toBe('PL-778');
  });

  it('tells the seller a dark photo that read poorly is too dark, and what to do', async () => {
    const { document } = await uploadPhoto(encodePng(darkened(printedPage())));
    const ocr = engine(ocrPage(['Ce.a ~ .. 1'], 28));
    await readQueuedDocument(
      workerDeps(store, ocr),
      { userId: 'u1', documentId: document.id },
      { lastAttempt: false },
    );
    const it = documentView(store.documents[0]!, 'it', SHIPMENT).warnings;
    expect(it).toContainEqual(
      expect.objectContaining({
        code: 'scan_too_dark',
        message: expect.stringContaining("una foto piana e ben illuminata dell'intera pagina"),
      }),
    );
    const en = documentView(store.documents[0]!, 'en', SHIPMENT).warnings;
    expect(en.find((w) => w.code === 'scan_too_dark')?.message).toContain(
      'a flat, well-lit photo of the whole page',
    );
  });

  it('measures a phone photo saved as JPEG too: dark or blurred, not just "unreadable"', async () => {
    const advice = [];
    for (const page of [darkened(printedPage()), blurred(printedPage())]) {
      const { document } = await uploadPhoto(encodeJpeg(page), 'distinta-foto.jpg');
      await readQueuedDocument(
        workerDeps(store, engine(ocrPage(['Ce.a ~ .. 1'], 28))),
        { userId: 'u1', documentId: document.id },
        { lastAttempt: false },
      );
      const read = store.documents.find((d) => d.id === document.id)!;
      advice.push(documentView(read, 'it', SHIPMENT).warnings.map((w) => w.code));
    }
    expect(advice[0]).toContain('scan_too_dark');
    expect(advice[1]).toContain('scan_too_blurred');
  });

  it('reads without OCR on the last delivery, so the document is never left being read', async () => {
    const { document } = await uploadPhoto();
    const ocr = engine(ocrPage(PACKING_LIST_ROWS));
    await readQueuedDocument(
      workerDeps(store, ocr),
      { userId: 'u1', documentId: document.id },
      { lastAttempt: true },
    );
    expect(ocr.reads).toBe(0);
    expect(store.documents[0]?.reading_pending).toBeUndefined();
    expect(store.documents[0]?.reading?.scan_advice).toBe('unreadable');
  });
});
