import { ArnFormat, CfnOutput, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { statefulRemoval } from '../removal';

export interface EmailProps {
  prefix: string;
  senderAddress: string;
  senderName: string;
  senderDomain: string;
  /** Retention of the bounce and complaint records (90 days or more). */
  logRetention: logs.RetentionDays;
  retain: boolean;
  /** Namespace and stage of the metrics counted from those records. */
  metricsNamespace: string;
  stage: string;
}

/** The delivery problems worth keeping: each one says an address (or the content) is bad. */
const RECORDED_EVENTS = [
  ses.EmailSendingEvent.BOUNCE,
  ses.EmailSendingEvent.COMPLAINT,
  ses.EmailSendingEvent.REJECT,
  ses.EmailSendingEvent.RENDERING_FAILURE,
  ses.EmailSendingEvent.DELIVERY_DELAY,
];

/**
 * The SES identity the app sends from and the configuration set every send goes through.
 * The identity is the sender's whole domain with Easy DKIM; its DNS records are printed as
 * stack outputs because DNS is managed outside this app (no hosted-zone lookups).
 *
 * Bounces and complaints are recorded without any code of ours: the configuration set sends
 * them to the default EventBridge bus, and a rule writes each event (recipient, bounce type,
 * diagnostic) as one JSON line into the `mail-events` log group, kept as long as the other
 * logs. Metric filters count bounces and complaints for the dashboard and alarms; the account's
 * suppression list stops further mail to those addresses.
 */
export class Email extends Construct {
  /**
   * Metric names of the counts taken from the recorded events, in the namespace
   * `mailMetricsNamespace` gives (metric filters cannot add a fixed dimension, so the stage is
   * part of the namespace).
   */
  static readonly BOUNCES_METRIC = 'EmailBounces';
  static readonly COMPLAINTS_METRIC = 'EmailComplaints';

  static mailMetricsNamespace(metricsNamespace: string, stage: string): string {
    return `${metricsNamespace}/${stage}`;
  }

  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly senderAddress: string;
  readonly senderName: string;
  /** A fixed name, so consumers in other stacks can use it without a cross-stack reference. */
  readonly configurationSetName: string;
  /** Where bounce, complaint, reject and delay events are recorded. */
  readonly eventLog: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.senderAddress = props.senderAddress;
    this.senderName = props.senderName;
    this.configurationSetName = `${props.prefix}-mail`;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
      // Account-level suppression keeps us from mailing addresses that bounced or complained,
      // which is what protects the sending reputation.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(props.senderDomain),
      configurationSet: this.configurationSet,
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      feedbackForwarding: true,
    });

    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `CNAME to publish in ${props.senderDomain}'s DNS so SES can verify the sender.`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });

    this.eventLog = this.recordDeliveryProblems(props);
  }

  private recordDeliveryProblems(props: EmailProps): logs.LogGroup {
    const stack = Stack.of(this);
    const defaultBus = events.EventBus.fromEventBusName(this, 'DefaultBus', 'default');
    this.configurationSet.addEventDestination('ToEventBridge', {
      destination: ses.EventDestination.eventBus(defaultBus),
      events: RECORDED_EVENTS,
    });

    const logGroup = new logs.LogGroup(this, 'EventLog', {
      logGroupName: `/aws/events/${props.prefix}/mail-events`,
      retention: props.logRetention,
      removalPolicy: statefulRemoval(props.retain),
    });
    // EventBridge writes to a log group through the log group's resource policy, not a role.
    logGroup.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
        conditions: { ArnEquals: { 'aws:SourceArn': this.ruleArn(stack, props.prefix) } },
      }),
    );

    new events.Rule(this, 'EventRule', {
      ruleName: `${props.prefix}-mail-events`,
      description: 'Records bounces, complaints, rejects and delays of the app\u2019s mail.',
      // SES tags every message with its configuration set, which keeps stages apart when
      // several share an account.
      eventPattern: {
        source: ['aws.ses'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSetName] } } },
      },
      targets: [
        {
          bind: () => ({
            arn: stack.formatArn({
              service: 'logs',
              resource: 'log-group',
              resourceName: logGroup.logGroupName,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          }),
        },
      ],
    });

    for (const [metricName, eventType] of [
      [Email.BOUNCES_METRIC, 'Bounce'],
      [Email.COMPLAINTS_METRIC, 'Complaint'],
    ] as const) {
      new logs.MetricFilter(this, `${metricName}Filter`, {
        logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.detail.eventType', '=', eventType),
        metricNamespace: Email.mailMetricsNamespace(props.metricsNamespace, props.stage),
        metricName,
        metricValue: '1',
      });
    }
    return logGroup;
  }

  private ruleArn(stack: Stack, prefix: string): string {
    return stack.formatArn({
      service: 'events',
      resource: 'rule',
      resourceName: `${prefix}-mail-events`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /** ARN of the configuration set, needed alongside the identity in ses:SendEmail policies. */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSetName,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }
}
