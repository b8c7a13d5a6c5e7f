import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { awsEnv, loadConfig } from '../../shared/config';
import type { AccountDeletionMessage } from '../../shared/job-messages';

// Not z.url(): the SQS emulator's queue URLs (sqs.<region>.127.0.0.1:port) are not WHATWG URLs.
const env = loadConfig(awsEnv.extend({ ACCOUNT_QUEUE_URL: z.string().min(1) }));

const sqs = new SQSClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SQS });

/**
 * Puts one `account.delete` message on the account queue, which the account deletion worker
 * consumes.
 */
export async function enqueueAccountDeletion(userId: string): Promise<void> {
  const message: AccountDeletionMessage = { type: 'account.delete', userId };
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: env.ACCOUNT_QUEUE_URL,
      MessageBody: JSON.stringify(message),
    }),
  );
}
