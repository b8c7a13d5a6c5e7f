import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';

/** After this many failed receives a job moves to the dead-letter queue (the CDK app uses the same). */
export const MAX_RECEIVE_COUNT = 5;

export interface QueueInfo {
  url: string;
  arn: string;
  dlqUrl: string;
  dlqArn: string;
}

/**
 * Starts the fauxqs SQS emulator in-process and creates the sync queue, the import queue, the
 * account queue and the reading queue, each with its dead-letter queue.
 */
export async function startSqs(opts: {
  host: string;
  port: number;
  queueName: string;
  importQueueName: string;
  accountQueueName?: string;
  readingQueueName?: string;
}) {
  // fauxqs is published as an ES module only.
  const { startFauxqs } = await import('fauxqs');
  const server = await startFauxqs({
    port: opts.port,
    host: opts.host,
    logger: false,
    defaultRegion: LOCAL_REGION,
  });
  const endpoint = `http://${opts.host}:${opts.port}`;
  const queue = await ensureQueueWithDlq(endpoint, opts.queueName);
  const importQueue = await ensureQueueWithDlq(endpoint, opts.importQueueName);
  const accountQueue = await ensureQueueWithDlq(endpoint, opts.accountQueueName ?? 'account-jobs');
  const readingQueue = await ensureQueueWithDlq(endpoint, opts.readingQueueName ?? 'reading-jobs');
  return { endpoint, queue, importQueue, accountQueue, readingQueue, stop: () => server.stop() };
}

export async function ensureQueueWithDlq(endpoint: string, name: string): Promise<QueueInfo> {
  const client = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const arnOf = async (url: string) => {
      const attrs = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
      );
      return attrs.Attributes!.QueueArn!;
    };
    const dlq = await client.send(
      new CreateQueueCommand({
        QueueName: `${name}-dlq`,
        Attributes: { MessageRetentionPeriod: '1209600' },
      }),
    );
    const dlqArn = await arnOf(dlq.QueueUrl!);
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: name,
        Attributes: {
          VisibilityTimeout: '120',
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqArn,
            maxReceiveCount: MAX_RECEIVE_COUNT,
          }),
        },
      }),
    );
    return {
      url: queue.QueueUrl!,
      arn: await arnOf(queue.QueueUrl!),
      dlqUrl: dlq.QueueUrl!,
      dlqArn,
    };
  } finally {
    client.destroy();
  }
}
