import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC } from '../../lambdas/shared/metric-names';
import { Email } from './email';
import type { ServerFunction } from './server-function';

export interface MonitoringProps {
  prefix: string;
  functions: readonly ServerFunction[];
  httpApi: apigw.IHttpApi;
  deadLetterQueues: { name: string; queue: sqs.IQueue }[];
  alarmEmail?: string;
  /** Where the handlers' Powertools metrics are (lambdas/shared/metrics.ts). */
  metricsNamespace: string;
  serviceName: string;
  stage: string;
}

const PERIOD = Duration.minutes(5);
/**
 * Messages per hour that SES may accept before someone is told: account emails, alerts and
 * disputes together. Each seller may mail 20 disputes a day, so this is a few hundred sellers
 * all sending at once, or something wrong.
 */
export const MAIL_SENDS_PER_HOUR_ALARM = 500;

/** The API alarm fires at this share of 5xx answers, once there is enough traffic to judge. */
const API_5XX_PERCENT = 5;
const API_MIN_REQUESTS = 10;

/**
 * Alarms that mean "someone should look": a function failing or being throttled, the API
 * answering 5xx, a sync run failing, mail bouncing or drawing complaints, or a job parked in a
 * dead-letter queue. All of them notify one SNS topic (subscribe `alarmEmail`, or chat tools).
 * A dashboard shows the same signals side by side.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  /** The alarms that are not per function, for the dashboard's status row. */
  private readonly serviceAlarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

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
      // Any error or throttle is worth a look at this size; a noisy function should fix its
      // errors, not raise the threshold. One alarm per function watches both (the dashboard
      // draws them apart), which keeps the stack inside CloudFormation's 500 resources.
      this.alarm(`${fn.node.id}Failures`, {
        description: `The ${name} function raised errors or was throttled (account or reserved concurrency exhausted); the dashboard's Lambda graphs say which.`,
        metric: new cloudwatch.MathExpression({
          label: `${name} errors + throttles`,
          expression: 'errors + throttles',
          usingMetrics: {
            errors: fn.function.metricErrors({ period: PERIOD, statistic: 'Sum' }),
            throttles: fn.function.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
          },
          period: PERIOD,
        }),
        threshold: 1,
        perFunction: true,
      });
    }

    const requests = props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const api5xxRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      // Below API_MIN_REQUESTS a single failure is a function alarm's business, not a rate.
      expression: `IF(requests >= ${API_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: PERIOD,
    });
    this.alarm('Api5xxRate', {
      description: `More than ${API_5XX_PERCENT}% of API requests answered 5xx (failing, throttled or timed-out integrations).`,
      metric: api5xxRate,
      threshold: API_5XX_PERCENT,
    });

    const business = (metricName: string, period = PERIOD) =>
      new cloudwatch.Metric({
        namespace: props.metricsNamespace,
        metricName,
        dimensionsMap: { service: props.serviceName, stage: props.stage },
        statistic: 'Sum',
        period,
      });
    this.alarm('SyncFailures', {
      description: 'A shipment sync run failed (SyncFailed); the run records the reason.',
      metric: business(METRIC.syncFailed),
      threshold: 1,
    });

    const mailNamespace = Email.mailMetricsNamespace(props.metricsNamespace, props.stage);
    const mail = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: mailNamespace,
        metricName,
        statistic: 'Sum',
        period: Duration.hours(1),
      });
    this.alarm('MailComplaints', {
      description: 'A recipient marked the app\u2019s mail as spam; see the mail-events log group.',
      metric: mail(Email.COMPLAINTS_METRIC),
      threshold: 1,
    });
    this.alarm('MailBounces', {
      description:
        'Five or more of the app\u2019s emails bounced within an hour; see the mail-events log group.',
      metric: mail(Email.BOUNCES_METRIC),
      threshold: 5,
    });

    // Issue 15: a burst of mail (a loop, a leaked account mailing disputes) shows in SES's own
    // account-wide send count well before the sending quota or the reputation suffers.
    this.alarm('MailSendVolume', {
      description: `SES accepted ${MAIL_SENDS_PER_HOUR_ALARM} or more messages within an hour, far above this product's normal volume; look for a loop or an abused account.`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName: 'Send',
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      threshold: MAIL_SENDS_PER_HOUR_ALARM,
    });

    for (const { name, queue } of props.deadLetterQueues) {
      this.alarm(`${name}Depth`, {
        description: `Messages are waiting in ${name}: a job failed for good. Follow the redrive runbook (README).`,
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: 'Maximum',
        }),
        threshold: 1,
      });
    }

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.prefix}-overview`,
      defaultInterval: Duration.days(1),
    });
    const fnMetric = (pick: (fn: ServerFunction) => cloudwatch.Metric): cloudwatch.IMetric[] =>
      props.functions.map((fn) => pick(fn).with({ label: fn.spec.name }));
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.serviceAlarms,
        width: 24,
        height: 4,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [
          requests.with({ label: 'requests' }),
          props.httpApi.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' }),
          serverErrors.with({ label: '5xx' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (p50, p99)',
        left: [
          props.httpApi.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }),
          props.httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Shipment syncs',
        left: [
          business(METRIC.syncStarted).with({ label: 'started' }),
          business(METRIC.syncCompleted).with({ label: 'completed' }),
          business(METRIC.syncFailed).with({ label: 'failed' }),
        ],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Function errors',
        left: fnMetric((fn) => fn.function.metricErrors({ period: PERIOD, statistic: 'Sum' })),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Function throttles',
        left: fnMetric((fn) => fn.function.metricThrottles({ period: PERIOD, statistic: 'Sum' })),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Function duration (p99)',
        left: fnMetric((fn) => fn.function.metricDuration({ period: PERIOD, statistic: 'p99' })),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues',
        left: props.deadLetterQueues.map(({ name, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({
            period: PERIOD,
            statistic: 'Maximum',
            label: name,
          }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Submissions and imports',
        left: [
          business(METRIC.caseSubmitted).with({ label: 'cases submitted' }),
          business(METRIC.reportImported).with({ label: 'report rows imported' }),
          business(METRIC.reportImportFailed).with({ label: 'imports failed' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Mail delivery problems (per hour)',
        left: [
          mail(Email.BOUNCES_METRIC).with({ label: 'bounces' }),
          mail(Email.COMPLAINTS_METRIC).with({ label: 'complaints' }),
        ],
        width: 8,
      }),
    );
  }

  private alarm(
    id: string,
    props: {
      description: string;
      metric: cloudwatch.IMetric;
      threshold: number;
      perFunction?: boolean;
    },
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
    if (!props.perFunction) this.serviceAlarms.push(alarm);
  }
}
