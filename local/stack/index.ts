import fs from 'node:fs';
import path from 'node:path';
import { startGateway } from '../gateway/server';
import { QUEUE_WORKERS, ROUTES, SCHEDULED_FUNCTIONS, TRIGGERS } from '../gateway/routes';
import {
  loadScenarioFile,
  startSpapiSimulator,
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  LOCAL_SPAPI_APP_ID,
} from '../spapi-simulator';
import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
  LOCAL_PAYMENT_MERCHANT_ID,
  LOCAL_PAYMENT_WEBHOOK_ID,
  startPaymentSimulator,
} from '../payment-simulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';
import { startCognito } from './cognito';
import { ensureLocalSecrets } from './secrets';
import { type SeedAccounts, seedAccounts } from './seed-accounts';
import { startDynamo } from './dynamodb';
import { startMail } from './mail';
import { assertPortsFree } from './ports';
import { startS3 } from './s3';
import { ROOT, type StackSettings } from './settings';
import { startSqs } from './sqs';
import { localKey } from './local-keys';
import { startConsumer, startFunctionSchedules, startScheduler } from './jobs';
import { SCHEDULES } from '../../lambdas/shared/schedules';
import { LOCAL_CONTACTS, localContacts, startWeb } from './web';

/** The contract other tools read from `<dataDir>/stack.json` (see ARCHITECTURE.md). */
export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  dynamodb: { endpoint: string; table: string };
  s3: { endpoint: string; bucket: string };
  mail: { webUrl: string; smtpPort: number };
  spapi: { endpoint: string };
  payment: { endpoint: string };
  sqs: {
    endpoint: string;
    syncQueueUrl: string;
    syncDlqUrl: string;
    importQueueUrl: string;
    importDlqUrl: string;
    accountQueueUrl: string;
    accountDlqUrl: string;
    readingQueueUrl: string;
    readingDlqUrl: string;
  };
  /** Local-only accounts created on first start, ready to sign in (never in AWS). */
  accounts: SeedAccounts;
}

/** The sender of every email, as the deployed SES identity would be. */
const LOCAL_MAIL_FROM = 'no-reply@rimborsifba.local';
const MAIL_FROM_NAME = 'RimborsiFBA';

export interface RunningStack {
  info: StackInfo;
  stop(): Promise<void>;
}

type Stopper = { name: string; stop: () => Promise<void> };

/**
 * Starts every local component on loopback, each speaking the API production uses, and writes
 * `stack.json` once all of them answer. On any failure, what already started is stopped again.
 */
export async function startStack(
  settings: StackSettings,
  log: (line: string) => void = (line) => console.log(line),
): Promise<RunningStack> {
  const { host, ports, dataDir } = settings;
  // Ports first: a second start on busy ports must not wipe the data of the stack using them.
  await assertPortsFree(host, ports, settings.withWeb ? [] : ['web']);
  if (settings.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(path.join(dataDir, 'stack.json'), { force: true });

  const stoppers: Stopper[] = [];
  const stopAll = async () => {
    for (const s of stoppers.reverse()) {
      await s.stop().catch((error: Error) => log(`stopping ${s.name}: ${error.message}`));
    }
    stoppers.length = 0;
  };
  const track = <T extends { stop: () => Promise<void> }>(name: string, component: T) => {
    stoppers.push({ name, stop: component.stop });
    return component;
  };

  try {
    const apiUrl = `http://${host}:${ports.api}`;
    const webUrl = `http://localhost:${ports.web}`;
    const webOrigins = [webUrl, `http://${host}:${ports.web}`];
    const secrets = ensureLocalSecrets(dataDir);

    const [dynamo, cognito, s3, mail, sqs, spapi, payment] = await Promise.all([
      startDynamo({ host, port: ports.dynamodb, dataDir, tableName: settings.tableName }).then(
        (c) => track('dynamodb', c),
      ),
      startCognito({
        host,
        port: ports.cognito,
        dataDir,
        poolName: settings.userPoolName,
        lambdaEndpoint: apiUrl,
        smtp: { host, port: ports.smtp },
        mailFrom: `${MAIL_FROM_NAME} <${LOCAL_MAIL_FROM}>`,
      }).then((c) => track('cognito', c)),
      startS3({ host, port: ports.s3, dataDir, bucket: settings.bucketName, webOrigins }).then(
        (c) => track('s3', c),
      ),
      startMail({ host, smtpPort: ports.smtp, webPort: ports.mailWeb, dataDir }).then((c) =>
        track('mail', c),
      ),
      startSqs({
        host,
        port: ports.sqs,
        queueName: settings.syncQueueName,
        importQueueName: settings.importQueueName,
        accountQueueName: settings.accountQueueName,
        readingQueueName: settings.readingQueueName,
      }).then((c) => track('sqs', c)),
      startSpapiSimulator({
        host,
        port: ports.spapi,
        scenario: {
          ...loadScenarioFile(settings.scenarioFile),
          ...(settings.spapiRateScale !== undefined ? { rateScale: settings.spapiRateScale } : {}),
          ...(settings.spapiFaults ? {} : { faults: {} }),
        },
        defaultRedirectUri: `${webUrl}/connect-amazon`,
      }).then((c) => track('spapi', { stop: () => c.close(), url: c.url })),
      startPaymentSimulator({ host, port: ports.payment }).then((c) =>
        track('payment', { stop: () => c.close(), url: c.url }),
      ),
    ]);

    // The handlers read the same variables the CDK app sets on each function; locally one process
    // hosts them all, with the SDK pointed at the emulators.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.info.endpoint,
      TABLE_NAME: settings.tableName,
      DOCUMENTS_BUCKET: settings.bucketName,
      USER_POOL_ID: cognito.info.userPoolId,
      USER_POOL_CLIENT_ID: cognito.info.clientId,
      SYNC_QUEUE_URL: sqs.queue.url,
      IMPORT_QUEUE_URL: sqs.importQueue.url,
      ACCOUNT_QUEUE_URL: sqs.accountQueue.url,
      READING_QUEUE_URL: sqs.readingQueue.url,
      // DynamoDB Local has no per-partition write limit: feedback imports are not paced.
      FEEDBACK_WRITE_UNITS_PER_SECOND: '0',
      SPAPI_ENDPOINT: spapi.url,
      // The simulator prepares a report in seconds (Amazon in minutes): asked every second.
      REPORT_POLL_MS: '1000',
      LWA_TOKEN_URL: `${spapi.url}/auth/o2/token`,
      LWA_CLIENT_ID: LOCAL_LWA_CLIENT_ID,
      LWA_CLIENT_SECRET: LOCAL_LWA_CLIENT_SECRET,
      // In AWS the refresh tokens are encrypted with KMS (REFRESH_TOKEN_KEY_ARN).
      REFRESH_TOKEN_KEY: localKey(dataDir, 'refresh-token.key'),
      SMTP_HOST: host,
      SMTP_PORT: String(mail.smtpPort),
      MAIL_FROM: LOCAL_MAIL_FROM,
      MAIL_FROM_NAME,
      SUPPORT_INBOX: LOCAL_CONTACTS.supportEmail,
      // The admins' diagnostic routes: on locally, as in every stage but prod.
      DEBUG_TOOLS: process.env.DEBUG_TOOLS ?? 'true',
      APP_URL: webUrl,
      LWA_APP_ID: LOCAL_SPAPI_APP_ID,
      // Every country's Seller Central is the simulator's consent page locally.
      SELLER_CENTRAL_URL_OVERRIDE: spapi.url,
      SPAPI_APP_DRAFT: 'false',
      PAYMENT_API_URL: payment.url,
      PAYMENT_CLIENT_ID: LOCAL_PAYMENT_CLIENT_ID,
      PAYMENT_CLIENT_SECRET: LOCAL_PAYMENT_CLIENT_SECRET,
      PAYMENT_MERCHANT_ID: LOCAL_PAYMENT_MERCHANT_ID,
      PAYMENT_WEBHOOK_ID: LOCAL_PAYMENT_WEBHOOK_ID,
      // In AWS only the secret's ARN is in the environment; locally the value itself.
      CAPTCHA_SECRET: secrets.captchaSecret,
      UNSUBSCRIBE_SECRET: secrets.unsubscribeSecret,
      POWERTOOLS_SERVICE_NAME: 'rimborsi-fba-local',
    });

    const gateway = await startGateway({
      port: ports.api,
      host,
      routes: ROUTES,
      functions: TRIGGERS,
      root: ROOT,
      authorizer: {
        issuer: cognito.info.issuer,
        jwksUri: cognito.info.jwksUri,
        audience: [cognito.info.clientId],
      },
      log: (line) => log(`[api] ${line}`),
    });
    track('gateway', { stop: gateway.close });

    const accounts = await seedAccounts({
      cognitoEndpoint: cognito.info.endpoint,
      userPoolId: cognito.info.userPoolId,
    });

    // EventBridge Scheduler's stand-in: the same messages on the same queue at the same rates.
    track(
      'scheduler',
      startScheduler({
        endpoint: sqs.endpoint,
        queueUrl: sqs.queue.url,
        schedules: SCHEDULES.map((s) => ({ ...s, message: { ...s.message } })),
      }),
    );

    // The Scheduler's direct invocations (the feedback report import): same handlers, same input.
    track(
      'function-schedules',
      startFunctionSchedules({
        root: ROOT,
        functions: SCHEDULED_FUNCTIONS,
        log: (line) => log(`[jobs] ${line}`),
      }),
    );

    // The event source mapping's stand-in: each queue worker of the catalogue gets the batches.
    for (const worker of QUEUE_WORKERS) {
      const queue =
        worker.consumes?.queue === 'imports'
          ? sqs.importQueue
          : worker.consumes?.queue === 'accounts'
            ? sqs.accountQueue
            : worker.consumes?.queue === 'readings'
              ? sqs.readingQueue
              : sqs.queue;
      track(
        `consumer:${worker.name}`,
        startConsumer({
          endpoint: sqs.endpoint,
          queueUrl: queue.url,
          queueArn: queue.arn,
          entry: worker.entry,
          root: ROOT,
          functionName: worker.name,
          batchSize: worker.consumes?.batchSize,
          log: (line) => log(`[jobs] ${line}`),
        }),
      );
    }

    let resolvedWebUrl = webUrl;
    if (settings.withWeb) {
      const web = track(
        'web',
        await startWeb({
          host,
          port: ports.web,
          apiUrl: gateway.url,
          config: {
            region: LOCAL_REGION,
            userPoolId: cognito.info.userPoolId,
            userPoolClientId: cognito.info.clientId,
            cognitoEndpoint: cognito.info.endpoint,
            apiBase: '/api',
            freeLaunch: process.env.PLAN_FREE_DURING_LAUNCH === 'true',
            contacts: localContacts(process.env),
            payment: {
              provider: 'simulator',
              clientId: LOCAL_PAYMENT_CLIENT_ID,
              apiUrl: payment.url,
            },
          },
          build: settings.webBuild ? { outDir: path.join(settings.dataDir, 'web') } : undefined,
        }),
      );
      resolvedWebUrl = web.url;
    }

    const info: StackInfo = {
      webUrl: resolvedWebUrl,
      apiUrl: gateway.url,
      cognito: {
        endpoint: cognito.info.endpoint,
        userPoolId: cognito.info.userPoolId,
        clientId: cognito.info.clientId,
      },
      dynamodb: { endpoint: dynamo.endpoint, table: settings.tableName },
      s3: { endpoint: s3.endpoint, bucket: settings.bucketName },
      mail: { webUrl: mail.webUrl, smtpPort: mail.smtpPort },
      spapi: { endpoint: spapi.url },
      payment: { endpoint: payment.url },
      sqs: {
        endpoint: sqs.endpoint,
        syncQueueUrl: sqs.queue.url,
        syncDlqUrl: sqs.queue.dlqUrl,
        importQueueUrl: sqs.importQueue.url,
        importDlqUrl: sqs.importQueue.dlqUrl,
        accountQueueUrl: sqs.accountQueue.url,
        accountDlqUrl: sqs.accountQueue.dlqUrl,
        readingQueueUrl: sqs.readingQueue.url,
        readingDlqUrl: sqs.readingQueue.dlqUrl,
      },
      accounts,
    };
    fs.writeFileSync(path.join(dataDir, 'stack.json'), `${JSON.stringify(info, null, 2)}\n`);
    return {
      info,
      stop: async () => {
        fs.rmSync(path.join(dataDir, 'stack.json'), { force: true });
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
