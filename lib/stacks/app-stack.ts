import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../../lambdas/shared/metric-names';
import { siteContacts, type AppConfig } from '../config';
import { Api } from '../constructs/api';
import { Jobs } from '../constructs/jobs';
import { Monitoring } from '../constructs/monitoring';
import { Queues } from '../constructs/queues';
import { Storage } from '../constructs/storage';
import { ServerFunctions } from '../constructs/server-functions';
import { Web } from '../constructs/web';
import type { FunctionSpec } from '../functions';
import type { DataStack } from './data-stack';

/** PayPal's REST API for each payment environment (PayPal developer docs, "API requests"). */
const PAYPAL_API = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

export interface AppStackProps extends StackProps {
  config: AppConfig;
  data: DataStack;
  functions: readonly FunctionSpec[];
  /** Repository root: handler entries are resolved from here. */
  projectRoot: string;
  /** The Vite build to deploy; skipped with a warning when the folder does not exist. */
  webBuildDir: string;
  /** The web ACL in front of CloudFront: the stage's `webAclArn` or the edge stack's. */
  webAclArn?: string;
}

/**
 * Everything that can be deleted and recreated from the repository without losing data: the
 * functions, the API, the schedules, the web distribution and the alarms.
 */
export class AppStack extends Stack {
  readonly functions: ServerFunctions;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly web: Web;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, data } = props;
    const logRetention = config.logRetentionDays as logs.RetentionDays;
    const documentsBucket = s3.Bucket.fromBucketName(
      this,
      'DocumentsBucket',
      Storage.documentsBucketName(this, config.prefix),
    );

    // Links in emails need the web app's address, which exists only once the distribution
    // below does; functions are defined first, so they get it lazily.
    const appUrl = Lazy.string({
      produce: () => `https://${config.domainName ?? this.web.distribution.distributionDomainName}`,
    });

    this.functions = new ServerFunctions(this, 'Functions', {
      functions: props.functions,
      projectRoot: props.projectRoot,
      prefix: config.prefix,
      serviceName: config.appName,
      stage: config.stage,
      logLevel: config.logLevel,
      logRetention,
      metricsNamespace: METRICS_NAMESPACE,
      reserveConcurrency: config.reserveConcurrency,
      resources: {
        table: data.data.table,
        documentsBucket,
        syncQueue: {
          queue: data.queues.syncQueue,
          visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
        },
        importQueue: {
          queue: data.queues.importQueue,
          visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
        },
        accountQueue: {
          queue: data.queues.accountQueue,
          visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
        },
        readingQueue: {
          queue: data.queues.readingQueue,
          visibilityTimeout: Queues.SYNC_VISIBILITY_TIMEOUT,
        },
        mailer: {
          identity: data.email.identity,
          senderAddress: config.senderAddress,
          senderName: config.senderName,
          configurationSetName: data.email.configurationSetName,
          configurationSetArn: data.email.configurationSetArn,
        },
        userPool: data.auth.userPool,
        webClient: data.auth.webClient,
        refreshTokenKey: data.data.refreshTokenKey,
        lwaAppId: config.lwaAppId,
        spapiAppDraft: config.spapiAppDraft,
        captchaSecret: data.auth.captchaSecret,
        unsubscribeSecret: data.auth.unsubscribeSecret,
        lwaCredentialsSecret: data.data.lwaCredentials,
        paymentCredentialsSecret: data.data.paymentCredentials,
        paymentApiUrl: PAYPAL_API[config.paymentEnvironment],
        paymentMerchantId: config.paypalMerchantId,
        paymentWebhookId: config.paypalWebhookId,
        planFreeDuringLaunch: config.planFreeDuringLaunch,
        debugTools: config.debugTools,
        // Without a support inbox (dev) requests go to the sender's own address.
        supportInbox: config.supportInbox ?? config.senderAddress,
        appUrl,
      },
    });

    this.api = new Api(this, 'Api', {
      prefix: config.prefix,
      userPool: data.auth.userPool,
      webClient: data.auth.webClient,
      functions: this.functions.all,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      logRetention,
      ...(config.apiDomainName && config.apiCertificateArn
        ? {
            originDomain: {
              domainName: config.apiDomainName,
              certificateArn: config.apiCertificateArn,
            },
          }
        : {}),
    });

    this.jobs = new Jobs(this, 'Jobs', {
      prefix: config.prefix,
      queue: data.queues.syncQueue,
      deadLetterQueue: data.queues.scheduleDeadLetterQueue,
      functions: this.functions.all,
    });

    this.web = new Web(this, 'Web', {
      buildDir: props.webBuildDir,
      apiDomainName: this.api.domainName,
      cognitoOrigin: `https://cognito-idp.${this.region}.amazonaws.com`,
      documentsOrigin: `https://${documentsBucket.bucketRegionalDomainName}`,
      runtimeConfig: {
        region: this.region,
        userPoolId: data.auth.userPool.userPoolId,
        userPoolClientId: data.auth.webClient.userPoolClientId,
        apiBase: '/api',
        freeLaunch: config.planFreeDuringLaunch,
        contacts: siteContacts(config),
        ...(config.paypalClientId
          ? { payment: { provider: 'paypal' as const, clientId: config.paypalClientId } }
          : {}),
      },
      logsBucket: data.storage.logsBucket,
      logRetention,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webAclArn: props.webAclArn,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      prefix: config.prefix,
      functions: this.functions.all,
      httpApi: this.api.httpApi,
      deadLetterQueues: [
        { name: 'SyncDeadLetterQueue', queue: data.queues.syncDeadLetterQueue },
        { name: 'ImportDeadLetterQueue', queue: data.queues.importDeadLetterQueue },
        { name: 'AccountDeadLetterQueue', queue: data.queues.accountDeadLetterQueue },
        { name: 'ReadingDeadLetterQueue', queue: data.queues.readingDeadLetterQueue },
        { name: 'ScheduleDeadLetterQueue', queue: data.queues.scheduleDeadLetterQueue },
      ],
      alarmEmail: config.alarmEmail,
      metricsNamespace: METRICS_NAMESPACE,
      serviceName: config.appName,
      stage: config.stage,
    });

    new CfnOutput(this, 'WebUrl', { description: 'Address of the web app.', value: appUrl });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain (CNAME/alias) here.',
      value: this.web.distribution.distributionDomainName,
    });
  }
}
