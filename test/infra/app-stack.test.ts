import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { FUNCTIONS } from '../../lib/functions';
import { fakeWebBuild, synth } from './support/synth';

// The real catalogue, bundled for real, with a stand-in web build.
const { app, application, appStack } = synth({ bundle: true, webBuildDir: fakeWebBuild() });

function logicalId(construct: { node: { defaultChild?: unknown } } | CfnFunction): string {
  const cfn = (
    'cfnResourceType' in construct ? construct : construct.node.defaultChild
  ) as CfnFunction;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
}

describe('server functions', () => {
  it('creates one function per catalogue entry', () => {
    expect(appStack.functions.all.map((fn) => fn.spec.name)).toEqual(FUNCTIONS.map((f) => f.name));
  });

  it.each(FUNCTIONS.map((spec) => [spec.name]))(
    '%s runs on arm64 Node.js 22 with JSON logs, tracing and Powertools settings',
    (name) => {
      const fn = appStack.functions.all.find((f) => f.spec.name === name)!;
      const resource = application.toJSON().Resources[logicalId(fn.function)] as {
        Properties: Record<string, unknown>;
      };
      expect(resource.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: fn.spec.memory,
        Timeout: fn.spec.timeoutSeconds,
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

  it('sends typed job messages to the sync queue weekly and hourly', () => {
    expect(schedules()).toHaveLength(2);
    const byExpression = Object.fromEntries(
      schedules().map((schedule) => [schedule.Properties.ScheduleExpression, schedule.Properties]),
    );
    expect(Object.keys(byExpression).sort()).toEqual(['rate(1 hour)', 'rate(7 days)']);
    // The same messages the local scheduler sends (lambdas/shared/schedules.ts).
    expect(JSON.parse(byExpression['rate(7 days)'].Target.Input)).toEqual({ type: 'sync.due' });
    expect(JSON.parse(byExpression['rate(1 hour)'].Target.Input)).toEqual({ type: 'cases.poll' });
    for (const schedule of schedules()) {
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

  it('uses a role that may only send messages to the two queues', () => {
    application.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('JobsSchedulerRole') }],
      PolicyDocument: {
        Statement: [
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
        ],
      },
    });
  });
});

describe('web distribution', () => {
  it('serves the private bucket through Origin Access Control with an SPA rewrite', () => {
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
    application.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
    // No error-response rewriting: /api/* must keep its own 403/404 answers.
    const distribution = Object.values(
      application.findResources('AWS::CloudFront::Distribution'),
    )[0];
    expect(distribution?.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
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
    const csp = JSON.stringify(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://rimborsi-fba-dev-docs-",
    );
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
      string
    >;
    expect(config).toEqual({
      region: 'eu-west-1',
      userPoolId: '<<marker:0xbaba:0>>',
      userPoolClientId: '<<marker:0xbaba:1>>',
      apiBase: '/api',
    });
  });
});

describe('monitoring', () => {
  it('alarms on errors and throttles of every function, API 5xx and both dead-letter queues', () => {
    const alarms = Object.values(application.findResources('AWS::CloudWatch::Alarm'));
    const metrics = alarms.map(
      (alarm) => `${alarm.Properties.Namespace}/${alarm.Properties.MetricName}`,
    );
    expect(metrics.filter((m) => m === 'AWS/Lambda/Errors')).toHaveLength(FUNCTIONS.length);
    expect(metrics.filter((m) => m === 'AWS/Lambda/Throttles')).toHaveLength(FUNCTIONS.length);
    expect(metrics).toContain('AWS/ApiGateway/5xx');
    expect(metrics.filter((m) => m === 'AWS/SQS/ApproximateNumberOfMessagesVisible')).toHaveLength(
      2,
    );
    for (const alarm of alarms) {
      expect(alarm.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: expect.stringMatching(/MonitoringAlarmTopic/) }],
      });
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
