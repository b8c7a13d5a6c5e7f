/**
 * Text built to make a careless reader work for minutes: long runs of labels, digits, brackets
 * and table rows, each placed inside an otherwise ordinary invoice or packing list. The tests
 * (invoice-text.variants.test.ts) check what is read around them; the bench
 * (test/bench/hostile-input.bench.ts) times them against their goal.
 */
import type { Invoice } from '../fattura-pa';
import { invoicesFromLines, linesFromText } from '../invoice-text';
import { PACKING_LIST_LABELS } from '../packing-list-text';

export type HostileCell = readonly [name: string, cell: string];

/** The most one hostile cell may cost the reader, on a quiet machine (the bench's goal). */
export const HOSTILE_TEXT_GOAL_MS = 2_000;

export const HOSTILE_INVOICE_CELLS: readonly HostileCell[] = [
  ['digits and dots', '1.'.repeat(60_000)],
  ['a VAT label and digit groups', `USt-IdNr. ${'1 '.repeat(60_000)}`],
  ['an invoice word over and over', 'Rechnung Nr '.repeat(10_000)],
  ['a web address of many labels', `www.${'a-b.'.repeat(30_000)}de`],
  ['a legal form over and over', 's.a. '.repeat(20_000)],
  ['dates and words', '05.03.2024 Mar '.repeat(8_000)],
  ['a line of many label cells', 'Nr.   '.repeat(20_000)],
  [
    'many web addresses and names',
    Array.from({ length: 3_000 }, (_, i) => `www.nordlicht${i}.de   Nordlicht${i} GmbH`).join('\n'),
  ],
  ['many customer blocks with VAT ids', 'Bill To\nUSt-IdNr. DE123456789\n'.repeat(10_000)],
  [
    'a line of customer headings over a line of names',
    `${'Bill To   '.repeat(10_000)}\n${'Rossi Srl   '.repeat(10_000)}`,
  ],
  ['many table headers', 'Description  Qty\n1  Item  2\n'.repeat(5_000)],
];

export const HOSTILE_PACKING_LIST_CELLS: readonly HostileCell[] = [
  ['a packing-list word over and over', 'Documento di trasporto '.repeat(10_000)],
  ['open brackets after the word', `DDT ${'('.repeat(60_000)}`],
  ['brackets that never close', 'Lieferschein (Nr '.repeat(10_000)],
  ['number labels and words', 'BL n° WZ nr Pakbon '.repeat(8_000)],
  ['date labels without dates', 'Data inizio trasporto Versanddatum '.repeat(6_000)],
  [
    'many cartons tables',
    'Description  Qty/Ctn  Ctns  Total Qty\n1  Mug  24  20  480\n'.repeat(5_000),
  ],
];

/** An invoice numbered 1 and dated 5 March 2024 with the hostile cell between the two. */
export function readHostileInvoice(cell: string): Invoice[] {
  return invoicesFromLines(linesFromText(`Invoice No. 1\n${cell}\nDate: 05/03/2024`));
}

/** A packing list numbered 1 and dated 5 March 2024 with the hostile cell between the two. */
export function readHostilePackingList(cell: string): Invoice[] {
  return invoicesFromLines(
    linesFromText(`Packing list No. 1\n${cell}\nDate: 05/03/2024`),
    PACKING_LIST_LABELS,
  );
}
