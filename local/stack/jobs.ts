import { randomUUID, createHash } from 'node:crypto';
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handlerLoader } from '../handler-loader';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';

export interface LocalSchedule {
  name: string;
  /** An EventBridge rate expression, e.g. `rate(7 days)`. */
  expression: string;
  /** The JSON the schedule puts on the queue, as the Scheduler target's `Input`. */
  message: Record<string, unknown>;
}

const UNIT_MS: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** Milliseconds between runs of a `rate(...)` expression. */
export function rateToMs(expression: string): number {
  const match = /^rate\((\d+) (minutes?|hours?|days?)\)$/.exec(expression.trim());
  if (!match) throw new Error(`Unsupported schedule expression: ${expression}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/**
 * Sends each schedule's message to the queue at its rate, as EventBridge Scheduler does in AWS.
 * Timers beyond Node's 24.8-day limit never occur: the longest schedule is seven days.
 */
export function startScheduler(opts: {
  endpoint: string;
  queueUrl: string;
  schedules: LocalSchedule[];
}) {
  const client = new SQSClient({
    endpoint: opts.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const send = (schedule: LocalSchedule) =>
    client.send(
      new SendMessageCommand({
        QueueUrl: opts.queueUrl,
        MessageBody: JSON.stringify(schedule.message),
      }),
    );
  const timers = opts.schedules.map((schedule) =>
    setInterval(() => void send(schedule).catch(() => undefined), rateToMs(schedule.expression)),
  );
  return {
    /** Fires one schedule now, as "run now" would in the Scheduler console. */
    fire: (name: string) => {
      const schedule = opts.schedules.find((s) => s.name === name);
      if (!schedule) throw new Error(`No schedule named ${name}`);
      return send(schedule);
    },
    stop: async () => {
      timers.forEach(clearInterval);
      client.destroy();
    },
  };
}

type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

function toRecord(message: Message, queueArn: string): SQSEvent['Records'][number] {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp:
        attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody:
      message.MD5OfBody ??
      createHash('md5')
        .update(message.Body ?? '')
        .digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: LOCAL_REGION,
  };
}

/**
 * Polls the queue and hands batches to the worker handler in the SQS event shape, honouring
 * partial batch failures: messages the handler reports as failed stay on the queue, become
 * visible again and, after the queue's maxReceiveCount, move to the dead-letter queue.
 */
export function startConsumer(opts: {
  endpoint: string;
  queueUrl: string;
  queueArn: string;
  /** Worker module (absolute path or relative to `root`) exporting `handler`. */
  entry: string;
  root: string;
  functionName: string;
  batchSize?: number;
  log?: (line: string) => void;
}) {
  const client = new SQSClient({
    endpoint: opts.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const log = opts.log ?? (() => undefined);
  let running = true;
  const loadHandler = handlerLoader<SqsHandler>(opts.root);
  const load = () => loadHandler(opts.entry);

  const loop = (async () => {
    while (running) {
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: opts.queueUrl,
            MaxNumberOfMessages: opts.batchSize ?? 10,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        const messages = received.Messages ?? [];
        if (!messages.length) continue;
        const event: SQSEvent = { Records: messages.map((m) => toRecord(m, opts.queueArn)) };
        const context = {
          functionName: opts.functionName,
          awsRequestId: randomUUID(),
          getRemainingTimeInMillis: () => 900_000,
        } as Context;
        let failed = new Set<string>();
        try {
          const result = await (await load())(event, context);
          failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (error) {
          log(`worker ${opts.functionName} failed: ${(error as Error).message}`);
          failed = new Set(messages.map((m) => m.MessageId!));
        }
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: opts.queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        if (!running) break;
        log(`consumer ${opts.functionName}: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();

  return {
    stop: async () => {
      running = false;
      await loop;
      client.destroy();
    },
  };
}

type ScheduledHandler = (event: unknown, context: Context) => Promise<unknown>;

/**
 * EventBridge Scheduler invoking a function directly (the catalogue's `schedules`): each rate
 * schedule calls the same handler module with its input. `cron(...)` and `at(...)` schedules are
 * listed but not timed locally; `fire` runs any of them on demand.
 */
export function startFunctionSchedules(opts: {
  root: string;
  functions: {
    name: string;
    entry: string;
    schedules?: readonly { name: string; expression: string; input?: Record<string, unknown> }[];
  }[];
  log?: (line: string) => void;
}) {
  const log = opts.log ?? (() => undefined);
  const jobs = opts.functions.flatMap((fn) =>
    (fn.schedules ?? []).map((schedule) => ({ fn, schedule })),
  );
  const load = handlerLoader<ScheduledHandler>(opts.root);
  const run = async ({ fn, schedule }: (typeof jobs)[number]) => {
    const context = {
      functionName: fn.name,
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => 900_000,
    } as Context;
    try {
      await (
        await load(fn.entry)
      )(schedule.input ?? {}, context);
    } catch (error) {
      log(`schedule ${schedule.name} (${fn.name}) failed: ${(error as Error).message}`);
    }
  };
  const timers = jobs.flatMap((job) =>
    job.schedule.expression.startsWith('rate(')
      ? [setInterval(() => void run(job), rateToMs(job.schedule.expression))]
      : [],
  );
  return {
    /** Runs one schedule now, as "run now" would in the Scheduler console. */
    fire: (name: string) => {
      const job = jobs.find((j) => j.schedule.name === name);
      if (!job) throw new Error(`No schedule named ${name}`);
      return run(job);
    },
    stop: async () => {
      timers.forEach(clearInterval);
    },
  };
}
