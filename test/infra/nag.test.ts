import { type App, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import {
  FULL_CATALOGUE,
  fakeWebBuild,
  fixtureProject,
  PROD_CONTEXT,
  synth,
  type Synthesized,
} from './support/synth';

/**
 * cdk-nag v3 runs as a CDK validation plugin: its findings land in the validation report and
 * fail synthesis, not in stack annotations. So the checks are run directly on the construct
 * tree, which is also what synthesis does.
 */
function unacknowledgedFindings(app: App): string[] {
  return new AwsSolutionsChecks()
    .validateScope(app)
    .violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName}: ${violation.description}\n    at ${violation.violatingResources
          .map((resource) => resource.constructPath)
          .join(', ')}`,
    );
}

/** Every finding, as if nothing were acknowledged. */
function allFindings(app: App): { rule: string; path: string }[] {
  const checks = new AwsSolutionsChecks();
  // Test-only: make the pack ignore acknowledgements to see what each one is covering.
  (checks as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return checks.validateScope(app).violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => ({
      rule: violation.ruleName,
      path: resource.constructPath ?? '',
    })),
  );
}

function acknowledgements(app: App): { path: string; id: string; reason: string }[] {
  const found: { path: string; id: string; reason: string }[] = [];
  const visit = (construct: IConstruct) => {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push({ path: construct.node.path, id: key.replace(/^annotation::/i, ''), reason });
      }
    }
    construct.node.children.forEach(visit);
  };
  visit(app);
  return found;
}

const variants: [string, () => Synthesized][] = [
  // Findings are about the constructs, not the bundles' contents (stages.test.ts bundles prod).
  ['the default app', () => synth({ webBuildDir: fakeWebBuild() })],
  [
    'a production-like app using every grant, in Milan, with a custom domain, WAF and SES for Cognito',
    () =>
      synth({
        functions: FULL_CATALOGUE,
        projectRoot: fixtureProject(FULL_CATALOGUE.map((spec) => spec.name)),
        webBuildDir: fakeWebBuild(),
        context: {
          ...PROD_CONTEXT,
          region: 'eu-south-1',
          apiCertificateArn: 'arn:aws:acm:eu-south-1:123456789012:certificate/api-123',
          domainName: 'app.rimborsi.example.it',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
          webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/rimborsi/abc',
          cognitoEmailViaSes: true,
          planFreeDuringLaunch: true,
        },
      }),
  ],
  [
    'prod as the stage settings give it, with its own web ACL in a us-east-1 stack',
    () => synth({ context: PROD_CONTEXT, webBuildDir: fakeWebBuild() }),
  ],
];

describe.each(variants)('cdk-nag AwsSolutions on %s', (_, build) => {
  const synthesized = build();

  it('synthesizes (the nag plugin would fail synthesis on any finding)', () => {
    expect(() => synthesized.app.synth()).not.toThrow();
  });

  it('leaves no unacknowledged finding', () => {
    expect(unacknowledgedFindings(synthesized.app)).toEqual([]);
  });

  it('gives every acknowledgement a specific written reason', () => {
    const acks = acknowledgements(synthesized.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect({ ...ack, reason: ack.reason.trim().length >= 40 }).toEqual({ ...ack, reason: true });
    }
  });

  it('has no stale acknowledgement (each one covers a real finding)', () => {
    const findings = allFindings(synthesized.app);
    const stale = acknowledgements(synthesized.app).filter(
      (ack) =>
        !findings.some(
          (finding) =>
            finding.rule === ack.id &&
            (finding.path === ack.path || finding.path.startsWith(`${ack.path}/`)),
        ),
    );
    expect(stale).toEqual([]);
  });

  it('has no error annotations', () => {
    const { dataStack, appStack, edgeStack } = synthesized;
    for (const stack of [dataStack, appStack, ...(edgeStack ? [edgeStack] : [])]) {
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    }
  });
});
