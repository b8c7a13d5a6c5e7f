import { classifyFeedback, parseFeedbackStream } from '.';
import {
  EMPTY_PROGRESS,
  runFeedbackImport,
  type FeedbackImportJob,
  type FeedbackImportProgress,
  type FeedbackImportRunPorts,
} from './import-job';
import type { SellerFeedback } from './seller-feedback';

function exportOf(rows: number): Buffer {
  const lines = ['Date\tRating\tComments\tOrder ID'];
  for (let i = 0; i < rows; i += 1) {
    const order = `171-${String(i).padStart(7, '0')}-0000001`;
    lines.push(
      i % 97 === 5 ? `not a date\t1\tbroken\t${order}` : `2026-10-01\t2\tLate ${i}\t${order}`,
    );
  }
  // The same order again at the end: the later row wins.
  lines.push('2026-10-02\t5\tLast word\t171-0000000-0000001');
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}

const job = (progress: FeedbackImportProgress = EMPTY_PROGRESS): FeedbackImportJob => ({
  ...progress,
  import_id: 'i1',
  user_id: 'u1',
  status: 'running',
  file_name: 'f.tsv',
  size: 1,
  marketplace: 'amazon.it',
  language: 'it',
  created_at: '',
  updated_at: '',
  failure: null,
});

/** A table keyed by order (an upsert per row) and a clock that moves 1 ms per call. */
function world(file: Buffer, options: { dieAfterSaves?: number } = {}) {
  const table = new Map<string, SellerFeedback>();
  let saves = 0;
  let clock = 0;
  let saved: FeedbackImportProgress = EMPTY_PROGRESS;
  const ports: FeedbackImportRunPorts = {
    async *open() {
      for (let at = 0; at < file.length; at += 4096) yield file.subarray(at, at + 4096);
    },
    parse: (source) => parseFeedbackStream(source),
    classify: (row) => classifyFeedback(row),
    async save(rows) {
      saves += 1;
      if (options.dieAfterSaves !== undefined && saves > options.dieAfterSaves) {
        // Half the batch reaches the table before the worker dies.
        for (const row of rows.slice(0, rows.length / 2)) table.set(row.order_id, row);
        throw new Error('worker died');
      }
      for (const row of rows) table.set(row.order_id, row);
    },
    async checkpoint(progress) {
      saved = progress;
      return true;
    },
    now: () => (clock += 1),
  };
  return { table, ports, saved: () => saved };
}

describe('runFeedbackImport', () => {
  const file = exportOf(5_000);

  test('stores every good row once, counts the row errors, and keeps the later row of a repeated order', async () => {
    const w = world(file);
    const run = await runFeedbackImport(job(), w.ports, Number.POSITIVE_INFINITY);
    expect(run.outcome).toBe('done');
    const errors = Math.ceil((5_000 - 5) / 97);
    expect(run.progress).toMatchObject({ rows_read: 5_001, row_errors: errors });
    expect(w.table.size).toBe(5_000 - errors);
    expect(w.table.get('171-0000000-0000001')).toMatchObject({ rating: 5, comment: 'Last word' });
  });

  test('a run out of time pauses at a batch end and the next run finishes with the same result', async () => {
    const whole = world(file);
    await runFeedbackImport(job(), whole.ports, Number.POSITIVE_INFINITY);

    const w = world(file);
    const first = await runFeedbackImport(job(), w.ports, 0);
    expect(first.outcome).toBe('paused');
    expect(first.progress.rows_read).toBeGreaterThan(0);
    expect(first.progress.rows_read).toBeLessThan(5_001);
    const second = await runFeedbackImport(job(w.saved()), w.ports, Number.POSITIVE_INFINITY);
    expect(second.outcome).toBe('done');
    expect(second.progress.rows_read).toBe(5_001);
    expect([...w.table.entries()].map(([k, v]) => [k, v.comment])).toEqual(
      [...whole.table.entries()].map(([k, v]) => [k, v.comment]),
    );
  });

  test('a worker that dies half-way through a batch resumes from its last checkpoint without duplicates', async () => {
    const whole = world(file);
    await runFeedbackImport(job(), whole.ports, Number.POSITIVE_INFINITY);

    const dying = world(file, { dieAfterSaves: 2 });
    await expect(runFeedbackImport(job(), dying.ports, Number.POSITIVE_INFINITY)).rejects.toThrow(
      'worker died',
    );
    const checkpoint = dying.saved();
    const resumed = world(file);
    for (const [k, v] of dying.table) resumed.table.set(k, v);
    const run = await runFeedbackImport(job(checkpoint), resumed.ports, Number.POSITIVE_INFINITY);
    expect(run.outcome).toBe('done');
    expect(run.progress.rows_read).toBe(5_001);
    expect(resumed.table.size).toBe(whole.table.size);
    expect(resumed.table.get('171-0000000-0000001')?.comment).toBe('Last word');
  });

  test('a run that lost its lease stops at once', async () => {
    const w = world(file);
    w.ports.checkpoint = async () => false;
    const run = await runFeedbackImport(job(), w.ports, Number.POSITIVE_INFINITY);
    expect(run.outcome).toBe('lost');
    // One batch (a little over 1,000 rows: batches end with a parsed chunk), no more.
    expect(w.table.size).toBeLessThan(2000);
  });
});
