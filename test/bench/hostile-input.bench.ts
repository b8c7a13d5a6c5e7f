/**
 * Hostile input, timed: the cells and files the unit tests use to check the readers refuse or
 * read around runaway input (invoice-text.variants.test.ts, pdf-text.test.ts,
 * bad-input.property.test.ts), each measured here against its goal. The tests check what is read
 * and fail only on runaway work; how fast is a figure of this machine, so it lives in the bench.
 *
 *   npx tsx test/bench/hostile-input.bench.ts
 */
import {
  HOSTILE_INVOICE_CELLS,
  HOSTILE_PACKING_LIST_CELLS,
  HOSTILE_TEXT_GOAL_MS,
  readHostileInvoice,
  readHostilePackingList,
} from '../../lambdas/domain/documents/test-support/hostile-text';
import {
  formFieldsPdf,
  INFLATING_PDF_GOAL_MS,
  inflatingPdf,
  STOP_DEADLINE_MS,
  STOP_GOAL_MS,
} from '../../lambdas/domain/documents/test-support/hostile-pdfs';
import { extractPdfText, MAX_READ_MS } from '../../lambdas/domain/documents/pdf-text';
import { parseFeedbackDate } from '../../lambdas/domain/feedback';
import { HOSTILE_DATE_CELLS, HOSTILE_DATE_CELLS_GOAL_MS } from '../fixtures/hostile-date-cells';

export interface HostileFigure {
  figure: string;
  ms: number;
  goalMs: number;
}

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return Math.round(performance.now() - started);
}

async function timedAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run().catch(() => undefined);
  return Math.round(performance.now() - started);
}

export async function runHostileInputBench(): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const [name, cell] of HOSTILE_INVOICE_CELLS) {
    const ms = timed(() => readHostileInvoice(cell));
    figures.push({ figure: `invoice text: ${name}`, ms, goalMs: HOSTILE_TEXT_GOAL_MS });
  }
  for (const [name, cell] of HOSTILE_PACKING_LIST_CELLS) {
    const ms = timed(() => readHostilePackingList(cell));
    figures.push({ figure: `packing list: ${name}`, ms, goalMs: HOSTILE_TEXT_GOAL_MS });
  }
  figures.push({
    figure: `feedback dates: ${HOSTILE_DATE_CELLS.length} pathological cells refused`,
    ms: timed(() => HOSTILE_DATE_CELLS.forEach((cell) => parseFeedbackDate(cell))),
    goalMs: HOSTILE_DATE_CELLS_GOAL_MS,
  });
  const inflating = inflatingPdf();
  figures.push({
    figure: 'PDF inflating to 480 MB refused (too_large)',
    ms: await timedAsync(() => extractPdfText(inflating)),
    goalMs: INFLATING_PDF_GOAL_MS,
  });
  const form = formFieldsPdf();
  figures.push({
    figure: 'PDF of 20 pages × 500 form fields read',
    ms: await timedAsync(() => extractPdfText(form)),
    goalMs: MAX_READ_MS,
  });
  figures.push({
    figure: `same, stopped at a ${STOP_DEADLINE_MS} ms deadline`,
    ms: await timedAsync(() => extractPdfText(form, { maxReadMs: STOP_DEADLINE_MS })),
    goalMs: STOP_GOAL_MS,
  });
  return figures;
}

export function hostileTable(figures: HostileFigure[]): string {
  return figures
    .map(
      (f) => `${f.figure}: ${f.ms} ms (goal < ${f.goalMs} ms) ${f.ms < f.goalMs ? 'ok' : 'MISSED'}`,
    )
    .join('\n');
}

if (require.main === module) {
  runHostileInputBench()
    .then((figures) => {
      console.log(hostileTable(figures));
      if (figures.some((f) => f.ms >= f.goalMs)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
