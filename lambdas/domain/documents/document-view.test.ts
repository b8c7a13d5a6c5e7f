import type { CaseShipment } from '../cases/ports';
import type { DocumentRecord, StoredReading } from '../cases/records';
import { documentView } from './document-view';
import { LineVerdicts, lineDescriptionKey } from './invoice-match';

/** Closed on 8 September 2026; 8 mugs and 5 coaster sets missing. */
const shipment: CaseShipment = {
  shipment_id: 'FBA15DEMO',
  shipment_name: 'Milano MXP5',
  reference_id: null,
  fc_code: 'MXP5',
  closed_at: '2026-09-08T09:30:00.000Z',
  units_expected: 108,
  units_found: 95,
  marketplace: 'amazon.it',
  demo: false,
  items: [
    {
      sku: 'TAZ-CER-350',
      asin: null,
      title: 'Tazza in ceramica 350 ml',
      units_expected: 48,
      units_found: 40,
    },
    {
      sku: 'SOTT-SUGH-6',
      asin: null,
      title: 'Set 6 sottobicchieri in sughero',
      units_expected: 60,
      units_found: 55,
    },
  ],
};

function document(
  docType: DocumentRecord['doc_type'],
  kind: StoredReading['kind'],
  read: { number: string; date: string; lines: [string, number][] },
): DocumentRecord {
  return {
    id: 'doc-1',
    user_id: 'user-1',
    shipment_id: shipment.shipment_id,
    doc_type: docType,
    path: 'user-1/shipments/FBA15DEMO/x/2026/09/1_x.pdf',
    filename: 'x.pdf',
    size: 1000,
    content_type: 'application/pdf',
    created_at: '2026-09-20T10:00:00.000Z',
    reading: {
      kind,
      quality: 'ok',
      text_chars: 900,
      invoices: [
        {
          number: read.number,
          date: read.date,
          supplier: 'Ceramiche Valdarno S.r.l.',
          lines: read.lines.map(([description, quantity]) => ({
            description,
            quantity,
            unit: null,
          })),
        },
      ],
    },
  };
}

/** Dated after the shipment; 6 of the 8 missing mugs; no coaster sets. */
const latePackingList = document('distinta_imballaggio', 'ddt', {
  number: '318/2026',
  date: '2026-09-15',
  lines: [['TAZ-CER-350 Tazza in ceramica 350 ml', 6]],
});

describe("the producer's packing list checked against its shipment", () => {
  it('warns in Italian when it is dated after the shipment and does not cover the missing units', () => {
    const { warnings } = documentView(latePackingList, 'it', shipment);
    expect(warnings).toEqual([
      {
        code: 'packing_list_after_shipment',
        message:
          'La distinta 318/2026 è datata 15/09/2026, dopo la spedizione (08/09/2026): Amazon chiede una distinta con data non successiva alla spedizione.',
      },
      {
        code: 'packing_list_units_not_covered',
        message:
          'Per lo SKU TAZ-CER-350 la distinta riporta 6 unità spedite, meno delle 8 mancanti.',
      },
      {
        code: 'sku_not_on_packing_list',
        message:
          'Lo SKU SOTT-SUGH-6 (5 unità mancanti) non compare in nessuna riga della distinta.',
      },
    ]);
    expect(warnings.map((w) => w.message).join(' ')).not.toMatch(/fattura/i);
  });

  it('says the same in English, of a packing list and never of an invoice', () => {
    const messages = documentView(latePackingList, 'en', shipment).warnings.map((w) => w.message);
    expect(messages).toEqual([
      'Packing list 318/2026 is dated 15/09/2026, after the shipment (08/09/2026): Amazon asks for a packing list dated no later than the shipment.',
      'For SKU TAZ-CER-350 the packing list shows 6 units shipped, fewer than the 8 missing.',
      'SKU SOTT-SUGH-6 (5 missing units) does not appear on any packing list line.',
    ]);
    expect(messages.join(' ')).not.toMatch(/invoice/i);
  });

  it('says when its lines could not be read, so the units shipped are unknown', () => {
    const unread = document('distinta_imballaggio', 'ddt', {
      number: '45',
      date: '2026-09-01',
      lines: [],
    });
    expect(documentView(unread, 'it', shipment).warnings).toEqual([
      {
        code: 'packing_list_lines_not_readable',
        message:
          'Le righe della distinta non sono leggibili: controlla che riporti gli articoli e le quantità spedite.',
      },
    ]);
  });

  it('has nothing to say of a packing list dated before the shipment that covers every missing unit', () => {
    const good = document('distinta_imballaggio', 'ddt', {
      number: '300/2026',
      date: '2026-09-02',
      lines: [
        ['TAZ-CER-350 Tazza in ceramica 350 ml', 48],
        ['SOTT-SUGH-6 Set 6 sottobicchieri in sughero', 60],
      ],
    });
    expect(documentView(good, 'it', shipment).warnings).toEqual([]);
  });
});

describe("the reseller's invoice", () => {
  it('keeps its own wording', () => {
    const invoice = document('fattura', 'fattura', {
      number: 'FT-77',
      date: '2026-09-15',
      lines: [['Art. TAZ-CER-350 Tazza in ceramica 350 ml', 6]],
    });
    expect(documentView(invoice, 'en', shipment).warnings.map((w) => w.code)).toEqual([
      'invoice_after_shipment',
      'units_not_covered',
      'sku_not_on_invoice',
    ]);
    expect(documentView(invoice, 'en', shipment).warnings[0]?.message).toMatch(
      /^Invoice FT-77 is dated 15\/09\/2026, after the shipment/,
    );
  });

  it('counts a line that only resembles a SKU for nothing, and says it is to be confirmed', () => {
    const invoice = document('fattura', 'fattura', {
      number: 'FT-78',
      date: '2026-09-01',
      lines: [
        ['Tazza in ceramica 350 ml bianca', 8],
        ['SOTT-SUGH-6 sottobicchieri', 5],
      ],
    });
    expect(documentView(invoice, 'it', shipment).warnings).toEqual([
      {
        code: 'sku_to_confirm',
        message:
          'Lo SKU TAZ-CER-350 (8 unità mancanti, 0 in fattura con il suo codice) non compare con un codice in queste righe, che gli somigliano: «Tazza in ceramica 350 ml bianca». Da confermare nella scheda Fornitori: finché non confermi, non contano.',
      },
    ]);
    // Once the seller confirmed that description for the SKU, the line counts.
    const verdicts = new LineVerdicts([
      {
        sku: 'TAZ-CER-350',
        description: lineDescriptionKey('TAZZA IN CERAMICA 350 ML BIANCA'),
        codes: [],
        verdict: 'confirmed',
      },
    ]);
    expect(documentView(invoice, 'en', shipment, verdicts).warnings).toEqual([]);
  });

  it('is not checked as an invoice when the file is a packing list, and the seller is told', () => {
    const misplaced = document('fattura', 'ddt', {
      number: '318/2026',
      date: '2026-09-15',
      lines: [['Tazza in ceramica 350 ml', 6]],
    });
    expect(documentView(misplaced, 'it', shipment).warnings).toEqual([
      {
        code: 'not_an_invoice',
        message:
          'Questo file sembra un documento di trasporto (DDT o distinta), non una fattura: come rivenditore ti serve la fattura originale del fornitore.',
      },
    ]);
  });
});

describe('a main document of another kind than its slot asks', () => {
  const read = { number: '7', date: '2026-09-01', lines: [] as [string, number][] };

  it('says so in the seller’s language, for the invoice and the packing list', () => {
    const proof = documentView(document('fattura', 'pod', read), 'en');
    expect(proof.warnings).toEqual([
      {
        code: 'not_an_invoice',
        message:
          'This file looks like a proof of delivery, not an invoice: upload it as a POD and add the supplier’s original invoice.',
      },
    ]);
    const invoice = documentView(document('distinta_imballaggio', 'fattura', read), 'it');
    expect(invoice.warnings.map((w) => w.code)).toEqual(['not_a_packing_list']);
    expect(invoice.warnings[0]?.message).toMatch(/^Questo file sembra una fattura/);
  });

  it('says nothing of the right kind, of a file of no known kind, or of the other documents', () => {
    expect(documentView(document('fattura', 'fattura', read), 'it').warnings).toEqual([]);
    expect(documentView(document('fattura', 'unknown', read), 'it').warnings).toEqual([]);
    expect(documentView(document('distinta_imballaggio', 'ddt', read), 'it').warnings).toEqual([]);
    // A carrier's proof of delivery may well read as a transport document.
    expect(documentView(document('pod', 'ddt', read), 'it').warnings).toEqual([]);
  });
});

describe('a packing list read from a photo (OCR)', () => {
  function photographed(
    unsure: ('number' | 'date' | 'supplier')[],
    unsureLines: number[],
  ): DocumentRecord {
    const doc = document('distinta_imballaggio', 'ddt', {
      number: '318/2026',
      date: '2026-09-15',
      lines: [['TAZ-CER-350 Tazza in ceramica 350 ml', 6]],
    });
    const invoice = doc.reading?.invoices[0];
    if (invoice) Object.assign(invoice, { ocr_confidence: 52, unsure, unsure_lines: unsureLines });
    return doc;
  }

  it('checks the fields read with confidence, like a PDF', () => {
    const { warnings, reading } = documentView(photographed([], []), 'it', shipment);
    expect(warnings.map((w) => w.code)).toEqual([
      'packing_list_after_shipment',
      'packing_list_units_not_covered',
      'sku_not_on_packing_list',
    ]);
    expect(reading?.invoices[0]).toMatchObject({ ocr_confidence: 52, unsure: [] });
  });

  it('never checks an unsure date or line: the seller is asked to verify them', () => {
    const view = documentView(photographed(['date', 'number'], [0]), 'it', shipment);
    expect(view.warnings[0]).toEqual({
      code: 'ocr_unsure',
      message:
        'Letto da una scansione o una foto: data, numero, righe da verificare sul documento (lettura incerta, non usati nei controlli).',
    });
    const codes = view.warnings.map((w) => w.code);
    expect(codes).not.toContain('packing_list_after_shipment');
    expect(codes).not.toContain('packing_list_units_not_covered');
    expect(codes).not.toContain('sku_not_on_packing_list');
    expect(view.reading?.invoices[0]?.unsure).toEqual(['date', 'number']);
    expect(documentView(photographed(['supplier'], []), 'en', shipment).warnings[0]?.message).toBe(
      'Read from a scan or a photo: supplier to be checked on the document (uncertain reading, not used in the checks).',
    );
  });
});
