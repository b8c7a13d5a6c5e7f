import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnResource } from 'aws-cdk-lib';
import { FUNCTION_DEFAULTS, FUNCTIONS, type FunctionSpec } from '../../lib/functions';
import { validateCatalogue } from '../../lib/validate-catalogue';
import { defineApp } from '../../lib/rimborsi-app';
import { Queues } from '../../lib/constructs/queues';
import { SYNC_MAX_RECEIVE_COUNT } from '../../lambdas/shared/job-messages';
import { FULL_CATALOGUE, fixtureProject, synth } from './support/synth';

const handlerNames = FULL_CATALOGUE.map((spec) => spec.name);
const { application, appStack, data } = synth({
  functions: FULL_CATALOGUE,
  projectRoot: fixtureProject(handlerNames),
});

function logicalIdOf(construct: { node: { defaultChild?: unknown } }): string {
  const cfn = construct.node.defaultChild as CfnResource;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
}

function fn(name: string) {
  const found = appStack.functions.all.find((f) => f.spec.name === name);
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

function environmentOf(name: string): Record<string, unknown> {
  const resource = application.toJSON().Resources[logicalIdOf(fn(name).function)] as {
    Properties: { Environment: { Variables: Record<string, unknown> } };
  };
  return resource.Properties.Environment.Variables;
}

/** All statements of a function's role, flattened. */
function statementsOf(
  name: string,
): { Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  const roleId = logicalIdOf(fn(name).role);
  return Object.values(application.findResources('AWS::IAM::Policy'))
    .filter(
      (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

function actionsOf(name: string): string[] {
  return statementsOf(name)
    .flatMap((statement) => statement.Action)
    .filter((action) => !action.startsWith('logs:') && !action.startsWith('xray:'))
    .sort();
}

describe('routes', () => {
  it('creates every route of every function', () => {
    const keys = Object.values(application.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey as string,
    );
    expect(keys.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/receipts',
        'POST /api/api-cases',
        'GET /api/cases/{shipmentId}',
        'POST /api/send-support-request',
        'POST /api/activate-free-plan',
        'POST /api/delete-user-account',
        'POST /api/admin-me',
      ].sort(),
    );
  });

  it('requires the Cognito JWT on every route not marked public', () => {
    const authorizerId = logicalIdOf(appStack.api.authorizer);
    for (const route of Object.values(application.findResources('AWS::ApiGatewayV2::Route'))) {
      const key = route.Properties.RouteKey as string;
      const isPublic = key === 'GET /api/health' || key === 'POST /api/send-support-request';
      if (isPublic) {
        expect(route.Properties).toMatchObject({ AuthorizationType: 'NONE' });
        expect(route.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      }
    }
  });

  it('lets API Gateway invoke each routed function', () => {
    application.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [logicalIdOf(fn('api-cases').function), 'Arn'] },
    });
  });
});

describe('grants set the environment and the permission together', () => {
  it('gives nothing to a function without grants', () => {
    expect(actionsOf('health')).toEqual([]);
    expect(Object.keys(environmentOf('health')).sort()).toEqual(
      [
        'LOG_LEVEL',
        'NODE_OPTIONS',
        'POWERTOOLS_METRICS_NAMESPACE',
        'POWERTOOLS_SERVICE_NAME',
        'STAGE',
      ].sort(),
    );
  });

  it('debug:tools passes the stage’s diagnostics switch to what the diagnostic pages call', () => {
    expect(environmentOf('api-cases')).toMatchObject({ DEBUG_TOOLS: 'true' });
    expect(environmentOf('send-support-request')).not.toHaveProperty('DEBUG_TOOLS');
  });

  it('plan:launchOffer and support:inbox pass the stage settings, with no permission', () => {
    expect(environmentOf('activate-free-plan')).toMatchObject({ PLAN_FREE_DURING_LAUNCH: 'false' });
    expect(environmentOf('send-support-request')).toMatchObject({
      SUPPORT_INBOX: 'no-reply@example.com',
    });
    expect(actionsOf('activate-free-plan').every((a) => a.startsWith('dynamodb:'))).toBe(true);
  });

  it('table:read reads the table and its named indexes only', () => {
    expect(environmentOf('api-cases')).toHaveProperty('TABLE_NAME');
    const tableStatement = statementsOf('api-cases').find((s) =>
      ([] as string[]).concat(s.Action).includes('dynamodb:Query'),
    );
    expect(tableStatement?.Action).not.toContain('dynamodb:PutItem');
    expect(JSON.stringify(tableStatement?.Resource)).toMatch(/\/index\/GSI1.*\/index\/GSI2/);
    expect(JSON.stringify(tableStatement?.Resource)).not.toContain('index/*');
  });

  it('receipts only reads the table and knows the support address it prints', () => {
    expect(environmentOf('receipts')).toHaveProperty('SUPPORT_INBOX');
    const actions = actionsOf('receipts').filter(
      (a) => !a.startsWith('logs:') && !a.startsWith('xray:'),
    );
    expect(actions.length).toBeGreaterThan(0);
    expect(
      actions.every((a) => /^dynamodb:(Get|BatchGet|Query|ConditionCheck|Describe)/.test(a)),
    ).toBe(true);
  });

  it('table:readWrite adds writes', () => {
    expect(actionsOf('delete-user-account')).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query']),
    );
  });

  it('documents grants address the bucket by its derived name', () => {
    expect(environmentOf('sync-worker').DOCUMENTS_BUCKET).toEqual({
      'Fn::Join': ['', ['rimborsi-fba-dev-docs-', { Ref: 'AWS::AccountId' }, '-eu-west-1']],
    });
    expect(actionsOf('api-cases')).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:ListBucket']),
    );
    expect(actionsOf('api-cases')).not.toContain('s3:PutObject');
    expect(actionsOf('sync-worker')).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
    );
  });

  it('mail:send may send only as the configured sender', () => {
    expect(environmentOf('send-support-request')).toMatchObject({
      MAIL_FROM: 'no-reply@example.com',
      MAIL_FROM_NAME: 'Rimborsi FBA',
      MAIL_CONFIGURATION_SET: 'rimborsi-fba-dev-mail',
    });
    const mail = statementsOf('send-support-request').find((s) =>
      ([] as string[]).concat(s.Action).includes('ses:SendEmail'),
    );
    expect(mail?.Condition).toEqual({
      StringEquals: { 'ses:FromAddress': 'no-reply@example.com' },
    });
  });

  it('users:read gives Cognito admin reads; users:delete adds the sign-out and delete, nothing else', () => {
    expect(environmentOf('admin-me')).toHaveProperty('USER_POOL_ID');
    expect(environmentOf('admin-me')).toHaveProperty('USER_POOL_CLIENT_ID');
    expect(actionsOf('admin-me')).toContain('cognito-idp:AdminListGroupsForUser');
    expect(actionsOf('admin-me')).not.toContain('cognito-idp:AdminDeleteUser');
    // Sessions end at once (refresh tokens revoked) on the request, then the worker deletes the
    // user. No way to make anyone an admin, reset a password or rewrite attributes from there.
    for (const name of ['delete-user-account', 'account-deletion-worker']) {
      const deletion = actionsOf(name);
      expect(deletion).toContain('cognito-idp:AdminDeleteUser');
      expect(
        deletion.filter((a) => a.startsWith('cognito-idp:Admin') && !/Get|List/.test(a)).sort(),
      ).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut']);
    }
  });

  it('documents:purge lets the account deletion worker alone remove old versions of files', () => {
    expect(actionsOf('account-deletion-worker')).toEqual(
      expect.arrayContaining(['s3:ListBucketVersions', 's3:DeleteObjectVersion']),
    );
    // The request only ends the sessions, marks the account and queues the deletion.
    expect(actionsOf('delete-user-account').filter((a) => a.startsWith('s3:'))).toEqual([]);
    for (const other of ['api-cases', 'sync-worker', 'admin-me']) {
      expect(actionsOf(other)).not.toContain('s3:DeleteObjectVersion');
    }
  });

  it('documents:name gives the bucket name and no access to its files', () => {
    expect(environmentOf('admin-me')).toHaveProperty('DOCUMENTS_BUCKET');
    expect(actionsOf('admin-me').filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('refreshTokens, syncQueue and lwa set their variables', () => {
    const env = environmentOf('sync-worker');
    expect(env).toHaveProperty('REFRESH_TOKEN_KEY_ARN');
    expect(env).toHaveProperty('SYNC_QUEUE_URL');
    expect(env).toHaveProperty(
      'LWA_APP_ID',
      'amzn1.sp.solution.00000000-0000-0000-0000-000000000000',
    );
    expect(actionsOf('sync-worker')).toEqual(
      expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt', 'sqs:SendMessage']),
    );
    expect(actionsOf('sync-worker').some((action) => action.includes('*'))).toBe(false);
  });

  it('payment:credentials reads only the payment credentials secret', () => {
    expect(environmentOf('api-cases')).toHaveProperty('PAYMENT_CREDENTIALS_SECRET_ARN');
    const read = statementsOf('api-cases').find((s) =>
      ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(read?.Resource)).toMatch(/PaymentCredentials/);
    expect(JSON.stringify(read?.Resource)).not.toContain('*');
  });

  it('spapi:credentials reads only the LWA credentials secret', () => {
    const env = environmentOf('sync-worker');
    expect(env).toHaveProperty('LWA_CREDENTIALS_SECRET_ARN');
    const read = statementsOf('sync-worker').find((s) =>
      ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(read?.Resource)).toMatch(/LwaCredentials/);
    expect(JSON.stringify(read?.Resource)).not.toContain('*');
  });
});

describe('Cognito triggers', () => {
  it('have a fixed name that the user pool in the data stack points at', () => {
    application.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'rimborsi-fba-dev-pre-sign-up',
    });
    data.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: {
          'Fn::Join': [
            '',
            [
              'arn:aws:lambda:eu-west-1:',
              { Ref: 'AWS::AccountId' },
              ':function:rimborsi-fba-dev-pre-sign-up',
            ],
          ],
        },
        CustomMessage: {
          'Fn::Join': [
            '',
            [
              'arn:aws:lambda:eu-west-1:',
              { Ref: 'AWS::AccountId' },
              ':function:rimborsi-fba-dev-custom-message',
            ],
          ],
        },
      },
    });
  });

  it('may be invoked by this user pool only', () => {
    application.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [logicalIdOf(fn('pre-sign-up').function), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
      SourceArn: {
        'Fn::GetStackOutput': Match.objectLike({
          OutputName: Match.stringLikeRegexp('AuthUserPool.*Arn'),
        }),
      },
    });
  });

  it('are not routes, and routed functions get no fixed name', () => {
    const routeKeys = JSON.stringify(application.findResources('AWS::ApiGatewayV2::Route'));
    expect(routeKeys).not.toContain('pre-sign-up');
    const resource = application.toJSON().Resources[logicalIdOf(fn('admin-me').function)] as {
      Properties: Record<string, unknown>;
    };
    expect(resource.Properties.FunctionName).toBeUndefined();
  });

  it('captcha:secret names the secret and may read only it; app:url is the web address', () => {
    expect(environmentOf('pre-sign-up')).toHaveProperty('CAPTCHA_SECRET_ARN');
    expect(JSON.stringify(environmentOf('pre-sign-up'))).not.toMatch(/CAPTCHA_SECRET"/);
    const read = statementsOf('pre-sign-up').find((s) =>
      ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(read?.Resource)).toMatch(/CaptchaSecret/);
    expect(environmentOf('custom-message').APP_URL).toEqual({
      'Fn::Join': [
        '',
        ['https://', { 'Fn::GetAtt': [logicalIdOf(appStack.web.distribution), 'DomainName'] }],
      ],
    });
  });
});

describe('queue consumer', () => {
  it('gives up on a run on the delivery the queue parks the message after', () => {
    expect(SYNC_MAX_RECEIVE_COUNT).toBe(Queues.MAX_RECEIVE_COUNT);
  });

  it('reads the sync queue with partial batch failures and bounded concurrency', () => {
    application.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(fn('sync-worker').function) },
      EventSourceArn: {
        'Fn::GetStackOutput': Match.objectLike({
          OutputName: Match.stringLikeRegexp('QueuesSyncQueue'),
        }),
      },
      BatchSize: 2,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
  });

  it('gets alarms like every other function', () => {
    const alarms = Object.keys(application.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.filter((id) => /SyncWorkerFailures/.test(id))).toHaveLength(1);
  });
  it('the account deletion worker reads the account queue, one deletion at a time', () => {
    application.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(fn('account-deletion-worker').function) },
      EventSourceArn: {
        'Fn::GetStackOutput': Match.objectLike({
          OutputName: Match.stringLikeRegexp('QueuesAccountQueue'),
        }),
      },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the deletion request may queue only on the account queue', () => {
    expect(environmentOf('delete-user-account')).toHaveProperty('ACCOUNT_QUEUE_URL');
    const send = statementsOf('delete-user-account').filter((s) =>
      ([] as string[]).concat(s.Action).includes('sqs:SendMessage'),
    );
    expect(JSON.stringify(send)).toMatch(/AccountQueue/);
    expect(JSON.stringify(send)).not.toMatch(/SyncQueue|ImportQueue/);
  });
});

describe('catalogue validation', () => {
  const base: FunctionSpec = {
    name: 'health',
    entry: 'lambdas/handlers/health.handler.ts',
    description: 'x',
    routes: [{ method: 'GET', path: '/api/health', public: true }],
    grants: [],
    memory: 256,
    timeoutSeconds: 5,
  };
  const exists = () => true;

  it('accepts the real catalogue', () => {
    expect(() => validateCatalogue(FUNCTIONS, exists)).not.toThrow();
  });

  it('names a missing handler file and how to fix it', () => {
    expect(() => validateCatalogue([base], () => false)).toThrow(
      /Function "health": lambdas\/handlers\/health\.handler\.ts does not exist; write the handler/,
    );
  });

  it('fails `cdk synth` when an entry has no handler file yet', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const missing = {
      ...base,
      name: 'not-written-yet',
      entry: 'lambdas/handlers/not-written-yet.handler.ts',
    };
    expect(() => defineApp(app, { functions: [missing] })).toThrow(
      /not-written-yet\.handler\.ts does not exist/,
    );
  });

  it.each<[string, Partial<FunctionSpec>, RegExp]>([
    ['a non-kebab name', { name: 'Health' }, /kebab-case/],
    [
      'an entry that does not follow the name',
      { entry: 'lambdas/handlers/other.handler.ts' },
      /entry must be/,
    ],
    [
      'a route outside /api',
      { routes: [{ method: 'GET', path: '/health' as `/api/${string}` }] },
      /must be \/api\//,
    ],
    ['a routed function slower than API Gateway waits', { timeoutSeconds: 30 }, /within 29 s/],
    [
      'a function nothing invokes',
      { routes: [] },
      /neither routes, a queue to consume, a schedule nor a Cognito trigger/,
    ],
    [
      'a Cognito trigger with routes',
      { cognitoTrigger: 'PreSignUp' },
      /a Cognito trigger has no routes and consumes no queue/,
    ],
    [
      'a Cognito trigger slower than Cognito waits',
      { routes: undefined, cognitoTrigger: 'PostConfirmation', timeoutSeconds: 6 },
      /within 5 s/,
    ],
    ['too little memory', { memory: 64 }, /memory/],
    ['a reserved concurrency of zero', { reservedConcurrency: 0 }, /reservedConcurrency/],
    [
      'a consumer reserving less than its poller may use',
      { routes: undefined, consumes: { queue: 'sync', maxConcurrency: 3 }, reservedConcurrency: 2 },
      /at least the queue's maxConcurrency/,
    ],
    [
      'a heavy ceiling below its queue poller concurrency',
      { routes: undefined, consumes: { queue: 'sync', maxConcurrency: 3 }, heavyConcurrency: 2 },
      /heavyConcurrency must be at least the queue's maxConcurrency/,
    ],
    [
      'a schedule with a made-up expression',
      { schedules: [{ name: 'nightly', expression: 'every night', description: 'x' }] },
      /schedule "nightly": expression must be rate/,
    ],
    [
      'a schedule name that is no kebab-case',
      { schedules: [{ name: 'Nightly', expression: 'rate(1 day)', description: 'x' }] },
      /schedule "Nightly": name must be kebab-case/,
    ],
  ])('rejects %s', (_, change, message) => {
    expect(() => validateCatalogue([{ ...base, ...change }], exists)).toThrow(message);
  });

  it('rejects two functions serving the same trigger', () => {
    const trigger = { ...base, routes: undefined, cognitoTrigger: 'CustomMessage' as const };
    const twin = {
      ...trigger,
      name: 'health-two',
      entry: 'lambdas/handlers/health-two.handler.ts',
    };
    expect(() => validateCatalogue([trigger, twin], exists)).toThrow(
      /the CustomMessage trigger is already served by "health"/,
    );
  });

  it('rejects two functions on the same route', () => {
    const twin = { ...base, name: 'health-two', entry: 'lambdas/handlers/health-two.handler.ts' };
    expect(() => validateCatalogue([base, twin], exists)).toThrow(/already served by "health"/);
  });

  it('rejects a consumer too slow for the queue visibility timeout', () => {
    const slow: FunctionSpec = {
      ...base,
      name: 'sync-worker',
      entry: 'lambdas/handlers/sync-worker.handler.ts',
      routes: undefined,
      consumes: { queue: 'sync' },
      timeoutSeconds: 300,
    };
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(() =>
      defineApp(app, { functions: [slow], projectRoot: fixtureProject(['sync-worker']) }),
    ).toThrow(/must be at most a sixth of the queue's visibility timeout \(900 s\)/);
  });
});

describe('sizing and concurrency', () => {
  it('gives an entry without memory or timeout the catalogue defaults', () => {
    const resource = application.toJSON().Resources[logicalIdOf(fn('activate-free-plan').function)];
    expect(resource.Properties).toMatchObject({
      MemorySize: FUNCTION_DEFAULTS.memory,
      Timeout: FUNCTION_DEFAULTS.timeoutSeconds,
    });
    expect(resource.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('reserves concurrency only where the entry asks for it', () => {
    const resource = application.toJSON().Resources[logicalIdOf(fn('report-import').function)];
    expect(resource.Properties).toMatchObject({
      MemorySize: 512,
      Timeout: 600,
      ReservedConcurrentExecutions: 1,
    });
  });
});

describe('scheduled functions', () => {
  it('are invoked directly by EventBridge Scheduler with their input, retried, then parked', () => {
    application.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'rimborsi-fba-dev-report-import-daily',
      ScheduleExpression: 'cron(0 5 * * ? *)',
      Target: {
        Arn: { 'Fn::GetAtt': [logicalIdOf(fn('report-import').function), 'Arn'] },
        Input: JSON.stringify({ kind: 'daily' }),
        RoleArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('JobsSchedulerRole'), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: {
          Arn: {
            'Fn::GetStackOutput': Match.objectLike({
              OutputName: Match.stringLikeRegexp('ScheduleDeadLetterQueue'),
            }),
          },
        },
      },
    });
  });

  it('may be invoked by the scheduler role, which can invoke nothing else', () => {
    const statements = Object.values(application.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('JobsSchedulerRole'))
      .flatMap(
        (policy) =>
          policy.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[],
      );
    const invoke = statements.filter((s) => s.Action === 'lambda:InvokeFunction');
    expect(JSON.stringify(invoke)).toContain(logicalIdOf(fn('report-import').function));
    for (const other of appStack.functions.all.filter((f) => f.spec.name !== 'report-import')) {
      expect(JSON.stringify(invoke)).not.toContain(logicalIdOf(other.function));
    }
  });

  it('refuses a schedule name the queue jobs already use', () => {
    const clash: FunctionSpec = {
      ...FULL_CATALOGUE.find((spec) => spec.name === 'report-import')!,
      schedules: [{ name: 'automatic-sync', expression: 'rate(1 day)', description: 'x' }],
    };
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(() =>
      defineApp(app, { functions: [clash], projectRoot: fixtureProject(['report-import']) }),
    ).toThrow(/schedule name "automatic-sync" is already used/);
  });
});
