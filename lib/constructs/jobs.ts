import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { SqsSendMessage } from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SCHEDULES } from '../../lambdas/shared/schedules';
import { pascalCase } from '../naming';

export interface JobsProps {
  prefix: string;
  queue: sqs.IQueue;
  deadLetterQueue: sqs.IQueue;
}

/**
 * EventBridge Scheduler puts the typed job messages of `lambdas/shared/schedules.ts` on the
 * sync queue, at the rates the local stack's scheduler also uses. The worker that reads them is
 * a catalogue function with `consumes: { queue: 'sync' }`.
 */
export class Jobs extends Construct {
  readonly schedules: scheduler.Schedule[];
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    // One role for all schedules. The targets grant it exactly sqs:SendMessage on the queue
    // and on the dead-letter queue.
    this.role = new iam.Role(this, 'SchedulerRole', {
      // Only schedules of this account may assume it (confused-deputy protection).
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'Lets EventBridge Scheduler deliver job messages to the sync queue.',
    });

    this.schedules = SCHEDULES.map(
      (job) =>
        new scheduler.Schedule(this, pascalCase(job.name), {
          scheduleName: `${props.prefix}-${job.name}`,
          description: job.description,
          schedule: scheduler.ScheduleExpression.expression(job.expression),
          // A window lets Scheduler spread the load; no job here needs minute precision.
          timeWindow: scheduler.TimeWindow.flexible(Duration.minutes(15)),
          target: new SqsSendMessage(props.queue, {
            role: this.role,
            deadLetterQueue: props.deadLetterQueue,
            retryAttempts: 10,
            maxEventAge: Duration.hours(1),
            input: scheduler.ScheduleTargetInput.fromObject(job.message),
          }),
        }),
    );
  }
}
