import fs from 'node:fs';
import path from 'node:path';
import { DISPUTE_TEMPLATES, ROLES, type CaseRole } from '../../../lambdas/domain/cases/contract';
import { INBOUND_CLAIM_WINDOW } from '../../../lambdas/domain/cases/claim-windows';
import type { Language } from '../../../lambdas/domain/language';
import {
  buildDisputeText,
  disputeLanguageFor,
  formatClosingDate,
  type DisputeInput,
  type DisputeAttachment,
} from '../../../lambdas/domain/cases/dispute-text';

/**
 * Golden texts: one file per template × role × language under golden/. To regenerate after an
 * intended wording change: `UPDATE_GOLDEN=1 npx jest --selectProjects unit --testPathPatterns dispute-text`,
 * then read every changed file.
 */
const GOLDEN_DIR = path.resolve(__dirname, '../../../lambdas/domain/cases/golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const ATTACHMENTS: Record<CaseRole, DisputeAttachment[]> = {
  rivenditore: [
    { doc_type: 'fattura', filename: 'fattura_2025-0412_ceramiche_rossi.pdf' },
    { doc_type: 'pod', filename: 'pod_brt_0571.pdf' },
  ],
  produttore: [
    { doc_type: 'distinta_imballaggio', filename: 'distinta_ordine_884.pdf' },
    { doc_type: 'foto_pacco', filename: 'foto_bancale.jpg' },
  ],
};

function input(
  template: DisputeInput['template'],
  role: CaseRole,
  language: Language,
): DisputeInput {
  return {
    template,
    role,
    language,
    shipment: {
      shipment_id: 'FBA15K7QX9ZL',
      shipment_name: 'Ceramiche settembre – MXP5',
      reference_id: '6RJ3KQ9P',
      fc_code: 'MXP5',
      closed_at: null,
      closed_by: '2025-09-15T23:59:59.999Z',
      ledger_received_at: '2025-09-12T14:30:00.000Z',
      units_expected: 180,
      units_found: 171,
    },
    items: [
      {
        sku: 'TAZ-CER-350',
        asin: 'B0CX4TQ1ZK',
        title: 'Tazza in ceramica 350 ml',
        units_expected: 60,
        units_found: 54,
      },
      {
        sku: 'PIAT-FOND-6',
        asin: 'B0CX4V8M2L',
        title: 'Set 6 piatti fondi',
        units_expected: 40,
        units_found: 37,
      },
      {
        sku: 'SOTT-SUGH-6',
        asin: 'B0CX4W1N7P',
        title: 'Set 6 sottobicchieri in sughero',
        units_expected: 80,
        units_found: 80,
      },
    ],
    attachments: ATTACHMENTS[role],
    transportLines: [
      { description: 'Tazza in ceramica 350 ml bianca', quantity: 60, unit: 'PZ' },
      { description: 'Set 6 piatti fondi  decoro blu', quantity: 40, unit: 'PZ' },
      { description: 'Set 6 sottobicchieri in sughero', quantity: 80, unit: 'PZ' },
      { description: 'Imballo in cartone doppia onda', quantity: 12, unit: 'NR' },
      { description: 'Trasporto', quantity: 1, unit: null },
    ],
    notes: role === 'rivenditore' ? { pod: 'consegna firmata dal centro MXP5 il 9/9' } : {},
    sender: {
      seller_name: 'Giulia Rossi',
      store_name: 'Ceramiche Rossi',
      seller_id: 'A2SIMSELLER01',
      marketplace: 'Amazon.it',
    },
    previousReply:
      'Dopo aver esaminato la spedizione, abbiamo stabilito che tutte le unità sono state ricevute.',
  };
}

describe('dispute texts (golden)', () => {
  for (const template of DISPUTE_TEMPLATES) {
    for (const role of ROLES) {
      for (const language of ['it', 'en'] as const) {
        const file = `${template}.${role}.${language}.txt`;
        it(`${file} matches its golden text`, () => {
          const built = buildDisputeText(input(template, role, language));
          const actual = `Subject: ${built.subject}\n\n${built.text}`;
          const goldenPath = path.join(GOLDEN_DIR, file);
          if (UPDATE) fs.writeFileSync(goldenPath, actual);
          expect(actual).toBe(fs.readFileSync(goldenPath, 'utf8'));
        });
      }
    }
  }
});

describe('dispute text contents (spec 9)', () => {
  it('lists three transport lines, then a note about the others', () => {
    const { text } = buildDisputeText(input('first', 'rivenditore', 'it'));
    expect(text).toContain('- Tazza in ceramica 350 ml bianca: 60 PZ');
    expect(text).toContain('- Set 6 sottobicchieri in sughero: 80 PZ');
    expect(text).not.toContain('Imballo in cartone');
    expect(text).toContain('…e altre 2 righe, riportate nel documento allegato.');
  });

  it('leaves the note out when three lines or fewer were read', () => {
    const base = input('first', 'produttore', 'en');
    const { text } = buildDisputeText({
      ...base,
      transportLines: base.transportLines!.slice(0, 3),
    });
    expect(text).toContain('- Set 6 sottobicchieri in sughero: 80 PZ');
    expect(text).not.toContain('more line');
  });

  it('gives the total as expected minus found and lists only SKUs with a difference', () => {
    const { text, subject } = buildDisputeText(input('first', 'rivenditore', 'en'));
    expect(subject).toContain('9 units missing');
    expect(text).toContain('Total discrepancy: 9 units missing');
    expect(text).toContain('shipped 60, received 54, missing 6');
    expect(text).not.toContain('SOTT-SUGH-6 (ASIN');
  });

  it('formats the closing date in the language locale', () => {
    expect(formatClosingDate('2025-09-12T14:30:00.000Z', 'it')).toBe('12 settembre 2025');
    expect(formatClosingDate('2025-09-12T14:30:00.000Z', 'en')).toBe('September 12, 2025');
  });

  it('cites the claim window the deadlines count, only in the replies to a rejection', () => {
    const days = INBOUND_CLAIM_WINDOW.days;
    for (const template of DISPUTE_TEMPLATES) {
      const reply = template === 'reply_rejection' || template === 'second_reply';
      const it = buildDisputeText(input(template, 'rivenditore', 'it')).text;
      const en = buildDisputeText(input(template, 'rivenditore', 'en')).text;
      expect(it.includes(`nei ${days} giorni dalla consegna`)).toBe(reply);
      expect(en.includes(`within the ${days} days from delivery`)).toBe(reply);
      expect(`${it}${en}`).not.toMatch(/6 mesi|6-month|18 mesi|18 months/);
    }
  });

  it('leaves out shipment fields that are unknown instead of printing empty values', () => {
    const base = input('first', 'rivenditore', 'it');
    const { text } = buildDisputeText({
      ...base,
      shipment: {
        ...base.shipment,
        reference_id: null,
        fc_code: null,
        closed_at: null,
        closed_by: null,
        ledger_received_at: null,
      },
      transportLines: [],
    });
    expect(text).not.toMatch(
      /Riferimento|Centro logistico|Data di chiusura|Chiusa entro|Ultima ricezione|Righe della/,
    );
    expect(text).toContain('- ID spedizione: FBA15K7QX9ZL');
  });

  it('names the attachments with their type, in the summary too', () => {
    const built = buildDisputeText(input('first', 'produttore', 'it'));
    expect(built.attachments_summary).toBe(
      "Distinta d'imballaggio (DDT): distinta_ordine_884.pdf\nFoto dei prodotti imballati: foto_bancale.jpg",
    );
  });

  it('gives only dates we hold, each said for what it is, never a closing date Amazon did not give', () => {
    const base = input('first', 'rivenditore', 'it');
    const withLedger = buildDisputeText(base).text;
    expect(withLedger).toContain(
      "- Ultima ricezione registrata da Amazon: 12 settembre 2025 (registro dell'inventario FBA)",
    );
    expect(withLedger).not.toContain('Data di chiusura');
    const firstSeen = buildDisputeText({
      ...base,
      shipment: { ...base.shipment, ledger_received_at: null },
    }).text;
    expect(firstSeen).toContain(
      "- Chiusa entro il: 16 settembre 2025 (limite indicato dalla prima sincronizzazione che l'ha vista chiusa)",
    );
    expect(firstSeen).not.toMatch(/Data di chiusura|Ultima ricezione/);
    const en = buildDisputeText({
      ...input('first', 'rivenditore', 'en'),
      shipment: { ...base.shipment, ledger_received_at: null },
    }).text;
    expect(en).toContain(
      '- Closed by: September 16, 2025 (the bound given by the first sync that saw it closed)',
    );
  });

  it('names the seller, store, Seller ID and marketplace, and signs with the seller name', () => {
    const { text } = buildDisputeText(input('first', 'produttore', 'en'));
    expect(text).toContain(
      'Seller details\n- Seller: Giulia Rossi\n- Store: Ceramiche Rossi\n- Seller ID: A2SIMSELLER01\n- Marketplace: Amazon.it\n',
    );
    expect(text.endsWith('Kind regards\nGiulia Rossi\n')).toBe(true);
  });

  it('leaves out identity facts we do not hold, and the signature without a name', () => {
    const base = input('first', 'rivenditore', 'it');
    const partial = buildDisputeText({
      ...base,
      sender: {
        seller_name: '  ',
        store_name: null,
        seller_id: 'A2SIMSELLER01',
        marketplace: null,
      },
    }).text;
    expect(partial).toContain('Dati del venditore\n- Seller ID: A2SIMSELLER01\n\n');
    expect(partial).not.toMatch(/Venditore:|Negozio:|Marketplace:/);
    expect(partial.endsWith('Cordiali saluti\n')).toBe(true);
    const none = buildDisputeText({ ...base, sender: null }).text;
    expect(none).not.toContain('Dati del venditore');
  });

  it('says the claim falls within the window only when our dates say so', () => {
    const base = input('reply_rejection', 'rivenditore', 'it');
    expect(buildDisputeText({ ...base, windowOpen: false }).text).not.toContain(
      'giorni dalla consegna',
    );
    expect(buildDisputeText({ ...base, windowOpen: true }).text).toContain('giorni dalla consegna');
  });
});

describe('dispute language', () => {
  it('follows the marketplace: Italian for Amazon.it, English elsewhere', () => {
    expect(disputeLanguageFor('amazon.it')).toBe('it');
    expect(disputeLanguageFor('APJ6JRA9NG5V4')).toBe('it');
    expect(disputeLanguageFor('amazon.de')).toBe('en');
    expect(disputeLanguageFor('amazon.co.uk')).toBe('en');
    expect(disputeLanguageFor(null)).toBe('en');
  });
});
