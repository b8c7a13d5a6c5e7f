import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { startConsumer, startScheduler } from '../../local/stack/jobs';
import { ensureQueueWithDlq } from '../../local/stack/sqs';
import { SCHEDULES } from '../../lambdas/shared/schedules';
import { received } from './fixtures/recording-worker';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { stackInfo } from './stack';

const region = LOCAL_REGION;
const credentials = LOCAL_CREDENTIALS;

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('jobs: schedules put messages on SQS and the consumer hands them to the worker', () => {
  const stack = stackInfo();
  const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, region, credentials });
  afterAll(() => sqs.destroy());

  test('the stack created the sync queue with a redrive policy to its dead-letter queue', async () => {
    const attrs = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: stack.sqs.syncQueueUrl,
        AttributeNames: ['RedrivePolicy'],
      }),
    );
    const policy = JSON.parse(attrs.Attributes!.RedrivePolicy!);
    expect(policy.deadLetterTargetArn).toMatch(/sync-jobs-dlq$/);
    expect(Number(policy.maxReceiveCount)).toBe(5);
  });

  test('a scheduled message reaches the worker in the SQS event shape and leaves the queue', async () => {
    // Prepare: a queue of its own so the test does not race the stack's scheduler
    const queue = await ensureQueueWithDlq(stack.sqs.endpoint, `it-${randomUUID()}`);
    const scheduler = startScheduler({
      endpoint: stack.sqs.endpoint,
      queueUrl: queue.url,
      schedules: [...SCHEDULES],
    });
    const consumer = startConsumer({
      endpoint: stack.sqs.endpoint,
      queueUrl: queue.url,
      queueArn: queue.arn,
      entry: path.join(__dirname, 'fixtures/recording-worker.ts'),
      root: __dirname,
      functionName: 'worker',
    });

    // Act
    await scheduler.fire('automatic-sync');
    const record = await waitFor(async () => received.find((r) => r.eventSourceARN === queue.arn));
    await consumer.stop();
    await scheduler.stop();

    // Assess
    expect(JSON.parse(record.body)).toEqual({ type: 'sync.due' });
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      awsRegion: region,
      attributes: { ApproximateReceiveCount: '1' },
    });
    const left = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queue.url, WaitTimeSeconds: 0 }),
    );
    expect(left.Messages ?? []).toHaveLength(0);
  });

  test('a message the worker keeps failing moves to the dead-letter queue after five receives', async () => {
    // Prepare
    const queue = await ensureQueueWithDlq(stack.sqs.endpoint, `it-${randomUUID()}`);
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: queue.url,
        Attributes: { VisibilityTimeout: '1' },
      }),
    );
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify({ fail: true }) }),
    );
    const consumer = startConsumer({
      endpoint: stack.sqs.endpoint,
      queueUrl: queue.url,
      queueArn: queue.arn,
      entry: path.join(__dirname, 'fixtures/recording-worker.ts'),
      root: __dirname,
      functionName: 'worker',
    });

    // Act
    const dead = await waitFor(async () => {
      const res = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, WaitTimeSeconds: 0 }),
      );
      return res.Messages?.[0];
    }, 25_000);
    await consumer.stop();

    // Assess
    expect(JSON.parse(dead.Body!)).toEqual({ fail: true });
    expect(received.filter((r) => r.eventSourceARN === queue.arn)).toHaveLength(5);
  });
});
