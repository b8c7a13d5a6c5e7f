import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { DEFAULT_MAX_CONCURRENCY, type FunctionSpec, sizing } from '../functions';
import { BUNDLING } from '../bundling';
import { wildcardResourceFinding } from '../nag';

export interface ServerFunctionProps {
  spec: FunctionSpec;
  /** A fixed function name; only Cognito triggers need one (see `triggerFunctionName`). */
  functionName?: string;
  projectRoot: string;
  serviceName: string;
  stage: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  logRetention: logs.RetentionDays;
  /** CloudWatch namespace of the Powertools metrics the handlers publish (lambdas/shared/metrics.ts). */
  metricsNamespace: string;
  /** Apply `spec.heavyConcurrency` (the stage's `reserveConcurrency`). */
  reserveConcurrency?: boolean;
}

/** The current Node.js LTS line; esbuild targets the same version (lib/bundling.ts). */
export const NODE_RUNTIME = lambda.Runtime.NODEJS_24_X;

/** What a function needs to know about the sender to pass SES's checks. */
export interface Mailer {
  identity: ses.IEmailIdentity;
  senderAddress: string;
  senderName: string;
  configurationSetName: string;
  configurationSetArn: string;
}

export type Access = 'read' | 'readWrite';

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const USERS_READ = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];
/**
 * Only what account deletion calls: ending every session, then the user. No group, password or
 * attribute change anywhere.
 */
const USERS_DELETE = ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'];

/**
 * One server function: the bundled Lambda, its own role and its own log group. Access to
 * other resources is added only through the `bind*` methods, each of which sets the variable
 * the handler reads and the IAM permission it needs at the same time.
 */
export class ServerFunction extends Construct {
  readonly spec: FunctionSpec;
  readonly function: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServerFunctionProps) {
    super(scope, id);
    const { spec } = props;
    this.spec = spec;
    const { memory, timeoutSeconds } = sizing(spec);

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });

    // A role of our own instead of the managed AWSLambdaBasicExecutionRole, which may write to
    // any log group in the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${spec.name} server function.`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      entry: path.join(props.projectRoot, spec.entry),
      handler: 'handler',
      description: spec.description,
      runtime: NODE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: memory,
      timeout: Duration.seconds(timeoutSeconds),
      reservedConcurrentExecutions:
        spec.reservedConcurrency ?? (props.reserveConcurrency ? spec.heavyConcurrency : undefined),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      // Same level as the Powertools logger, so Lambda's filter and ours never disagree.
      applicationLogLevelV2: lambda.ApplicationLogLevel[props.logLevel],
      systemLogLevelV2: lambda.SystemLogLevel.INFO,
      tracing: lambda.Tracing.ACTIVE,
      recursiveLoop: lambda.RecursiveLoop.TERMINATE,
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      environment: {
        STAGE: props.stage,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        POWERTOOLS_METRICS_NAMESPACE: props.metricsNamespace,
        LOG_LEVEL: props.logLevel,
        // Stack traces point at the TypeScript sources instead of the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        // No Docker on the build machines: esbuild from node_modules does the bundling.
        forceDockerBundling: false,
        minify: BUNDLING.minify,
        sourceMap: BUNDLING.sourceMap,
        sourcesContent: BUNDLING.sourcesContent,
        target: BUNDLING.target,
        banner: BUNDLING.banner,
        format: nodejs.OutputFormat.ESM,
        mainFields: [...BUNDLING.mainFields],
        externalModules: [...BUNDLING.externalModules],
        // esbuild runs in projectRoot, which the alias paths are relative to.
        esbuildArgs: {
          '--alias': Object.entries(BUNDLING.alias).map(([name, target]) => `${name}=${target}`),
        },
      },
    });

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray accepts trace segments only with Resource "*" (xray:PutTraceSegments and ' +
        'xray:PutTelemetryRecords have no resource-level permissions); nothing else here is "*".',
    });
  }

  setEnvironment(name: string, value: string): void {
    this.function.addEnvironment(name, value);
  }

  /** The table and its indexes by name, never `index/*`, so new indexes are granted on purpose. */
  bindTable(table: dynamodb.ITableV2, access: Access): void {
    this.setEnvironment('TABLE_NAME', table.tableName);
    const resources = [
      table.tableArn,
      ...TABLE_DESIGN.gsis.map((gsi) => `${table.tableArn}/index/${gsi.name}`),
    ];
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ,
        resources,
      }),
    );
  }

  /**
   * Object access to a bucket. Object keys are the user's own data, so the statement needs an
   * object wildcard; handlers confine each caller to keys under their user id. The bucket must
   * be addressed from this stack (see `Storage.documentsBucketName`) for the acknowledgement of
   * that wildcard to match.
   */
  bindBucket(bucket: s3.IBucket, envName: string, access: Access): void {
    this.setEnvironment(envName, bucket.bucketName);
    const objectActions =
      access === 'readWrite'
        ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']
        : ['s3:GetObject'];
    const objects = bucket.arnForObjects('*');
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: objectActions, resources: [objects] }),
    );
    Validations.of(this.role).acknowledge({
      id: wildcardResourceFinding(this, objects),
      reason:
        'Object keys are per-user paths created at run time ({userId}/shipments/...), so the ' +
        'statement covers the bucket\u2019s objects; handlers build keys only under the caller\u2019s id.',
    });
    // Listing lets a missing key answer 404 instead of 403, and serves the debug file list.
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
  }

  /**
   * Deleting every version of an object, delete markers included, so nothing of a deleted
   * account survives in a versioned bucket. Kept apart from readWrite: everywhere else the
   * noncurrent versions are what undoes a mistaken overwrite or delete.
   */
  bindBucketPurge(bucket: s3.IBucket, envName: string): void {
    this.setEnvironment(envName, bucket.bucketName);
    const objects = bucket.arnForObjects('*');
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:DeleteObjectVersion'], resources: [objects] }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucketVersions'],
        resources: [bucket.bucketArn],
      }),
    );
    Validations.of(this.role).acknowledge({
      id: wildcardResourceFinding(this, objects),
      reason:
        'Account deletion removes every version of the deleted user\u2019s objects, whose keys ' +
        'are per-user paths created at run time; the handler lists only under the caller\u2019s id.',
    });
  }

  bindQueueSender(queue: sqs.IQueue, envName: string): void {
    this.setEnvironment(envName, queue.queueUrl);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    );
  }

  /** Sending is limited to the configured From address, through the configuration set. */
  bindMailer(mailer: Mailer): void {
    this.setEnvironment('MAIL_FROM', mailer.senderAddress);
    this.setEnvironment('MAIL_FROM_NAME', mailer.senderName);
    this.setEnvironment('MAIL_CONFIGURATION_SET', mailer.configurationSetName);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [mailer.identity.emailIdentityArn, mailer.configurationSetArn],
        conditions: { StringEquals: { 'ses:FromAddress': mailer.senderAddress } },
      }),
    );
  }

  /**
   * Cognito admin calls on the pool. The web client's id comes along because the public
   * flows a handler starts for a user (forgot password, resend code) are addressed to it.
   */
  bindUserPool(
    userPool: cognito.IUserPool,
    webClient: cognito.IUserPoolClient,
    access: 'read' | 'delete',
  ): void {
    this.setEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.setEnvironment('USER_POOL_CLIENT_ID', webClient.userPoolClientId);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access === 'delete' ? [...USERS_READ, ...USERS_DELETE] : USERS_READ,
        resources: [userPool.userPoolArn],
      }),
    );
  }

  /** Read access to one secret; the value never enters the environment, only its ARN. */
  bindSecret(secret: secretsmanager.ISecret, envName: string): void {
    this.setEnvironment(envName, secret.secretArn);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secret.secretArn],
      }),
    );
  }

  /**
   * Lets the user pool invoke this function as its trigger. The pool names the function by its
   * fixed name (see lib/constructs/auth.ts), so only this permission refers to the pool.
   */
  allowUserPoolInvoke(userPool: cognito.IUserPool): void {
    this.function.addPermission('UserPoolInvoke', {
      principal: new iam.ServicePrincipal('cognito-idp.amazonaws.com'),
      sourceArn: userPool.userPoolArn,
      sourceAccount: Stack.of(this).account,
    });
  }

  /**
   * Direct Encrypt/Decrypt only: a refresh token is far below KMS's 4 KB limit, so no data keys
   * (and no GenerateDataKey or ReEncrypt wildcards) are needed.
   */
  bindEncryptionKey(key: kms.IKey, envName: string): void {
    this.setEnvironment(envName, key.keyArn);
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [key.keyArn] }),
    );
  }

  /**
   * Makes this function the queue's consumer. Failed messages are reported one by one, so a
   * batch with one bad message does not retry the good ones.
   */
  consume(
    queue: sqs.IQueue,
    visibilityTimeout: Duration,
    options: { batchSize?: number; maxConcurrency?: number } = {},
  ): void {
    // Lambda's poller can hand a message to a second invocation while the first still runs
    // unless the visibility timeout is at least six times the function's timeout.
    const { timeoutSeconds } = sizing(this.spec);
    if (timeoutSeconds * 6 > visibilityTimeout.toSeconds()) {
      throw new Error(
        `Function "${this.spec.name}": its timeout (${timeoutSeconds} s) must be at ` +
          `most a sixth of the queue's visibility timeout (${visibilityTimeout.toSeconds()} s)`,
      );
    }
    this.function.addEventSource(
      new SqsEventSource(queue, {
        batchSize: options.batchSize ?? 5,
        maxConcurrency: options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
        reportBatchItemFailures: true,
      }),
    );
  }
}
