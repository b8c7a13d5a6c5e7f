import * as z from 'zod';
import { stagingPath } from '../domain/cases/documents';
import { classifyFeedback, FeedbackFileError, parseFeedbackStream } from '../domain/feedback';
import {
  FEEDBACK_UPLOAD_MAX_BYTES,
  runFeedbackImport,
  type FeedbackImportRunOutcome,
} from '../domain/feedback/import-job';
import { loadConfig } from '../shared/config';
import { feedbackToday } from '../domain/feedback/removal-window';
import { streamObject, userPrefix } from '../adapters/documents';
import {
  failFeedbackImport,
  leaseFeedbackImport,
  saveFeedbackImportProgress,
} from '../adapters/dynamo/feedback-imports';
import { feedbackWritePacer, saveFeedbackRowsPaced } from '../adapters/dynamo/seller-feedback';

const env = loadConfig(
  z.object({
    /**
     * Write units a second one seller's import may spend (see feedbackWritePacer): under the
     * 1,000 a partition takes, with room for the seller's other writes. 0 turns pacing off
     * (the local stack: DynamoDB Local has no partition limit).
     */
    FEEDBACK_WRITE_UNITS_PER_SECOND: z.coerce.number().int().min(0).default(600),
  }),
);

/** Where the browser uploads an export for import: a staging key, removed after a day. */
export function feedbackUploadKey(userId: string, importId: string): string {
  return stagingPath(`${userPrefix(userId)}feedback-imports/${importId}.txt`);
}

export type FeedbackImportJobResult =
  | FeedbackImportRunOutcome['outcome']
  /** Finished, failed or held by another run: nothing to do. */
  | 'skipped'
  | 'refused';

/**
 * One run of a queued import on the real storage and table: takes the job's lease (longer
 * than the worker lives, so a dead worker's lease has lapsed when the queue redelivers), runs
 * until `deadline`, and saves where it stopped.
 */
export async function runFeedbackImportJob(
  userId: string,
  importId: string,
  options: { deadline: number; leaseMs: number },
): Promise<FeedbackImportJobResult> {
  const leased = await leaseFeedbackImport(userId, importId, options.leaseMs);
  if (!leased) return 'skipped';
  const { job, leaseUntil: lease } = leased;
  const pace = feedbackWritePacer(env.FEEDBACK_WRITE_UNITS_PER_SECOND);
  const today = feedbackToday();
  try {
    const run = await runFeedbackImport(
      job,
      {
        open: () => streamObject(feedbackUploadKey(userId, importId)),
        parse: (source) => parseFeedbackStream(source, { maxBytes: FEEDBACK_UPLOAD_MAX_BYTES }),
        classify: (row) => classifyFeedback(row, { language: job.language, today }),
        save: (rows) => saveFeedbackRowsPaced(rows, pace),
        checkpoint: (progress) => saveFeedbackImportProgress(userId, importId, lease, progress),
        now: () => Date.now(),
      },
      options.deadline,
    );
    if (run.outcome === 'done') {
      await saveFeedbackImportProgress(userId, importId, lease, run.progress, { status: 'done' });
    } else if (run.outcome === 'paused') {
      await saveFeedbackImportProgress(userId, importId, lease, run.progress, { release: true });
    }
    return run.outcome;
  } catch (error) {
    if (error instanceof FeedbackFileError) {
      await failFeedbackImport(userId, importId, error.code);
      return 'refused';
    }
    throw error;
  }
}
