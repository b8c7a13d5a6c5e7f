import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { chunk } from '../../domain/concurrency';
import type { SyncQueuePort } from '../../domain/sync/sync';
import type { SyncRun } from '../../domain/sync/run';
import { awsEnv, loadConfig } from '../../shared/config';
import type { SyncUserMessage } from '../../shared/job-messages';

// Not z.url(): the SQS emulator's queue URLs (sqs.<region>.127.0.0.1:port) are not WHATWG URLs.
const env = loadConfig(awsEnv.extend({ SYNC_QUEUE_URL: z.string().min(1) }));

const sqs = new SQSClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SQS });

/** SendMessageBatch's limit. */
const BATCH = 10;

function messageOf(run: SyncRun): SyncUserMessage {
  return { type: 'sync.user', userId: run.userId, runId: run.runId };
}

/** Puts `sync.user` messages on the sync queue, ten per request. */
export const syncQueue: SyncQueuePort = {
  async enqueue(runs) {
    const failed: SyncRun[] = [];
    for (const batch of chunk(runs, BATCH)) {
      try {
        const result = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: env.SYNC_QUEUE_URL,
            Entries: batch.map((run, index) => ({
              Id: String(index),
              MessageBody: JSON.stringify(messageOf(run)),
            })),
          }),
        );
        for (const entry of result.Failed ?? []) {
          const run = batch[Number(entry.Id)];
          if (run) failed.push(run);
        }
      } catch {
        failed.push(...batch);
      }
    }
    return failed;
  },
};
