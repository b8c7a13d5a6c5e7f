import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { statefulRemoval } from '../removal';

export interface QueuesProps {
  /** Keep the queues, and the failed jobs waiting in the dead-letter queues, on deletion (prod). */
  retain: boolean;
}

/**
 * The sync queue carries background jobs (`{"type":"sync.due"}`, `{"type":"cases.poll"}`...)
 * from the schedules to the worker. Queues live in the stateful stack because a failed job
 * waiting in a dead-letter queue is data someone still has to look at.
 */
export class Queues extends Construct {
  /**
   * A job that fails this many times is parked in the dead-letter queue instead of retrying
   * forever against a marketplace that keeps refusing it.
   */
  static readonly MAX_RECEIVE_COUNT = 5;
  /**
   * Lambda's SQS poller needs the visibility timeout to be at least six times the consumer's
   * timeout, so this allows consumers of up to 2.5 minutes.
   */
  static readonly SYNC_VISIBILITY_TIMEOUT = Duration.minutes(15);

  readonly syncQueue: sqs.Queue;
  readonly syncDeadLetterQueue: sqs.Queue;
  /**
   * The import queue carries the uploaded feedback exports to import (`feedback.import`), to
   * their own worker: the parser and classifier stay out of the sync worker.
   */
  readonly importQueue: sqs.Queue;
  readonly importDeadLetterQueue: sqs.Queue;
  /**
   * The account queue carries the deletions of accounts (`account.delete`) to their own worker:
   * the request answers at once and the user directory client stays out of the other workers.
   */
  readonly accountQueue: sqs.Queue;
  readonly accountDeadLetterQueue: sqs.Queue;
  /**
   * The reading queue carries the uploaded scans and photos to read by OCR (`document.read`) to
   * the reading worker: the upload confirms at once and OCR never runs in a request.
   */
  readonly readingQueue: sqs.Queue;
  readonly readingDeadLetterQueue: sqs.Queue;
  /** Where EventBridge Scheduler parks a message it could not deliver to the sync queue. */
  readonly scheduleDeadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);

    const common: sqs.QueueProps = {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: statefulRemoval(props.retain),
    };

    this.syncDeadLetterQueue = new sqs.Queue(this, 'SyncDeadLetterQueue', {
      ...common,
      retentionPeriod: Duration.days(14),
    });

    this.syncQueue = new sqs.Queue(this, 'SyncQueue', {
      ...common,
      visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: {
        queue: this.syncDeadLetterQueue,
        maxReceiveCount: Queues.MAX_RECEIVE_COUNT,
      },
    });

    this.importDeadLetterQueue = new sqs.Queue(this, 'ImportDeadLetterQueue', {
      ...common,
      retentionPeriod: Duration.days(14),
    });

    this.importQueue = new sqs.Queue(this, 'ImportQueue', {
      ...common,
      visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: {
        queue: this.importDeadLetterQueue,
        maxReceiveCount: Queues.MAX_RECEIVE_COUNT,
      },
    });

    this.accountDeadLetterQueue = new sqs.Queue(this, 'AccountDeadLetterQueue', {
      ...common,
      retentionPeriod: Duration.days(14),
    });

    this.accountQueue = new sqs.Queue(this, 'AccountQueue', {
      ...common,
      visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: {
        queue: this.accountDeadLetterQueue,
        maxReceiveCount: Queues.MAX_RECEIVE_COUNT,
      },
    });

    this.readingDeadLetterQueue = new sqs.Queue(this, 'ReadingDeadLetterQueue', {
      ...common,
      retentionPeriod: Duration.days(14),
    });

    this.readingQueue = new sqs.Queue(this, 'ReadingQueue', {
      ...common,
      visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: {
        queue: this.readingDeadLetterQueue,
        maxReceiveCount: Queues.MAX_RECEIVE_COUNT,
      },
    });

    this.scheduleDeadLetterQueue = new sqs.Queue(this, 'ScheduleDeadLetterQueue', {
      ...common,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.scheduleDeadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself a dead-letter queue: the schedules name it in their ' +
        'DeadLetterConfig, which cdk-nag does not recognise (it only follows SQS redrive policies).',
    });
  }
}
