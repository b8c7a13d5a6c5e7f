/** What the import queue's consumer does, assembled from the adapters (`wiring/feedback-import-worker.ts`). */
export interface FeedbackImportWorkerPorts {
  /** Runs a feedback import until the deadline; `paused` when there is more to import. */
  importFeedback(
    userId: string,
    importId: string,
    options: { deadline: number; leaseMs: number },
  ): Promise<string>;
  /** Queues the rest of a paused import. */
  continueFeedbackImport(userId: string, importId: string): Promise<void>;
  /** Ends an import that failed on its last delivery, as unreadable. */
  failFeedbackImport(userId: string, importId: string): Promise<void>;
  log(message: string, fields: Record<string, unknown>): void;
}

export interface ImportDelivery {
  /** Time the worker has left for this job, in ms. */
  remainingMs: number;
  /** How often the queue has delivered this message (1 the first time). */
  receiveCount: number;
  /** Deliveries after which the queue parks the message in its dead-letter queue. */
  maxReceiveCount: number;
  /** Time kept back to save the current slice and queue the continuation. */
  safetyMarginMs: number;
  now: number;
}

/**
 * Runs one `feedback.import` message of the import queue: one slice of the import, then the
 * rest queued when it paused. A thrown error hands the message back to the queue, which
 * delivers it again; on its last delivery the import ends as unreadable.
 */
export async function runFeedbackImportMessage(
  job: { userId: string; importId: string },
  delivery: ImportDelivery,
  ports: FeedbackImportWorkerPorts,
): Promise<void> {
  const { userId, importId } = job;
  const deadline = delivery.now + delivery.remainingMs - delivery.safetyMarginMs;
  try {
    const outcome = await ports.importFeedback(userId, importId, {
      deadline,
      // Outlives this invocation, and lapses well before the queue redelivers the message.
      leaseMs: delivery.remainingMs + 60_000,
    });
    ports.log('Feedback import run', { importId, outcome });
    if (outcome === 'paused') await ports.continueFeedbackImport(userId, importId);
  } catch (error) {
    if (delivery.receiveCount >= delivery.maxReceiveCount) {
      await ports.failFeedbackImport(userId, importId);
    }
    throw error;
  }
}
