import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { awsEnv, loadConfig } from '../../shared/config';
import type { DocumentReadMessage } from '../../shared/job-messages';

// Not z.url(): the SQS emulator's queue URLs (sqs.<region>.127.0.0.1:port) are not WHATWG URLs.
const env = loadConfig(awsEnv.extend({ READING_QUEUE_URL: z.string().min(1) }));

const sqs = new SQSClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SQS });

/**
 * Puts one `document.read` message on the reading queue, which the document reading worker
 * consumes (OCR of a scan or photo, in the background).
 */
export async function enqueueDocumentReading(userId: string, documentId: string): Promise<void> {
  const message: DocumentReadMessage = { type: 'document.read', userId, documentId };
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: env.READING_QUEUE_URL,
      MessageBody: JSON.stringify(message),
    }),
  );
}
