import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface EdgeFirewallProps {
  prefix: string;
  /** Requests one client address may make in any 5 minutes before it is refused for a while. */
  ratePer5Minutes: number;
}

/**
 * Rules of AWS's managed common rule set that the app trips on purpose, each counted instead of
 * blocked: a support or data-deletion request may carry two fields of up to 5,000 characters,
 * above the set's 8 KB body limit once encoded (files, documents and feedback exports alike,
 * go straight to S3 through presigned URLs, not through here; the API's own zod limits bound
 * every body).
 */
const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

/** What a refused client reads: the API's own error shape, so the web app shows its 429 text. */
const TOO_MANY_REQUESTS_BODY = 'too-many-requests';

/**
 * The web ACL in front of CloudFront (scope CLOUDFRONT, so its stack lives in us-east-1).
 *
 * - A rate-based rule per client address: one address that floods the app (junk tokens, a
 *   scripted sign-up run, a scraper) is answered 429 at the edge and never reaches API Gateway,
 *   so the stage's throttle, shared by every seller, is not used up by it.
 * - AWS's managed common rule set (OWASP-style probes) and known-bad-inputs set (Log4j, exploit
 *   paths), as AWS maintains them.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.prefix}-${metricName}`,
    });
    const managed = (
      priority: number,
      name: string,
      counted: readonly string[] = [],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(counted.length > 0
            ? {
                ruleActionOverrides: counted.map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.prefix}-edge`,
      description: 'Per-address rate limit and AWS managed rules in front of the web app and API.',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('edge'),
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ ok: false, error: 'too_many_requests' }),
        },
      },
      rules: [
        {
          name: 'RateLimitPerClient',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: props.ratePer5Minutes,
              evaluationWindowSec: 300,
              // CloudFront is the client WAF sees, with the viewer's own address.
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('rate-limit'),
        },
        managed(1, 'AWSManagedRulesCommonRuleSet', COUNTED_COMMON_RULES),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}
