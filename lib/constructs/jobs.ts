import { Aws, Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SCHEDULES } from '../../lambdas/shared/schedules';
import { wildcardResourceFinding } from '../nag';
import { pascalCase } from '../naming';
import type { ServerFunction } from './server-function';

export interface JobsProps {
  prefix: string;
  queue: sqs.IQueue;
  deadLetterQueue: sqs.IQueue;
  /** Catalogue functions; those with `schedules` are invoked directly on them. */
  functions: readonly ServerFunction[];
}

/** Retries before a job message or invocation is parked in the schedules' dead-letter queue. */
const RETRY_ATTEMPTS = 10;
const MAX_EVENT_AGE = Duration.hours(1);
// A window lets Scheduler spread the load; no job here needs minute precision.
const TIME_WINDOW = scheduler.TimeWindow.flexible(Duration.minutes(15));

/**
 * EventBridge Scheduler, two ways:
 * - the typed job messages of `lambdas/shared/schedules.ts` (7-day sync, case poller) go on the
 *   sync queue, at the rates the local stack's scheduler also uses; the worker that reads them
 *   is a catalogue function with `consumes: { queue: 'sync' }`;
 * - a catalogue function with `schedules` (e.g. the feedback report import) is invoked
 *   directly with the schedule's input.
 * Either way a delivery that still fails after the retries lands in the schedules' dead-letter
 * queue, which has an alarm.
 */
export class Jobs extends Construct {
  readonly schedules: scheduler.Schedule[];
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    // One role for all schedules. The targets grant it exactly sqs:SendMessage on the queue
    // and on the dead-letter queue, and lambda:InvokeFunction on each scheduled function.
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
          timeWindow: TIME_WINDOW,
          target: new SqsSendMessage(props.queue, {
            role: this.role,
            deadLetterQueue: props.deadLetterQueue,
            retryAttempts: RETRY_ATTEMPTS,
            maxEventAge: MAX_EVENT_AGE,
            input: scheduler.ScheduleTargetInput.fromObject(job.message),
          }),
        }),
    );

    const names = new Set<string>(SCHEDULES.map((job) => job.name));
    for (const fn of props.functions) {
      for (const schedule of fn.spec.schedules ?? []) {
        if (names.has(schedule.name)) {
          throw new Error(
            `Function "${fn.spec.name}": schedule name "${schedule.name}" is already used ` +
              '(lambdas/shared/schedules.ts or another catalogue entry)',
          );
        }
        names.add(schedule.name);
        this.schedules.push(
          new scheduler.Schedule(this, pascalCase(schedule.name), {
            scheduleName: `${props.prefix}-${schedule.name}`,
            description: schedule.description,
            schedule: scheduler.ScheduleExpression.expression(schedule.expression),
            timeWindow: TIME_WINDOW,
            target: new LambdaInvoke(fn.function, {
              role: this.role,
              deadLetterQueue: props.deadLetterQueue,
              retryAttempts: RETRY_ATTEMPTS,
              maxEventAge: MAX_EVENT_AGE,
              input: scheduler.ScheduleTargetInput.fromObject(schedule.input ?? {}),
            }),
          }),
        );
        Validations.of(this.role).acknowledge({
          id: wildcardResourceFinding(this, `${fn.function.functionArn}:*`),
          reason:
            `CDK grants lambda:InvokeFunction on the ${fn.spec.name} function and its versions ` +
            '(`<arn>:*`) together; the wildcard covers that one function\u2019s qualifiers only.',
        });
      }
    }
  }
}
