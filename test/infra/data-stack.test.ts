import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { FUNCTIONS } from '../../lib/functions';
import { PROD_CONTEXT, synth } from './support/synth';

const { data, dataStack } = synth();
// What prod keeps and protects; dev (above) may be torn down.
const prod = synth({ context: PROD_CONTEXT });

describe('user pool', () => {
  it('signs in with email, verifies it, and accepts 8-character passwords', () => {
    data.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
      AccountRecoverySetting: {
        RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
      },
    });
  });

  it('keeps names and phone as standard attributes, not custom ones', () => {
    const pool = Object.values(data.findResources('AWS::Cognito::UserPool'))[0];
    const schema = pool?.Properties?.Schema as { Name: string }[];
    expect(schema.map((attribute) => attribute.Name).sort()).toEqual(
      ['email', 'family_name', 'given_name', 'phone_number'].sort(),
    );
  });

  it('survives the stack being deleted in prod', () => {
    prod.data.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('has an admins group', () => {
    data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
  });

  it('has a secretless web client that allows USER_PASSWORD_AUTH, custom auth and refresh', () => {
    data.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_CUSTOM_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });
});

describe('user pool triggers', () => {
  it('point at the fixed-name function of every trigger in the catalogue', () => {
    const pool = Object.values(data.findResources('AWS::Cognito::UserPool'))[0];
    const config = pool?.Properties?.LambdaConfig as Record<string, unknown>;
    const expected = FUNCTIONS.filter((f) => f.cognitoTrigger);
    expect(Object.keys(config).sort()).toEqual(expected.map((f) => f.cognitoTrigger).sort());
    for (const spec of expected) {
      expect(JSON.stringify(config[spec.cognitoTrigger!])).toContain(
        `:function:rimborsi-fba-dev-${spec.name}`,
      );
    }
  });

  it('include the whole magic-link custom authentication', () => {
    const pool = Object.values(data.findResources('AWS::Cognito::UserPool'))[0];
    expect(Object.keys(pool?.Properties?.LambdaConfig ?? {})).toEqual(
      expect.arrayContaining([
        'PreSignUp',
        'PostConfirmation',
        'CustomMessage',
        'DefineAuthChallenge',
        'CreateAuthChallenge',
        'VerifyAuthChallengeResponse',
      ]),
    );
  });

  it('share a generated captcha key kept in Secrets Manager', () => {
    data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
  });
});

describe('table', () => {
  it('uses the shared key design, with both GSIs and TTL', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_DESIGN.gsis.map((gsi) =>
        Match.objectLike({
          IndexName: gsi.name,
          KeySchema: [
            { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('is encrypted with KMS, point-in-time recoverable, protected and retained in prod', () => {
    prod.data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      }),
    });
  });

  it('has a rotating key for marketplace refresh tokens, retained in prod', () => {
    prod.data.hasResource('AWS::KMS::Key', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ EnableKeyRotation: true, PendingWindowInDays: 30 }),
    });
    data.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    data.hasResourceProperties('AWS::KMS::Alias', {
      AliasName: 'alias/rimborsi-fba-dev/lwa-refresh-tokens',
    });
  });

  it('keeps the LWA client credentials in a secret named after the stage, retained in prod', () => {
    prod.data.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        Name: 'rimborsi-fba-prod/lwa-credentials',
        GenerateSecretString: Match.objectLike({ GenerateStringKey: 'clientSecret' }),
      }),
    });
  });
});

describe('documents bucket', () => {
  const documents = () => {
    const buckets = data.findResources('AWS::S3::Bucket', {
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    expect(Object.keys(buckets)).toHaveLength(1);
    return Object.keys(buckets)[0] as string;
  };

  it('is private, encrypted, versioned and logged', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: {
        'Fn::Join': ['', ['rimborsi-fba-dev-docs-', { Ref: 'AWS::AccountId' }, '-eu-west-1']],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'documents/' }),
    });
    prod.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ VersioningConfiguration: { Status: 'Enabled' } }),
    });
  });

  it('refuses requests without TLS', () => {
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: documents() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('expires replaced versions and abandoned uploads', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            Status: 'Enabled',
          }),
          // Uploads the seller never confirmed: gone after a day, old versions too.
          Match.objectLike({
            Prefix: 'incoming/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          }),
        ],
      },
    });
  });

  it('lets the web app PUT and GET with presigned URLs', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['PUT', 'GET']),
            AllowedOrigins: ['https://*.cloudfront.net'],
            ExposedHeaders: ['ETag'],
          }),
        ],
      },
    });
  });

  it('warns that CORS is wide open until the web origin is configured', () => {
    Annotations.fromStack(dataStack).hasWarning(
      '/rimborsi-fba-dev-data/Storage',
      Match.stringLikeRegexp('set `webOrigins`'),
    );
  });

  it('narrows CORS to the custom domain when there is one', () => {
    const custom = synth({
      context: {
        domainName: 'app.rimborsi.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
    });
    custom.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.rimborsi.example'] })],
      },
    });
    expect(Annotations.fromStack(custom.dataStack).findWarning('*', Match.anyValue())).toHaveLength(
      0,
    );
  });
});

describe('access log bucket', () => {
  it('keeps logs for a year and lets CloudFront write through ACLs', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: 365, Status: 'Enabled' })],
      },
    });
  });
});

describe('job queues', () => {
  it('has the sync, import, account and reading queues, each with a dead-letter queue after 5 receives, and the schedules DLQ', () => {
    data.resourceCountIs('AWS::SQS::Queue', 9);
    const dlqs = data.findResources('AWS::SQS::Queue', {
      Properties: { MessageRetentionPeriod: 1209600 },
    });
    expect(Object.keys(dlqs)).toHaveLength(5);
    for (const dlq of [
      'SyncDeadLetterQueue',
      'ImportDeadLetterQueue',
      'AccountDeadLetterQueue',
      'ReadingDeadLetterQueue',
    ]) {
      data.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: 900,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp(dlq), 'Arn'] },
          maxReceiveCount: 5,
        },
      });
    }
  });

  it('encrypts every queue and refuses plain HTTP', () => {
    for (const queue of Object.values(data.findResources('AWS::SQS::Queue'))) {
      expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    }
    data.resourceCountIs('AWS::SQS::QueuePolicy', 9);
    data.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ],
      },
    });
  });
});

describe('email', () => {
  it('has a DKIM-signed domain identity with a configuration set', () => {
    data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.anyValue() } },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
    });
    data.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'rimborsi-fba-dev-mail',
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
  });

  it('lets Cognito use the SES identity when asked to', () => {
    const viaSes = synth({ context: { cognitoEmailViaSes: 'true' } });
    viaSes.data.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Rimborsi FBA <no-reply@example.com>',
      }),
    });
  });
});

describe('stack', () => {
  it('is protected from deletion in prod and lives in the configured region without a fixed account', () => {
    expect(prod.dataStack.terminationProtection).toBe(true);
    expect(dataStack.terminationProtection).toBe(false);
    expect(dataStack.region).toBe('eu-west-1');
    expect(dataStack.stackName).toBe('rimborsi-fba-dev-data');
  });
});

describe('a dev stage', () => {
  it('may be torn down: nothing stateful is retained or deletion-protected', () => {
    const template = data.toJSON() as {
      Resources: Record<string, { Type: string; DeletionPolicy?: string; Properties?: never }>;
    };
    const retained = Object.entries(template.Resources)
      .filter(([, resource]) => resource.DeletionPolicy === 'Retain')
      .map(([id, resource]) => `${resource.Type} ${id}`);
    expect(retained).toEqual([]);
    data.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
    });
  });

  it('in prod retains every table, bucket, pool, key, secret and queue', () => {
    const template = prod.data.toJSON() as {
      Resources: Record<string, { Type: string; DeletionPolicy?: string }>;
    };
    const stateful = new Set([
      'AWS::DynamoDB::GlobalTable',
      'AWS::S3::Bucket',
      'AWS::Cognito::UserPool',
      'AWS::KMS::Key',
      'AWS::SQS::Queue',
      'AWS::Logs::LogGroup',
    ]);
    const notRetained = Object.entries(template.Resources)
      .filter(([, resource]) => stateful.has(resource.Type) && resource.DeletionPolicy !== 'Retain')
      .map(([id, resource]) => `${resource.Type} ${id}`);
    expect(notRetained).toEqual([]);
  });
});

describe('mail events', () => {
  it('sends bounces, complaints, rejects and delays of the configuration set to EventBridge', () => {
    data.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: Match.anyValue(),
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint', 'reject']),
        EventBridgeDestination: {
          EventBusArn: Match.anyValue(),
        },
      }),
    });
  });

  it('records them in a log group kept at least 90 days, through a rule for this stage only', () => {
    data.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: '/aws/events/rimborsi-fba-dev/mail-events',
      RetentionInDays: 90,
    });
    data.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        detail: { mail: { tags: { 'ses:configuration-set': ['rimborsi-fba-dev-mail'] } } },
      },
      Targets: [Match.objectLike({ Arn: Match.anyValue() })],
    });
    // EventBridge may write only to that log group, and only for its own rule.
    const policies = Object.values(data.findResources('AWS::Logs::ResourcePolicy'));
    expect(policies).toHaveLength(1);
    const document = JSON.stringify(policies[0]?.Properties.PolicyDocument);
    expect(document).toContain('events.amazonaws.com');
    expect(document).toContain('logs:PutLogEvents');
    expect(document).toContain(':rule/rimborsi-fba-dev-mail-events');
    expect(document).toMatch(/"Fn::GetAtt":\["EmailEventLog[0-9A-F]+","Arn"\]/);
  });

  it('counts bounces and complaints for the alarms', () => {
    for (const [name, eventType] of [
      ['EmailBounces', 'Bounce'],
      ['EmailComplaints', 'Complaint'],
    ]) {
      data.hasResourceProperties('AWS::Logs::MetricFilter', {
        FilterPattern: `{ $.detail.eventType = "${eventType}" }`,
        MetricTransformations: [
          Match.objectLike({ MetricNamespace: 'RimborsiFBA/dev', MetricName: name }),
        ],
      });
    }
  });
});
