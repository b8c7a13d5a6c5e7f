import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { SqsSendMessage } from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The recurring jobs and the message each one puts on the sync queue. */
export const JOB_SCHEDULES = [
  {
    id: 'AutomaticSync',
    /** The spec's automatic marketplace sync (section 9: every 7 days). */
    type: 'sync.due',
    expression: scheduler.ScheduleExpression.rate(Duration.days(7)),
    description: 'Weekly marketplace sync of every connected seller.',
  },
  {
    id: 'CasePoller',
    type: 'cases.poll',
    expression: scheduler.ScheduleExpression.rate(Duration.hours(1)),
    description: 'Hourly check of open reimbursement cases for marketplace replies.',
  },
] as const;

export interface JobsProps {
  prefix: string;
  queue: sqs.IQueue;
  deadLetterQueue: sqs.IQueue;
}

/**
 * EventBridge Scheduler puts typed job messages on the sync queue; the worker that reads them
 * is a catalogue function with `consumes: { queue: 'sync' }`.
 */
export class Jobs extends Construct {
  readonly schedules: scheduler.Schedule[];
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    // One role for both schedules, allowed only to send to the queue and to the dead-letter
    // queue (the targets add exactly those two permissions).
    this.role = new iam.Role(this, 'SchedulerRole', {
      // Only schedules of this account may assume it (confused-deputy protection).
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'Lets EventBridge Scheduler deliver job messages to the sync queue.',
    });

    this.schedules = JOB_SCHEDULES.map(
      (job) =>
        new scheduler.Schedule(this, job.id, {
          scheduleName: `${props.prefix}-${job.type.replace('.', '-')}`,
          description: job.description,
          schedule: job.expression,
          // A window lets Scheduler spread the load; nothing here needs minute precision.
          timeWindow: scheduler.TimeWindow.flexible(Duration.minutes(15)),
          target: new SqsSendMessage(props.queue, {
            role: this.role,
            deadLetterQueue: props.deadLetterQueue,
            retryAttempts: 10,
            maxEventAge: Duration.hours(1),
            // The scheduled time doubles as an idempotency key for the worker.
            input: scheduler.ScheduleTargetInput.fromObject({
              type: job.type,
              scheduledAt: scheduler.ContextAttribute.scheduledTime,
            }),
          }),
        }),
    );
  }
}
