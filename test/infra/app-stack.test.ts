import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SCHEDULES } from '../../lambdas/shared/schedules';
import { FUNCTIONS, sizing } from '../../lib/functions';
import { PRERENDERED_PATHS, prerenderedFile } from '../../web/src/app/prerendered-pages';
import { fakeWebBuild, PROD_CONTEXT, synth } from './support/synth';

// The real catalogue, bundled for real, with a stand-in web build.
const { app, application, appStack } = synth({ bundle: true, webBuildDir: fakeWebBuild() });

function logicalId(construct: { node: { defaultChild?: unknown } } | CfnFunction): string {
  const cfn = (
    'cfnResourceType' in construct ? construct : construct.node.defaultChild
  ) as CfnFunction;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
}

/** A template string value, with `{TOKEN}` where CloudFormation fills in a reference. */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return '{TOKEN}';
  return join[1].map(joined).join(join[0]);
}

function cspDirectives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ');
      return [name, values.join(' ')];
    }),
  );
}

describe('server functions', () => {
  it('creates one function per catalogue entry', () => {
    expect(appStack.functions.all.map((fn) => fn.spec.name)).toEqual(FUNCTIONS.map((f) => f.name));
  });

  it.each(FUNCTIONS.map((spec) => [spec.name]))(
    '%s runs on arm64 Node.js 24 with JSON logs, tracing and Powertools settings',
    (name) => {
      const fn = appStack.functions.all.find((f) => f.spec.name === name)!;
      const resource = application.toJSON().Resources[logicalId(fn.function)] as {
        Properties: Record<string, unknown>;
      };
      expect(resource.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: sizing(fn.spec).memory,
        Timeout: sizing(fn.spec).timeoutSeconds,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: {
          LogFormat: 'JSON',
          ApplicationLogLevel: 'INFO',
          LogGroup: { Ref: logicalId(fn.logGroup) },
        },
        Environment: {
          Variables: {
            STAGE: 'dev',
            POWERTOOLS_SERVICE_NAME: 'rimborsi-fba',
            POWERTOOLS_METRICS_NAMESPACE: 'RimborsiFBA',
            LOG_LEVEL: 'INFO',
            NODE_OPTIONS: '--enable-source-maps',
          },
        },
        Role: { 'Fn::GetAtt': [logicalId(fn.role), 'Arn'] },
      });
    },
  );

  it('keeps every function log group at least 90 days', () => {
    for (const fn of appStack.functions.all) {
      const group = application.toJSON().Resources[logicalId(fn.logGroup)] as {
        Properties: { RetentionInDays: number };
      };
      expect(group.Properties.RetentionInDays).toBeGreaterThanOrEqual(90);
    }
  });

  it('attaches no managed policy to any role (no account-wide log access)', () => {
    const roles = Object.values(application.findResources('AWS::IAM::Role'));
    expect(roles.length).toBeGreaterThanOrEqual(appStack.functions.all.length + 2);
    for (const role of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('bundles each handler as minified ESM with a source map and without the AWS SDK', () => {
    const fn = appStack.functions.all[0]!;
    const code = application.toJSON().Resources[logicalId(fn.function)].Properties.Code as {
      S3Key: string;
    };
    const assetDir = path.join(app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
    const bundle = fs.readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(fs.existsSync(path.join(assetDir, 'index.mjs.map'))).toBe(true);
    expect(bundle).toMatch(/^import \{ createRequire as __createRequire \}/);
    expect(bundle.trimEnd()).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map$/);
    expect(bundle).not.toMatch(/@aws-sdk\/client-/);
  });
});

describe('HTTP API', () => {
  it('verifies Cognito JWTs issued to the web client', () => {
    application.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.eu-west-1.amazonaws.com/',
              {
                'Fn::GetStackOutput': Match.objectLike({
                  StackName: 'rimborsi-fba-dev-data',
                  OutputName: Match.stringLikeRegexp('AuthUserPool'),
                }),
              },
            ],
          ],
        },
        Audience: [
          {
            'Fn::GetStackOutput': Match.objectLike({
              OutputName: Match.stringLikeRegexp('AuthUserPoolWebClient'),
            }),
          },
        ],
      },
    });
  });

  it('serves GET /api/health without a token', () => {
    application.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/health',
      AuthorizationType: 'NONE',
    });
  });

  it('gives every public route that writes or mails a ceiling of its own, and no other route', () => {
    const publicWrites = FUNCTIONS.flatMap((f) => f.routes ?? [])
      .filter((r) => r.public && r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    expect(publicWrites).toContain('POST /api/send-support-request');
    expect(publicWrites).toContain('POST /api/magic-link');
    const stages = Object.values(application.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const settings = stages[0]!.Properties.RouteSettings as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual([...publicWrites].sort());
    for (const key of publicWrites) {
      expect(settings[key]).toEqual({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
    }
    // CloudFormation must create those routes before the stage that names them.
    const routes = application.findResources('AWS::ApiGatewayV2::Route');
    const named = Object.keys(routes).filter((id) =>
      publicWrites.includes(routes[id]!.Properties.RouteKey as string),
    );
    expect(named).toHaveLength(publicWrites.length);
    expect(stages[0]!.DependsOn).toEqual(expect.arrayContaining(named));
  });

  it('throttles and logs the default stage', () => {
    application.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('"userId":"\\$context.authorizer.claims.sub"'),
      },
    });
  });
});

describe('schedules', () => {
  const schedules = () => Object.values(application.findResources('AWS::Scheduler::Schedule'));

  const queueSchedules = () =>
    schedules().filter((schedule) =>
      JSON.stringify(schedule.Properties.Target.Arn).includes('QueuesSyncQueue'),
    );

  it('has one schedule per queue job and per schedule of a catalogue entry', () => {
    const fromCatalogue = FUNCTIONS.flatMap((spec) => spec.schedules ?? []);
    expect(schedules()).toHaveLength(SCHEDULES.length + fromCatalogue.length);
    expect(queueSchedules()).toHaveLength(SCHEDULES.length);
  });

  it('sends typed job messages to the sync queue weekly, hourly and daily', () => {
    const byExpression = Object.fromEntries(
      queueSchedules().map((schedule) => [
        schedule.Properties.ScheduleExpression,
        schedule.Properties,
      ]),
    );
    expect(Object.keys(byExpression).sort()).toEqual([
      'rate(1 day)',
      'rate(1 hour)',
      'rate(7 days)',
    ]);
    // The same messages the local scheduler sends (lambdas/shared/schedules.ts).
    expect(JSON.parse(byExpression['rate(7 days)'].Target.Input)).toEqual({ type: 'sync.due' });
    expect(JSON.parse(byExpression['rate(1 hour)'].Target.Input)).toEqual({ type: 'cases.poll' });
    expect(JSON.parse(byExpression['rate(1 day)'].Target.Input)).toEqual({
      type: 'alerts.digest',
    });
    for (const schedule of queueSchedules()) {
      expect(schedule.Properties.Target).toMatchObject({
        Arn: { 'Fn::GetStackOutput': { OutputName: expect.stringMatching(/QueuesSyncQueue/) } },
        DeadLetterConfig: {
          Arn: {
            'Fn::GetStackOutput': { OutputName: expect.stringMatching(/ScheduleDeadLetterQueue/) },
          },
        },
        RoleArn: { 'Fn::GetAtt': [expect.stringMatching(/JobsSchedulerRole/), 'Arn'] },
      });
    }
  });

  it('uses a role that may only send messages to the two queues and invoke scheduled functions', () => {
    const statements = Object.values(application.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('JobsSchedulerRole'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string }[]);
    expect([...new Set(statements.map((s) => s.Action))].sort()).toEqual(
      FUNCTIONS.some((spec) => spec.schedules?.length)
        ? ['lambda:InvokeFunction', 'sqs:SendMessage']
        : ['sqs:SendMessage'],
    );
    application.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('JobsSchedulerRole') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            Action: 'sqs:SendMessage',
            Resource: [
              {
                'Fn::GetStackOutput': Match.objectLike({
                  OutputName: Match.stringLikeRegexp('ScheduleDeadLetterQueue'),
                }),
              },
              {
                'Fn::GetStackOutput': Match.objectLike({
                  OutputName: Match.stringLikeRegexp('QueuesSyncQueue'),
                }),
              },
            ],
          },
        ]),
      },
    });
  });
});

describe('web distribution', () => {
  it('serves the private bucket through Origin Access Control with a page rewrite', () => {
    application.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    application.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        HttpVersion: 'http2and3',
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          Compress: true,
          ResponseHeadersPolicyId: { Ref: Match.stringLikeRegexp('WebSecurityHeaders') },
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
        }),
        Origins: Match.arrayWith([
          Match.objectLike({
            OriginAccessControlId: Match.anyValue(),
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ]),
      }),
    });
    // No error-response rewriting: /api/* must keep its own 403/404 answers.
    const distribution = Object.values(
      application.findResources('AWS::CloudFront::Distribution'),
    )[0];
    expect(distribution?.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
  });

  it('answers prerendered pages with their own HTML and other routes with the app shell', () => {
    const functions = Object.values(application.findResources('AWS::CloudFront::Function'));
    expect(functions).toHaveLength(1);
    const code = functions[0]!.Properties.FunctionCode as string;
    // The synthesized code itself, run as CloudFront would run it on a viewer request.
    const handler = new Function(`${code}\nreturn handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const fileFor = (uri: string) => handler({ request: { uri } }).uri;

    expect(fileFor('/')).toBe('/index.html');
    expect(fileFor('/privacy')).toBe('/privacy/index.html');
    expect(fileFor('/privacy/')).toBe('/privacy/index.html');
    expect(fileFor('/termini')).toBe('/termini/index.html');
    expect(fileFor('/help-center')).toBe('/help-center/index.html');
    for (const page of PRERENDERED_PATHS) {
      expect(fileFor(page)).toBe(`/${prerenderedFile(page)}`);
    }
    // Routes drawn in the browser get the empty shell, never another page's HTML.
    expect(fileFor('/dashboard')).toBe('/app.html');
    expect(fileFor('/login')).toBe('/app.html');
    expect(fileFor('/feedback/settings')).toBe('/app.html');
    expect(fileFor('/no-such-page')).toBe('/app.html');
    // Files keep their own path, so a missing one is still an error.
    expect(fileFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(fileFor('/config.json')).toBe('/config.json');
    expect(fileFor('/favicon.svg')).toBe('/favicon.svg');
  });

  it('sends /api/* to the HTTP API uncached with every viewer header except Host', () => {
    application.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
            ViewerProtocolPolicy: 'redirect-to-https',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Select': [
                2,
                {
                  'Fn::Split': [
                    '/',
                    { 'Fn::GetAtt': [Match.stringLikeRegexp('ApiHttpApi'), 'ApiEndpoint'] },
                  ],
                },
              ],
            },
            CustomOriginConfig: Match.objectLike({
              OriginProtocolPolicy: 'https-only',
              OriginSSLProtocols: ['TLSv1.2'],
            }),
          }),
        ]),
      }),
    });
  });

  it('sends strict security headers', () => {
    application.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
          }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        }),
      }),
    });
    const policy = Object.values(
      application.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    )[0];
    const csp = joined(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );
    const directives = cspDirectives(csp);
    expect(directives['default-src']).toBe("'self'");
    // Scripts from the app and PayPal's SDK only: no inline script, no eval.
    expect(directives['script-src']).toBe(
      "'self' https://*.paypal.com https://*.paypalobjects.com",
    );
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['connect-src']).toMatch(
      /^'self' https:\/\/cognito-idp\.eu-west-1\.amazonaws\.com https:\/\/rimborsi-fba-dev-docs-.*\.s3\.eu-west-1\.amazonaws\.com https:\/\/\*\.paypal\.com https:\/\/\*\.paypalobjects\.com$/,
    );
    expect(directives['frame-src']).toContain('https://*.paypal.com');
    expect(directives['img-src']).toContain('https://*.paypalobjects.com');
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('lets only this distribution read the web bucket', () => {
    application.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('deploys hashed assets as immutable, then the entry files and config.json as no-cache', () => {
    const deployments = application.findResources('Custom::CDKBucketDeployment');
    const byInclude = Object.values(deployments).map((d) => d.Properties);
    expect(byInclude).toHaveLength(2);
    const assets = byInclude.find((p) => p.Include?.[0] === 'assets/*');
    const entry = byInclude.find((p) => p.Exclude?.[0] === 'assets/*');
    expect(assets).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(entry).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    // config.json carries the pool and client ids, resolved at deploy time.
    expect(JSON.stringify(entry?.SourceMarkers)).toMatch(/AuthUserPool.*AuthUserPoolWebClient/);
    expect(
      Annotations.fromStack(appStack).findWarning('*', Match.stringLikeRegexp('No web build')),
    ).toHaveLength(0);
  });

  it('writes the runtime config the web app reads', () => {
    expect(appStack.web).toBeDefined();
    const entry = Object.values(application.findResources('Custom::CDKBucketDeployment')).find(
      (d) => d.Properties.Exclude?.[0] === 'assets/*',
    );
    const configAsset = (entry?.Properties.SourceObjectKeys as string[])[1]!;
    const dir = path.join(app.outdir, `asset.${configAsset.replace(/\.zip$/, '')}`);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(config).toEqual({
      region: 'eu-west-1',
      userPoolId: '<<marker:0xbaba:0>>',
      userPoolClientId: '<<marker:0xbaba:1>>',
      apiBase: '/api',
      // The launch offer is off unless the stage turns it on (spec 4.7).
      freeLaunch: false,
      // A dev stage without a support inbox: support requests go to the sender's address too.
      contacts: { supportEmail: 'no-reply@example.com', securityEmail: 'no-reply@example.com' },
    });
  });
});

describe('monitoring', () => {
  const alarms = () => Object.values(application.findResources('AWS::CloudWatch::Alarm'));
  const metricOf = (alarm: { [key: string]: unknown }) => {
    const properties = alarm.Properties as Record<string, unknown>;
    return `${String(properties.Namespace)}/${String(properties.MetricName)}`;
  };

  it('alarms on errors and throttles of every function and the five dead-letter queues', () => {
    const metrics = alarms().map(metricOf);
    // One alarm per function sums its errors and throttles.
    const lambdaMetrics = (alarm: { [key: string]: unknown }, name: string) =>
      (
        (alarm.Properties as { Metrics?: { MetricStat?: { Metric: Record<string, unknown> } }[] })
          .Metrics ?? []
      )
        .map((m) => m.MetricStat?.Metric)
        .filter((m) => m?.Namespace === 'AWS/Lambda' && m.MetricName === name);
    const perFunction = alarms().filter(
      (a) => lambdaMetrics(a, 'Errors').length === 1 && lambdaMetrics(a, 'Throttles').length === 1,
    );
    expect(perFunction).toHaveLength(FUNCTIONS.length);
    for (const alarm of perFunction) {
      expect(alarm.Properties).toMatchObject({
        Threshold: 1,
        Metrics: expect.arrayContaining([
          expect.objectContaining({ Expression: 'errors + throttles' }),
        ]),
      });
      // Both metrics are of the same function.
      expect(lambdaMetrics(alarm, 'Errors')[0]?.Dimensions).toEqual(
        lambdaMetrics(alarm, 'Throttles')[0]?.Dimensions,
      );
    }
    // The sync, import, account, reading and schedule dead-letter queues.
    expect(metrics.filter((m) => m === 'AWS/SQS/ApproximateNumberOfMessagesVisible')).toHaveLength(
      5,
    );
    for (const alarm of alarms()) {
      expect(alarm.Properties).toMatchObject({
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: expect.stringMatching(/MonitoringAlarmTopic/) }],
        OKActions: [{ Ref: expect.stringMatching(/MonitoringAlarmTopic/) }],
      });
    }
  });

  it('alarms on the API 5xx rate, from the 5xx and request counts', () => {
    application.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: 5,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'IF(requests >= 10, 100 * errors / requests, 0)' }),
        Match.objectLike({
          Id: 'requests',
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ Namespace: 'AWS/ApiGateway', MetricName: 'Count' }),
          }),
        }),
        Match.objectLike({
          Id: 'errors',
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }),
            Stat: 'Sum',
          }),
          ReturnData: false,
        }),
      ]),
    });
  });

  it('alarms on any failed sync, from the handlers\u2019 Powertools metric of this stage', () => {
    application.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'RimborsiFBA',
      MetricName: 'SyncFailed',
      Dimensions: Match.arrayWith([
        { Name: 'service', Value: 'rimborsi-fba' },
        { Name: 'stage', Value: 'dev' },
      ]),
      Statistic: 'Sum',
      Threshold: 1,
    });
  });

  it('alarms on mail complaints and bounces counted from the mail events', () => {
    const metrics = alarms().map(metricOf);
    expect(metrics).toEqual(
      expect.arrayContaining(['RimborsiFBA/dev/EmailComplaints', 'RimborsiFBA/dev/EmailBounces']),
    );
  });

  it('alarms on the hourly volume of mail SES accepts', () => {
    application.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Send',
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 500,
    });
  });

  it('has a dashboard of the API, functions, syncs, queues and mail', () => {
    const dashboard = Object.values(application.findResources('AWS::CloudWatch::Dashboard'))[0];
    expect(dashboard?.Properties.DashboardName).toBe('rimborsi-fba-dev-overview');
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const title of [
      'API requests and errors',
      'Function errors',
      'Shipment syncs',
      'Dead-letter queues',
      'Submissions and imports',
      'Mail delivery problems',
    ]) {
      expect(body).toContain(title);
    }
  });

  it('notifies an encrypted topic that CloudWatch can publish to', () => {
    application.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('MonitoringAlarmTopicKey'), 'Arn'] },
    });
    application.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' } }),
        ]),
      },
    });
  });
});

describe('without a web build', () => {
  const bare = synth();

  it('deploys only config.json and warns', () => {
    const deployments = Object.values(
      bare.application.findResources('Custom::CDKBucketDeployment'),
    );
    expect(deployments).toHaveLength(1);
    expect(deployments[0]?.Properties.SourceObjectKeys).toHaveLength(1);
    Annotations.fromStack(bare.appStack).hasWarning(
      '/rimborsi-fba-dev-app/Web',
      Match.stringLikeRegexp('No web build.*npm run build:web'),
    );
  });
});

describe('least privilege of representative functions (the real catalogue)', () => {
  function statementsOf(name: string): { Action: string | string[]; Resource: unknown }[] {
    const fn = appStack.functions.all.find((f) => f.spec.name === name)!;
    const roleId = logicalId(fn.role);
    return Object.values(application.findResources('AWS::IAM::Policy'))
      .filter(
        (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
      )
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
  }
  const actionsOf = (name: string) =>
    statementsOf(name).flatMap((statement) => ([] as string[]).concat(statement.Action));

  it('health may write its own logs and traces, nothing else', () => {
    expect(
      actionsOf('health').filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:')),
    ).toEqual([]);
  });

  it('sync-worker reaches the table, queue, key, LWA secret and mail (alerts), but no documents or users', () => {
    const actions = actionsOf('sync-worker');
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'sqs:SendMessage', 'kms:Decrypt', 'ses:SendEmail']),
    );
    // The feedback exports are the import worker's (below).
    expect(actions.filter((a) => /^s3:/.test(a))).toEqual([]);
    expect(actions.filter((a) => /^cognito-idp:/.test(a))).toEqual([]);
    const secrets = statementsOf('sync-worker').filter((s) =>
      ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(secrets)).toMatch(/LwaCredentials/);
    expect(JSON.stringify(secrets)).not.toMatch(/PaymentCredentials|CaptchaSecret/);
  });

  it('feedback-import-worker reads the uploaded exports, writes the table and queues only on the import queue', () => {
    const actions = actionsOf('feedback-import-worker');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem', 'sqs:SendMessage']));
    // The feedback exports it imports (issue 18): read only, never write or delete.
    expect(actions.filter((a) => /^s3:/.test(a)).length).toBeGreaterThan(0);
    expect(actions.filter((a) => /^s3:/.test(a)).every((a) => /^s3:(Get|List)/.test(a))).toBe(true);
    expect(actions.filter((a) => /^(kms|ses|cognito-idp|secretsmanager):/.test(a))).toEqual([]);
    const send = statementsOf('feedback-import-worker').filter((s) =>
      ([] as string[]).concat(s.Action).includes('sqs:SendMessage'),
    );
    expect(JSON.stringify(send)).toMatch(/ImportQueue/);
    expect(JSON.stringify(send)).not.toMatch(/SyncQueue/);
    application.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: {
        'Fn::GetStackOutput': Match.objectLike({
          OutputName: Match.stringLikeRegexp('QueuesImportQueue'),
        }),
      },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the document reader consumes the reading queue one scan at a time and queues only there', () => {
    application.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: {
        'Fn::GetStackOutput': Match.objectLike({
          OutputName: Match.stringLikeRegexp('QueuesReadingQueue'),
        }),
      },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const send = statementsOf('case-documents').filter((s) =>
      ([] as string[]).concat(s.Action).includes('sqs:SendMessage'),
    );
    expect(JSON.stringify(send)).toMatch(/ReadingQueue/);
    expect(JSON.stringify(send)).not.toMatch(/SyncQueue|ImportQueue|AccountQueue/);
  });

  it('sync-runs only reads the table', () => {
    const actions = actionsOf('sync-runs').filter(
      (a) => !a.startsWith('logs:') && !a.startsWith('xray:'),
    );
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((a) => /^dynamodb:(Get|BatchGet|Query|ConditionCheck)/.test(a))).toBe(
      true,
    );
  });

  it('verify-payment reads the payment secret and the table, and no other secret', () => {
    const secrets = statementsOf('verify-payment').filter((s) =>
      ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(secrets)).toMatch(/PaymentCredentials/);
    expect(JSON.stringify(secrets)).not.toMatch(/LwaCredentials|CaptchaSecret/);
  });

  it('no function role has a wildcard action', () => {
    for (const fn of appStack.functions.all) {
      expect(actionsOf(fn.spec.name).filter((a) => a.endsWith('*') || a === '*')).toEqual([]);
    }
  });
});

describe('API routes of the real catalogue', () => {
  it('put the JWT authorizer on every route not marked public, and on none of the public ones', () => {
    const routes = Object.values(application.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties as { RouteKey: string; AuthorizationType: string },
    );
    const expected = FUNCTIONS.flatMap((spec) => spec.routes ?? []).map((route) => [
      `${route.method} ${route.path}`,
      route.public ? 'NONE' : 'JWT',
    ]);
    expect(routes.map((r) => [r.RouteKey, r.AuthorizationType]).sort()).toEqual(expected.sort());
  });

  it('logs every request as JSON with id, route, status, latency and integration error', () => {
    const stage = Object.values(application.findResources('AWS::ApiGatewayV2::Stage'))[0];
    const format = JSON.parse(stage?.Properties.AccessLogSettings.Format as string) as Record<
      string,
      string
    >;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      latencyMs: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
    });
    const logGroupId = (
      stage?.Properties.AccessLogSettings.DestinationArn as { 'Fn::GetAtt': string[] }
    )['Fn::GetAtt'][0]!;
    expect(
      application.toJSON().Resources[logGroupId].Properties.RetentionInDays,
    ).toBeGreaterThanOrEqual(90);
  });
});

describe('web runtime config and payment settings per stage', () => {
  const prod = synth({ context: PROD_CONTEXT, webBuildDir: fakeWebBuild() });

  function runtimeConfigOf(synthesized: { app: typeof app; application: typeof application }) {
    const entry = Object.values(
      synthesized.application.findResources('Custom::CDKBucketDeployment'),
    ).find((d) => d.Properties.Exclude?.[0] === 'assets/*');
    const keys = entry?.Properties.SourceObjectKeys as string[];
    const configAsset = keys[keys.length - 1]!;
    const dir = path.join(synthesized.app.outdir, `asset.${configAsset.replace(/\.zip$/, '')}`);
    return JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
  }

  it('gives the web app the PayPal client id (public), never a secret', () => {
    const config = runtimeConfigOf(prod);
    expect(config.payment).toEqual({
      provider: 'paypal',
      clientId: PROD_CONTEXT.paypalClientId,
    });
    expect(JSON.stringify(config)).not.toMatch(/secret/i);
  });

  it("gives the web app the stage's contacts: support inbox by default, phone and WhatsApp when set", () => {
    expect(runtimeConfigOf(prod).contacts).toEqual({
      supportEmail: PROD_CONTEXT.supportInbox,
      securityEmail: PROD_CONTEXT.supportInbox,
    });
    const withPhone = synth({
      context: {
        ...PROD_CONTEXT,
        securityEmail: 'security@rimborsi.example.it',
        contactPhone: '+39 02 1234 5678',
        contactWhatsapp: '+39 333 123 4567',
      },
      webBuildDir: fakeWebBuild(),
    });
    expect(runtimeConfigOf(withPhone).contacts).toEqual({
      supportEmail: PROD_CONTEXT.supportInbox,
      securityEmail: 'security@rimborsi.example.it',
      phone: '+39 02 1234 5678',
      whatsapp: '+39 333 123 4567',
    });
  });

  it('verifies payments against live PayPal in prod and the sandbox in dev', () => {
    const env = (template: typeof application, name: string) => {
      const fns = template.findResources('AWS::Lambda::Function', {
        Properties: { Description: FUNCTIONS.find((f) => f.name === name)!.description },
      });
      return Object.values(fns)[0]?.Properties.Environment.Variables as Record<string, unknown>;
    };
    expect(env(prod.application, 'verify-payment')).toMatchObject({
      PAYMENT_API_URL: 'https://api-m.paypal.com',
    });
    expect(env(application, 'verify-payment')).toMatchObject({
      PAYMENT_API_URL: 'https://api-m.sandbox.paypal.com',
    });
    expect(env(prod.application, 'send-support-request')).toMatchObject({
      SUPPORT_INBOX: PROD_CONTEXT.supportInbox,
    });
    expect(env(prod.application, 'activate-free-plan')).toMatchObject({
      PLAN_FREE_DURING_LAUNCH: 'false',
    });
  });

  it('names our merchant as payee for the order functions and our webhook id for PayPal events', () => {
    const env = (name: string) => {
      const fns = prod.application.findResources('AWS::Lambda::Function', {
        Properties: { Description: FUNCTIONS.find((f) => f.name === name)!.description },
      });
      return Object.values(fns)[0]?.Properties.Environment.Variables as Record<string, unknown>;
    };
    for (const name of ['payment-order', 'verify-payment', 'paypal-webhook']) {
      expect(env(name)).toMatchObject({ PAYMENT_MERCHANT_ID: PROD_CONTEXT.paypalMerchantId });
    }
    expect(env('paypal-webhook')).toMatchObject({
      PAYMENT_WEBHOOK_ID: PROD_CONTEXT.paypalWebhookId,
    });
    expect(env('verify-payment')).not.toHaveProperty('PAYMENT_WEBHOOK_ID');
    // PayPal calls the webhook without a Cognito token; every other payment route needs one.
    const routes = Object.values(prod.application.findResources('AWS::ApiGatewayV2::Route'));
    const auth = (key: string) =>
      routes.find((r) => r.Properties.RouteKey === key)?.Properties.AuthorizationType;
    expect(auth('POST /api/paypal-webhook')).toBe('NONE');
    expect(auth('POST /api/payment-order')).toBe('JWT');
    expect(auth('GET /api/payment-order')).toBe('JWT');
  });

  it('never puts a secret value in a function environment, only secret ARNs', () => {
    for (const template of [application, prod.application]) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
        for (const [name, value] of Object.entries(variables)) {
          if (/SECRET|PASSWORD|TOKEN(?!_KEY_ARN)/.test(name)) {
            expect({ name, arn: /_ARN$/.test(name) }).toEqual({ name, arn: true });
          }
          expect(JSON.stringify(value)).not.toMatch(/SecretString|clientSecret/);
        }
      }
    }
  });
});
