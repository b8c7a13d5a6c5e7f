import fs from 'node:fs';
import path from 'node:path';

/**
 * English pages in English, Italian pages in Italian: the resources a seller reads, checked
 * against words of the other language and against abbreviations a seller would not understand.
 */

type Tree = { [key: string]: string | Tree };

function strings(language: 'it' | 'en'): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.join(__dirname, language);
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') out.set(`${prefix}${key}`, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree, `${file}:`);
  }
  return out;
}

/** Italian words that have no business on an English page (names and legal terms aside). */
const ITALIAN =
  /\b(?:il|della|delle|degli|una|sono|spedizion\w+|rimbors\w+|fattur\w+|contestazion\w+|venditor\w+|nessun\w*|errore|caricamento|giorni|DDT|Prev|Indiv|Discr)\b/;
/** Proper names and quoted Italian the English text names on purpose. */
const ALLOWED_EN = [/Garante per la protezione dei dati personali/];

describe('page language', () => {
  it('the English resources hold no Italian words nor abbreviations', () => {
    const offenders = [...strings('en')].filter(
      ([, text]) =>
        // The product's name and addresses are names, not Italian text.
        ITALIAN.test(text.replace(/\S+@\S+|RimborsiFBA/g, '')) &&
        !ALLOWED_EN.some((allowed) => allowed.test(text)),
    );
    expect(offenders).toEqual([]);
  });

  it('the strings sellers reported read as English words', () => {
    const en = strings('en');
    expect(en.get('cases.json:docType.distinta_imballaggio')).toBe('Packing list');
    expect(en.get('cases.json:sheet.template_first')).toBe('First claim');
    expect(
      ['expected', 'found', 'discrepancy'].map((k) => en.get(`shipments.json:counts.${k}`)),
    ).toEqual(['Expected', 'Found', 'Missing']);
  });

  it('the Italian column labels are words, not abbreviations', () => {
    const it = strings('it');
    expect(
      ['expected', 'found', 'discrepancy'].map((k) => it.get(`shipments.json:counts.${k}`)),
    ).toEqual(['Previste', 'Trovate', 'Mancanti']);
  });
});
