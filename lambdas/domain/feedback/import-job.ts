/**
 * The background import of an uploaded feedback export (issue 18): the file is read from
 * storage as a stream, parsed, classified and written in batches, with the progress saved after
 * every batch. A run that runs out of time stops at a batch end and is continued by the next
 * queue message; a worker that dies is replaced by the queue's redelivery. Both resume after
 * the last saved line: every write is an upsert keyed by user and order, so rows written again
 * after the last checkpoint change nothing. Pure: storage, table and clock are ports.
 */
import type { FeedbackClassification, FeedbackParseResult, FeedbackRow } from '.';
import { storedFeedback, type SellerFeedback } from './seller-feedback';
import type { Language } from '../language';

export type FeedbackImportStatus = 'awaiting_upload' | 'queued' | 'running' | 'done' | 'failed';

/**
 * Largest export accepted (our choice: the spec names no feedback limit; a 100,000-row export
 * is about 12 MB). The file goes straight to storage, so API Gateway's payload limit is no bound.
 */
export const FEEDBACK_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** Row errors kept on the job for the seller to read; the count covers them all. */
export const FEEDBACK_IMPORT_MAX_LISTED_ERRORS = 100;

/** Rows gathered before a write and a checkpoint. */
export const FEEDBACK_IMPORT_BATCH_ROWS = 1000;

export interface FeedbackImportProgress {
  /** Every record read so far (stored rows and row errors). */
  rows_read: number;
  rows_stored: number;
  row_errors: number;
  /** The first FEEDBACK_IMPORT_MAX_LISTED_ERRORS row errors. */
  errors: { line: number; error: string }[];
  /** Every record on or before this physical line is done; a resumed run skips them. */
  done_through_line: number;
}

export interface FeedbackImportJob extends FeedbackImportProgress {
  import_id: string;
  user_id: string;
  status: FeedbackImportStatus;
  file_name: string;
  size: number;
  /** The feedback marketplace the rows are imported into. */
  marketplace: string;
  language: Language;
  created_at: string;
  updated_at: string;
  /** Why a failed import failed: the file has no header, is too large, or could not be read. */
  failure: 'no_header' | 'too_large' | 'unreadable' | null;
}

export const EMPTY_PROGRESS: FeedbackImportProgress = {
  rows_read: 0,
  rows_stored: 0,
  row_errors: 0,
  errors: [],
  done_through_line: 0,
};

export interface FeedbackImportRunPorts {
  /** The uploaded file, from its beginning. */
  open(): AsyncIterable<Uint8Array>;
  /** The streaming parser over `open()`'s chunks (throws FeedbackFileError for a refused file). */
  parse(source: AsyncIterable<Uint8Array>): AsyncIterable<FeedbackParseResult>;
  classify(row: FeedbackRow): FeedbackClassification;
  /** Upserts rows holding distinct orders; resolves when every row is stored. */
  save(rows: SellerFeedback[]): Promise<void>;
  /** Saves the progress; false when this run no longer holds the job (it must stop). */
  checkpoint(progress: FeedbackImportProgress): Promise<boolean>;
  now(): number;
}

export type FeedbackImportRunOutcome =
  | { outcome: 'done'; progress: FeedbackImportProgress }
  /** Out of time at a batch end: continue from `progress` in a new run. */
  | { outcome: 'paused'; progress: FeedbackImportProgress }
  /** Another run took the job over. */
  | { outcome: 'lost'; progress: FeedbackImportProgress };

/** The stored row of a parsed and classified feedback row. */
export function feedbackRowOf(
  job: Pick<FeedbackImportJob, 'user_id' | 'marketplace'>,
  row: FeedbackRow,
  verdict: FeedbackClassification,
  now: string,
): SellerFeedback {
  const at = { id: row.order_id, userId: job.user_id, marketplace: job.marketplace, now };
  return storedFeedback(row, verdict, at);
}

/**
 * Runs the import from `job`'s saved progress until the file ends or `deadline` (epoch ms)
 * passes at a batch end. The same order twice in the file keeps the later row: batches are
 * written in file order, one after the other, and a batch keeps the last row of each order.
 */
export async function runFeedbackImport(
  job: FeedbackImportJob,
  ports: FeedbackImportRunPorts,
  deadline: number,
): Promise<FeedbackImportRunOutcome> {
  const progress: FeedbackImportProgress = {
    rows_read: job.rows_read,
    rows_stored: job.rows_stored,
    row_errors: job.row_errors,
    errors: [...job.errors],
    done_through_line: job.done_through_line,
  };
  const skipThrough = job.done_through_line;
  let batch = new Map<string, SellerFeedback>();
  let read = 0;
  let errors: { line: number; error: string }[] = [];
  let lastLine = skipThrough;
  const importedAt = new Date(ports.now()).toISOString();

  const flush = async (): Promise<boolean> => {
    const rows = [...batch.values()];
    if (rows.length > 0) await ports.save(rows);
    progress.rows_read += read;
    progress.rows_stored += rows.length;
    progress.row_errors += errors.length;
    for (const e of errors) {
      if (progress.errors.length >= FEEDBACK_IMPORT_MAX_LISTED_ERRORS) break;
      progress.errors.push(e);
    }
    progress.done_through_line = lastLine;
    batch = new Map();
    read = 0;
    errors = [];
    return ports.checkpoint({ ...progress, errors: [...progress.errors] });
  };

  for await (const chunk of ports.parse(ports.open())) {
    for (const row of chunk.rows) {
      if (row.line <= skipThrough) continue;
      read += 1;
      batch.delete(row.order_id);
      batch.set(row.order_id, feedbackRowOf(job, row, ports.classify(row), importedAt));
      lastLine = Math.max(lastLine, row.line);
    }
    for (const error of chunk.errors) {
      if (error.line <= skipThrough) continue;
      read += 1;
      errors.push({ line: error.line, error: error.error });
      lastLine = Math.max(lastLine, error.line);
    }
    // A chunk is complete: every record up to its last line has been seen.
    if (batch.size >= FEEDBACK_IMPORT_BATCH_ROWS) {
      if (!(await flush())) return { outcome: 'lost', progress };
      if (ports.now() >= deadline) return { outcome: 'paused', progress };
    }
  }
  if (!(await flush())) return { outcome: 'lost', progress };
  return { outcome: 'done', progress };
}
