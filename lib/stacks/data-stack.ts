import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { METRICS_NAMESPACE } from '../../lambdas/shared/metric-names';
import type { Construct } from 'constructs';
import type { AppConfig } from '../config';
import type { CognitoTrigger } from '../functions';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Email } from '../constructs/email';
import { Queues } from '../constructs/queues';
import { Storage } from '../constructs/storage';

export interface DataStackProps extends StackProps {
  config: AppConfig;
  /** The user-pool triggers and the fixed names of their functions (created by the app stack). */
  userPoolTriggers?: readonly { trigger: CognitoTrigger; functionName: string }[];
}

/**
 * Everything that holds state: users, the table, documents, keys, queued jobs and the mail
 * identity. Deployed rarely, protected from deletion, and every store is retained if the stack
 * goes away. The stateless AppStack reads from it, never the other way round.
 */
export class DataStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly queues: Queues;
  readonly email: Email;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retain = config.retainData;

    this.email = new Email(this, 'Email', {
      prefix: config.prefix,
      senderAddress: config.senderAddress,
      senderName: config.senderName,
      senderDomain: config.senderDomain,
      logRetention: config.logRetentionDays as logs.RetentionDays,
      retain,
      metricsNamespace: METRICS_NAMESPACE,
      stage: config.stage,
    });

    this.auth = new Auth(this, 'Auth', {
      prefix: config.prefix,
      retain,
      triggers: props.userPoolTriggers,
      sesEmail: config.cognitoEmailViaSes
        ? {
            fromAddress: config.senderAddress,
            fromName: config.senderName,
            domain: config.senderDomain,
            region: config.region,
            configurationSetName: this.email.configurationSetName,
          }
        : undefined,
    });
    if (config.cognitoEmailViaSes) {
      // Cognito checks the identity when the pool is updated.
      this.auth.node.addDependency(this.email);
    }

    this.data = new Data(this, 'Data', { prefix: config.prefix, retain });
    this.storage = new Storage(this, 'Storage', {
      prefix: config.prefix,
      corsOrigins: config.corsOrigins,
      retain,
    });
    this.queues = new Queues(this, 'Queues', { retain });

    if (config.stage === 'prod' && !config.cognitoEmailViaSes) {
      Annotations.of(this.auth).addWarningV2(
        'rimborsi:cognito-own-sender',
        'Cognito sends its own mail (about 50 a day) for this bootstrap deployment. Once the ' +
          'DKIM records are verified, deploy again with cognitoEmailViaSes=true and without ' +
          'mailIdentityBootstrap.',
      );
    }
    if (!config.webOrigins && !config.domainName) {
      Annotations.of(this.storage).addWarningV2(
        'rimborsi:documents-cors-wildcard',
        'The documents bucket accepts presigned uploads from any https://*.cloudfront.net page. ' +
          'After the first deployment set `webOrigins` (or `domainName`) to the web app\u2019s address.',
      );
    }

    new CfnOutput(this, 'DocumentsBucketName', {
      description: `The spec's ${Storage.DOCUMENTS_LOGICAL_NAME} bucket.`,
      value: this.storage.documentsBucket.bucketName,
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'WebClientId', { value: this.auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'LwaCredentialsSecretName', {
      description: 'Put the SP-API app\u2019s LWA {"clientId","clientSecret"} here.',
      value: this.data.lwaCredentials.secretName,
    });
    new CfnOutput(this, 'SyncDeadLetterQueueUrl', {
      description: 'Failed sync jobs wait here; see the redrive runbook in the README.',
      value: this.queues.syncDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'ImportDeadLetterQueueUrl', {
      description: 'Failed feedback imports wait here; see the redrive runbook in the README.',
      value: this.queues.importDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'AccountDeadLetterQueueUrl', {
      description: 'Account deletions that failed five times wait here; see the README.',
      value: this.queues.accountDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'ReadingDeadLetterQueueUrl', {
      description: 'Document readings that failed five times wait here; see the README.',
      value: this.queues.readingDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'ScheduleDeadLetterQueueUrl', {
      description: 'Schedule deliveries that failed for good wait here; see the README.',
      value: this.queues.scheduleDeadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'MailEventLogGroup', {
      description: 'Bounces, complaints and rejects of the app’s mail, one JSON event a line.',
      value: this.email.eventLog.logGroupName,
    });
    new CfnOutput(this, 'PaymentCredentialsSecretName', {
      description: 'Put the PayPal REST app\u2019s {"clientId","clientSecret"} here.',
      value: this.data.paymentCredentials.secretName,
    });
  }
}
