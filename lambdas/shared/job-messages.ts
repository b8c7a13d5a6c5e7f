import * as z from 'zod';

/**
 * Deliveries after which the sync queue parks a message in its dead-letter queue; the same
 * number as lib/constructs/queues.ts and local/stack/sqs.ts (an infra test holds them equal).
 * The worker ends a run for good on the last delivery instead of leaving it half-done.
 */
export const SYNC_MAX_RECEIVE_COUNT = 5;

/**
 * Messages on the sync queue. The schedules put `sync.due` and `cases.poll` there
 * (schedules.ts); the sync itself puts `sync.user`, one per run to start or continue. A
 * feedback import puts `feedback.import` on the import queue, to start and to continue.
 */
export const syncUserMessage = z.object({
  type: z.literal('sync.user'),
  userId: z.string().min(1),
  runId: z.string().min(1),
});

/** An uploaded feedback export to import, or to go on importing (issue 18). */
export const feedbackImportMessage = z.object({
  type: z.literal('feedback.import'),
  userId: z.string().min(1),
  importId: z.string().min(1),
});

/** An account whose deletion was asked for: its files, items and identity go (account queue). */
export const accountDeletionMessage = z.object({
  type: z.literal('account.delete'),
  userId: z.string().min(1),
});

/** An uploaded scan or photo to read by OCR in the background (reading queue, issue 33). */
export const documentReadMessage = z.object({
  type: z.literal('document.read'),
  userId: z.string().min(1),
  documentId: z.string().min(1),
});

export const jobMessage = z.discriminatedUnion('type', [
  syncUserMessage,
  z.object({ type: z.literal('sync.due') }),
  z.object({ type: z.literal('cases.poll') }),
  z.object({ type: z.literal('alerts.digest') }),
]);

export type SyncUserMessage = z.infer<typeof syncUserMessage>;
export type FeedbackImportMessage = z.infer<typeof feedbackImportMessage>;
export type AccountDeletionMessage = z.infer<typeof accountDeletionMessage>;
export type DocumentReadMessage = z.infer<typeof documentReadMessage>;
export type JobMessageBody = z.infer<typeof jobMessage>;

function parsed<T>(schema: z.ZodType<T>, raw: string, what: string): T {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  const job = schema.safeParse(body);
  if (!job.success) throw new Error(`Not ${what}: ${raw.slice(0, 200)}`);
  return job.data;
}

/**
 * The job a sync queue message carries. A message that is not one is never valid however often
 * it is retried: it throws, so the queue parks it in the dead-letter queue, where somebody sees
 * it.
 */
export function parseJobMessage(raw: string): JobMessageBody {
  return parsed(jobMessage, raw, 'a sync job');
}

/** The import an import queue message carries; anything else throws, as above. */
export function parseImportMessage(raw: string): FeedbackImportMessage {
  return parsed(feedbackImportMessage, raw, 'a feedback import');
}

/** The deletion an account queue message carries; anything else throws, as above. */
export function parseAccountMessage(raw: string): AccountDeletionMessage {
  return parsed(accountDeletionMessage, raw, 'an account deletion');
}

/** The document a reading queue message names; anything else throws, as above. */
export function parseDocumentReadMessage(raw: string): DocumentReadMessage {
  return parsed(documentReadMessage, raw, 'a document reading');
}
