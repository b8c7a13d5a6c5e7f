import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { awsEnv, loadConfig } from '../../shared/config';
import type { FeedbackImportMessage } from '../../shared/job-messages';

// Not z.url(): the SQS emulator's queue URLs (sqs.<region>.127.0.0.1:port) are not WHATWG URLs.
const env = loadConfig(awsEnv.extend({ IMPORT_QUEUE_URL: z.string().min(1) }));

const sqs = new SQSClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SQS });

/**
 * Puts one `feedback.import` message on the import queue (a new import, or the rest of one),
 * which the feedback import worker consumes.
 */
export async function enqueueFeedbackImport(userId: string, importId: string): Promise<void> {
  const message: FeedbackImportMessage = { type: 'feedback.import', userId, importId };
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: env.IMPORT_QUEUE_URL,
      MessageBody: JSON.stringify(message),
    }),
  );
}
