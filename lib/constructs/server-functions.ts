import fs from 'node:fs';
import path from 'node:path';
import type { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type FunctionSpec, type Grant, triggerFunctionName } from '../functions';
import { pascalCase } from '../naming';
import { validateCatalogue } from '../validate-catalogue';
import { type Mailer, ServerFunction } from './server-function';

/** The stateful resources a function can be granted, as the AppStack receives them. */
export interface FunctionResources {
  table: dynamodb.ITableV2;
  documentsBucket: s3.IBucket;
  syncQueue: { queue: sqs.IQueue; visibilityTimeout: Duration };
  importQueue: { queue: sqs.IQueue; visibilityTimeout: Duration };
  accountQueue: { queue: sqs.IQueue; visibilityTimeout: Duration };
  readingQueue: { queue: sqs.IQueue; visibilityTimeout: Duration };
  mailer: Mailer;
  userPool: cognito.IUserPool;
  webClient: cognito.IUserPoolClient;
  refreshTokenKey: kms.IKey;
  lwaAppId: string;
  /** The SP-API app is still a draft: consent URLs carry `version=beta` (never in prod). */
  spapiAppDraft: boolean;
  captchaSecret: secretsmanager.ISecret;
  /** The HMAC key of the unsubscribe links. */
  unsubscribeSecret: secretsmanager.ISecret;
  /** The Login-with-Amazon client credentials, JSON `{"clientId","clientSecret"}`. */
  lwaCredentialsSecret: secretsmanager.ISecret;
  /** The payment provider's REST app credentials, JSON `{"clientId","clientSecret"}`. */
  paymentCredentialsSecret: secretsmanager.ISecret;
  /** The PayPal REST API base the server verifies orders with (sandbox or live). */
  paymentApiUrl: string;
  /** Our PayPal merchant id (payee of plan orders); unset on a stage without payments. */
  paymentMerchantId: string | undefined;
  /** Our webhook's id at PayPal; unset on a stage without payments. */
  paymentWebhookId: string | undefined;
  /** The launch offer (spec 4.7): the 30-day plan at 0 EUR. */
  planFreeDuringLaunch: boolean;
  /** Where support requests are mailed. */
  supportInbox: string;
  /** The admins' diagnostic routes (spec 2.12): off in prod unless the stage turns them on. */
  debugTools: boolean;
  /** The web app's address; may be a lazy value resolved once the distribution exists. */
  appUrl: string;
}

export interface ServerFunctionsProps {
  functions: readonly FunctionSpec[];
  resources: FunctionResources;
  projectRoot: string;
  /** `<appName>-<stage>`: trigger functions are named after it. */
  prefix: string;
  serviceName: string;
  stage: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  logRetention: logs.RetentionDays;
  metricsNamespace: string;
  /** Whether the heavy functions' `heavyConcurrency` is applied (the stage's `reserveConcurrency`). */
  reserveConcurrency: boolean;
}

/** Turns the catalogue (lib/functions.ts) into functions with their grants and triggers. */
export class ServerFunctions extends Construct {
  readonly all: readonly ServerFunction[];

  constructor(scope: Construct, id: string, props: ServerFunctionsProps) {
    super(scope, id);
    validateCatalogue(props.functions, (entry) =>
      fs.existsSync(path.join(props.projectRoot, entry)),
    );

    this.all = props.functions.map((spec) => {
      const fn = new ServerFunction(this, pascalCase(spec.name), {
        spec,
        functionName: spec.cognitoTrigger ? triggerFunctionName(props.prefix, spec) : undefined,
        projectRoot: props.projectRoot,
        serviceName: props.serviceName,
        stage: props.stage,
        logLevel: props.logLevel,
        logRetention: props.logRetention,
        metricsNamespace: props.metricsNamespace,
        reserveConcurrency: props.reserveConcurrency,
      });
      for (const grant of spec.grants) applyGrant(fn, grant, props.resources);
      if (spec.consumes) {
        const { queue, visibilityTimeout } =
          spec.consumes.queue === 'imports'
            ? props.resources.importQueue
            : spec.consumes.queue === 'accounts'
              ? props.resources.accountQueue
              : spec.consumes.queue === 'readings'
                ? props.resources.readingQueue
                : props.resources.syncQueue;
        fn.consume(queue, visibilityTimeout, spec.consumes);
      }
      if (spec.cognitoTrigger) fn.allowUserPoolInvoke(props.resources.userPool);
      return fn;
    });
  }
}

function applyGrant(fn: ServerFunction, grant: Grant, resources: FunctionResources): void {
  switch (grant) {
    case 'table:read':
      return fn.bindTable(resources.table, 'read');
    case 'table:readWrite':
      return fn.bindTable(resources.table, 'readWrite');
    case 'documents:name':
      return fn.setEnvironment('DOCUMENTS_BUCKET', resources.documentsBucket.bucketName);
    case 'documents:read':
      return fn.bindBucket(resources.documentsBucket, 'DOCUMENTS_BUCKET', 'read');
    case 'documents:readWrite':
      return fn.bindBucket(resources.documentsBucket, 'DOCUMENTS_BUCKET', 'readWrite');
    case 'documents:purge':
      return fn.bindBucketPurge(resources.documentsBucket, 'DOCUMENTS_BUCKET');
    case 'syncQueue:send':
      return fn.bindQueueSender(resources.syncQueue.queue, 'SYNC_QUEUE_URL');
    case 'importQueue:send':
      return fn.bindQueueSender(resources.importQueue.queue, 'IMPORT_QUEUE_URL');
    case 'accountQueue:send':
      return fn.bindQueueSender(resources.accountQueue.queue, 'ACCOUNT_QUEUE_URL');
    case 'readingQueue:send':
      return fn.bindQueueSender(resources.readingQueue.queue, 'READING_QUEUE_URL');
    case 'mail:send':
      return fn.bindMailer(resources.mailer);
    case 'users:read':
      return fn.bindUserPool(resources.userPool, resources.webClient, 'read');
    case 'users:delete':
      return fn.bindUserPool(resources.userPool, resources.webClient, 'delete');
    case 'refreshTokens:encryptDecrypt':
      return fn.bindEncryptionKey(resources.refreshTokenKey, 'REFRESH_TOKEN_KEY_ARN');
    case 'lwa:config':
      fn.setEnvironment('SPAPI_APP_DRAFT', String(resources.spapiAppDraft));
      return fn.setEnvironment('LWA_APP_ID', resources.lwaAppId);
    case 'captcha:secret':
      return fn.bindSecret(resources.captchaSecret, 'CAPTCHA_SECRET_ARN');
    case 'unsubscribe:secret':
      return fn.bindSecret(resources.unsubscribeSecret, 'UNSUBSCRIBE_SECRET_ARN');
    case 'app:url':
      return fn.setEnvironment('APP_URL', resources.appUrl);
    case 'spapi:credentials':
      return fn.bindSecret(resources.lwaCredentialsSecret, 'LWA_CREDENTIALS_SECRET_ARN');
    case 'payment:credentials':
      fn.setEnvironment('PAYMENT_API_URL', resources.paymentApiUrl);
      // Without the setting the function stops at cold start with a clear configuration error.
      if (resources.paymentMerchantId) {
        fn.setEnvironment('PAYMENT_MERCHANT_ID', resources.paymentMerchantId);
      }
      return fn.bindSecret(resources.paymentCredentialsSecret, 'PAYMENT_CREDENTIALS_SECRET_ARN');
    case 'payment:webhook':
      if (resources.paymentWebhookId) {
        fn.setEnvironment('PAYMENT_WEBHOOK_ID', resources.paymentWebhookId);
      }
      return;
    case 'plan:launchOffer':
      return fn.setEnvironment('PLAN_FREE_DURING_LAUNCH', String(resources.planFreeDuringLaunch));
    case 'support:inbox':
      return fn.setEnvironment('SUPPORT_INBOX', resources.supportInbox);
    case 'debug:tools':
      return fn.setEnvironment('DEBUG_TOOLS', String(resources.debugTools));
  }
}
