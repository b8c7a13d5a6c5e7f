import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { FUNCTIONS, HEAVY_CONCURRENCY } from '../../lib/functions';
import { EDGE_REGION } from '../../lib/stacks/edge-stack';
import { PROD_CONTEXT, synth } from './support/synth';

/**
 * Prod's loose ends: every request passes CloudFront and its web ACL (rate per client address,
 * AWS managed rules), the API's own execute-api endpoint is off, Cognito's mail goes through
 * SES, the heavy functions have a concurrency ceiling and consent URLs name the published app.
 */
const prod = synth({ context: PROD_CONTEXT });
const dev = synth();

function webAclRules(): { Name: string; Priority: number; Statement: Record<string, unknown> }[] {
  const acls = Object.values(prod.edge!.findResources('AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return (acls[0] as { Properties: { Rules: never[] } }).Properties.Rules;
}

describe('prod edge', () => {
  it('puts a CloudFront-scope web ACL in a us-east-1 stack', () => {
    expect(prod.edgeStack?.region).toBe(EDGE_REGION);
    expect(EDGE_REGION).toBe('us-east-1');
    prod.edge!.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
    });
  });

  it('refuses a client address past its 5-minute allowance with a 429 before anything else', () => {
    const [first] = webAclRules().sort((a, b) => a.Priority - b.Priority);
    expect(first).toMatchObject({
      Name: 'RateLimitPerClient',
      Statement: {
        RateBasedStatement: { AggregateKeyType: 'IP', Limit: 1000, EvaluationWindowSec: 300 },
      },
      Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
    });
  });

  it('takes the rate from the stage settings', () => {
    const strict = synth({ context: { ...PROD_CONTEXT, edgeRateLimit: '300' } });
    strict.edge!.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: { RateBasedStatement: Match.objectLike({ Limit: 300 }) },
        }),
      ]),
    });
  });

  it('runs AWS\u2019s managed common and known-bad-inputs rule sets, feedback uploads allowed', () => {
    const managed = webAclRules().flatMap((rule) => {
      const group = rule.Statement.ManagedRuleGroupStatement as
        { VendorName: string; Name: string; RuleActionOverrides?: unknown[] } | undefined;
      return group ? [group] : [];
    });
    expect(managed.map((group) => `${group.VendorName}/${group.Name}`)).toEqual([
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    // A feedback export is a request body far above the common set's 8 KB limit.
    expect(managed[0]?.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('attaches the web ACL to the distribution', () => {
    const distributions = Object.values(
      prod.application.findResources('AWS::CloudFront::Distribution'),
    ) as { Properties: { DistributionConfig: { WebACLId?: unknown } } }[];
    expect(distributions).toHaveLength(1);
    // A cross-region reference: the home region reads the us-east-1 stack's output.
    expect(distributions[0]?.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({
        StackName: 'rimborsi-fba-prod-edge',
        Region: 'us-east-1',
        OutputName: expect.stringMatching(/WebAcl.*Arn/),
      }),
    });
  });

  it('uses the web ACL the stage names instead of making one', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/abc';
    const named = synth({ context: { ...PROD_CONTEXT, webAclArn: arn } });
    expect(named.edgeStack).toBeUndefined();
    named.application.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: arn }),
    });
  });

  it('turns the execute-api endpoint off and reaches the API at its custom domain', () => {
    prod.application.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      DisableExecuteApiEndpoint: true,
    });
    prod.application.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.rimborsi.example.it',
      DomainNameConfigurations: [
        Match.objectLike({
          CertificateArn: PROD_CONTEXT.apiCertificateArn,
          EndpointType: 'REGIONAL',
          SecurityPolicy: 'TLS_1_2',
        }),
      ],
    });
    prod.application.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    prod.application.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([Match.objectLike({ DomainName: 'api.rimborsi.example.it' })]),
      }),
    });
  });

  it('sends Cognito\u2019s own mail (codes, resets) through SES from the app\u2019s sender', () => {
    prod.data.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('no-reply@rimborsi\\.example\\.it'),
        ConfigurationSet: 'rimborsi-fba-prod-mail',
      }),
    });
  });
});

describe('prod\u2019s first deployment, before SES has verified the sender', () => {
  it('keeps Cognito\u2019s own sender only with the bootstrap setting, and says so', () => {
    const bootstrap = synth({
      context: { ...PROD_CONTEXT, cognitoEmailViaSes: 'false', mailIdentityBootstrap: 'true' },
    });
    bootstrap.data.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    expect(
      Annotations.fromStack(bootstrap.dataStack).findWarning(
        '*',
        Match.stringLikeRegexp('cognitoEmailViaSes=true'),
      ),
    ).toHaveLength(1);
  });
});

describe('dev edge', () => {
  it('has no edge stack and keeps the execute-api endpoint CloudFront uses', () => {
    expect(dev.edgeStack).toBeUndefined();
    dev.application.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      DisableExecuteApiEndpoint: false,
    });
    dev.application.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
  });
});

describe('reserved concurrency', () => {
  const functions = prod.application.findResources('AWS::Lambda::Function');
  const reservedOf = (name: string): unknown => {
    const found = Object.values(functions).find(
      (fn) => (fn as { Properties: { Description?: string } }).Properties.Description === name,
    ) as { Properties: { ReservedConcurrentExecutions?: number } } | undefined;
    if (!found) throw new Error(`no function described as ${name}`);
    return found.Properties.ReservedConcurrentExecutions;
  };
  const describedAs = (spec: string) =>
    FUNCTIONS.find((fn) => fn.name === spec)?.description ?? spec;

  it('caps the heavy functions (imports, document reader, sync worker) so they cannot take the pool', () => {
    expect({
      feedbackReport: reservedOf(describedAs('feedback-schedule')),
      feedbackImportDue: reservedOf(describedAs('feedback-import-due')),
      claimsAudit: reservedOf(describedAs('claims-audit')),
      documentReader: reservedOf(describedAs('case-documents')),
      syncWorker: reservedOf(describedAs('sync-worker')),
      feedbackImportWorker: reservedOf(describedAs('feedback-import-worker')),
      syncNow: reservedOf(describedAs('sync-fba')),
      submission: reservedOf(describedAs('submit-reimbursement')),
    }).toEqual({ ...HEAVY_CONCURRENCY });
  });

  it('leaves sign-in, the Cognito triggers and the light routes in the unreserved pool', () => {
    for (const name of [
      'pre-sign-up',
      'post-confirmation',
      'custom-message',
      'define-auth-challenge',
      'create-auth-challenge',
      'verify-auth-challenge',
      'magic-link',
      'profile',
    ]) {
      expect({ name, reserved: reservedOf(describedAs(name)) }).toEqual({
        name,
        reserved: undefined,
      });
    }
  });

  it('reserves little enough that the account keeps its 100 unreserved within a 1000 limit', () => {
    const total = Object.values(functions).reduce(
      (sum, fn) =>
        sum +
        ((fn as { Properties: { ReservedConcurrentExecutions?: number } }).Properties
          .ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(total).toBe(29);
  });
});

describe('the SP-API draft flag', () => {
  const draftFlags = (template: typeof prod.application) =>
    Object.values(template.findResources('AWS::Lambda::Function')).flatMap((fn) => {
      const value = (
        fn as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }
      ).Properties.Environment?.Variables?.SPAPI_APP_DRAFT;
      return value === undefined ? [] : [value];
    });

  it('is off for every function in prod and on in dev, where the app is still a draft', () => {
    expect(draftFlags(prod.application).length).toBeGreaterThan(0);
    expect(new Set(draftFlags(prod.application))).toEqual(new Set(['false']));
    expect(new Set(draftFlags(dev.application))).toEqual(new Set(['true']));
  });
});
