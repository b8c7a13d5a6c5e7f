/**
 * Feedback import benchmark: a 100,000-row seller-feedback export (Italian headers,
 * semicolon-delimited CSV with BOM and CRLF, quoted comments with delimiters, quotes and
 * newlines; comments in five languages built from varied fragments, typos and masks included),
 * parsed and classified end to end the way the import does it: the file as one buffer, fed to
 * the streaming parser in 256 KB chunks, each row classified as it comes out.
 *
 *   npx tsx test/bench/feedback-import.bench.ts [--rows 100000]
 *
 * `runFeedbackImportBench()` returns { rows, ms, peakRssMb } (plus errors and bytes) for the
 * lead's `npm run bench` report; ms covers parse + classify, not the generation of the file.
 */
import Papa from 'papaparse';
import { classifyFeedback } from '../../lambdas/domain/feedback/classify';
import { parseFeedbackStream } from '../../lambdas/domain/feedback/parse';

export interface FeedbackImportBenchResult {
  rows: number;
  ms: number;
  /** CPU time (user + system) of the run: steadier than wall time on a shared machine. */
  cpuMs: number;
  peakRssMb: number;
  errors: number;
  bytes: number;
  removable: number;
  /** A bare papaparse parse of the same file (decoded, whole string) in the same run. */
  papaMs: number;
  /** ms / papaMs: the goal is at most 8. */
  ratio: number;
}

const FRAGMENTS: string[][] = [
  [
    'il pacco è arrivato con {n} giorni di ritardo',
    'the parcel arrived {n} days late',
    'Paket kam {n} Tage zu spät',
    'colis livré avec {n} jours de retard',
    'el paquete llegó con {n} días de retraso',
    'il venditore non risponde ai messaggi',
    'seller never answered my emails',
    'der Verkäufer antwortet nicht',
    'le vendeur ne répond pas',
    'el vendedor no contesta',
    'si è rotto dopo {n} utilizzi',
    'stopped working after {n} uses',
    'la taglia è troppo piccola',
    'das Material ist sehr dünn',
    'la batería no dura nada',
    'corriere maleducato',
    'prodotto ok',
    'consegna veloce',
    'che m***a',
    'sh1t quality',
    'chiamatemi al 34{n} 555 12{n}{n}',
    'codice SCONTO{n}{n} su offerte{n}.it',
  ],
  ['', ', ', '. ', ' ma ', ' but ', ' aber ', ' mais ', ' pero ', ' - '],
  [
    'molto deluso',
    'never again',
    'Frechheit',
    'pas content',
    'qué pena',
    'la qualità è scadente',
    'ha rifatto la confezione alla buona',
    'non lo consiglio',
    'questo è il "migliore"; dicono',
    'first line\nsecond line',
    '',
  ],
];

function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function quote(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The export as a UTF-8 buffer, as the import Lambda receives the upload. */
export function generateFeedbackExport(rows: number, seed = 7): Buffer {
  const random = lcg(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const lines: string[] = [
    '\uFEFFData;Valutazione;Commenti;Risposta;Numero ordine;E-mail autore della valutazione;Gestito da',
  ];
  for (let i = 0; i < rows; i += 1) {
    const n = String(1 + Math.floor(random() * 9));
    const comment = (pick(FRAGMENTS[0]!) + pick(FRAGMENTS[1]!) + pick(FRAGMENTS[2]!))
      .replace(/\{n\}/g, n)
      .trim();
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    const order = `${100 + (i % 900)}-${String(i).padStart(7, '0')}-${String(Math.floor(random() * 1e7)).padStart(7, '0')}`;
    lines.push(
      [
        `${day}/${month}/2025`,
        String(1 + Math.floor(random() * 5)),
        quote(comment),
        '',
        order,
        `buyer${i}@marketplace.amazon.it`,
        random() < 0.6 ? 'Amazon' : 'Venditore',
      ].join(';'),
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

async function* chunksOf(buffer: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

/** Decodes and parses the file with papaparse alone: what any reading of it costs at least. */
function bareParse(file: Buffer): number {
  const started = performance.now();
  const result = Papa.parse<string[]>(new TextDecoder().decode(file), { delimiter: ';' });
  if (result.data.length < 2) throw new Error('bare parse read nothing');
  return performance.now() - started;
}

export async function runFeedbackImportBench(rows = 100_000): Promise<FeedbackImportBenchResult> {
  const file = generateFeedbackExport(rows);
  // Warm both paths on a small file first, then the bare parse of the whole file, in this run.
  bareParse(generateFeedbackExport(2_000, 3));
  for await (const chunk of parseFeedbackStream(chunksOf(generateFeedbackExport(2_000, 3), 65_536)))
    for (const row of chunk.rows) classifyFeedback(row);
  const papaMs = bareParse(file);
  let parsed = 0;
  let errors = 0;
  let removable = 0;
  let peakRss = process.memoryUsage().rss;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  for await (const chunk of parseFeedbackStream(chunksOf(file, 256 * 1024))) {
    for (const row of chunk.rows) {
      if (classifyFeedback(row).removable) removable += 1;
    }
    parsed += chunk.rows.length;
    errors += chunk.errors.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  return {
    rows: parsed,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round((peakRss / (1024 * 1024)) * 10) / 10,
    errors,
    bytes: file.length,
    removable,
    papaMs: Math.round(papaMs),
    ratio: Math.round((ms / papaMs) * 10) / 10,
  };
}

if (require.main === module) {
  const at = process.argv.indexOf('--rows');
  const rows = at > -1 ? Number(process.argv[at + 1]) : 100_000;
  runFeedbackImportBench(rows).then(
    (result) => {
      console.log(
        `feedback import: ${result.rows} rows (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.errors} unreadable, ${result.removable} removable) parsed and classified in ${result.ms} ms (${result.cpuMs} ms CPU), peak RSS ${result.peakRssMb} MB`,
      );
      console.log(
        `bare papaparse parse of the same file: ${result.papaMs} ms; import / bare = ${result.ratio}× (goals: ≤ 2000 ms, ≤ 8×)`,
      );
      console.log(
        JSON.stringify({
          rows: result.rows,
          ms: result.ms,
          papaMs: result.papaMs,
          ratio: result.ratio,
          peakRssMb: result.peakRssMb,
        }),
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
