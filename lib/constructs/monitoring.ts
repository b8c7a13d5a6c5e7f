import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ServerFunction } from './server-function';

export interface MonitoringProps {
  prefix: string;
  functions: readonly ServerFunction[];
  httpApi: apigw.IHttpApi;
  deadLetterQueues: { name: string; queue: sqs.IQueue }[];
  alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);

/**
 * Alarms that mean "someone should look": a function failing or being throttled, the API
 * answering 5xx, or a job parked in a dead-letter queue. All of them notify one SNS topic.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);

    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, so the
    // topic gets its own key that CloudWatch may use.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: 'Encrypts alarm notifications at rest.',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${props.prefix}-alarms`,
      displayName: `${props.prefix} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    }

    for (const fn of props.functions) {
      const name = fn.spec.name;
      // Any error is worth a look at this size; a noisy function should fix its errors, not
      // raise the threshold.
      this.alarm(`${fn.node.id}Errors`, {
        description: `The ${name} function raised errors.`,
        metric: fn.function.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        threshold: 1,
      });
      this.alarm(`${fn.node.id}Throttles`, {
        description: `The ${name} function was throttled (account concurrency exhausted?).`,
        metric: fn.function.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        threshold: 1,
      });
    }

    this.alarm('Api5xx', {
      description: 'The HTTP API answered with server errors (failing or timed-out integrations).',
      metric: props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      threshold: 1,
    });

    for (const { name, queue } of props.deadLetterQueues) {
      this.alarm(`${name}Depth`, {
        description: `Messages are waiting in ${name}: a job failed for good and needs a look.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: 'Maximum',
        }),
        threshold: 1,
      });
    }
  }

  private alarm(
    id: string,
    props: { description: string; metric: cloudwatch.IMetric; threshold: number },
  ): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: props.description,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    alarm.addOkAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
