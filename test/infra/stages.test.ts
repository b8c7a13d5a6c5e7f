import { App } from 'aws-cdk-lib';
import { defineApp } from '../../lib/rimborsi-app';
import { PROD_CONTEXT } from './support/synth';

/**
 * `cdk synth` offline, for both stages, the way the CLI does it: context from cdk.json plus
 * `-c stage=...`, the cdk-nag checks as a validation plugin (any unacknowledged finding fails
 * synthesis). Prod bundles every catalogue function for real; dev skips the bundling (the same
 * code, bundled the same way: two minutes of CPU that would prove nothing more).
 */
describe.each<[string, Record<string, unknown>, string[]]>([
  ['dev', { 'aws:cdk:bundling-stacks': [] }, ['app', 'data']],
  // Prod's web ACL lives in us-east-1, as CloudFront requires.
  ['prod', PROD_CONTEXT, ['app', 'data', 'edge']],
])('the %s stage', (stage, context, stacks) => {
  it('synthesizes offline into its own stacks', () => {
    const app = new App({ context });
    const { dataStack, appStack, config } = defineApp(app);
    const assembly = app.synth();
    expect(config.stage).toBe(stage);
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(
      stacks.map((name) => `rimborsi-fba-${stage}-${name}`),
    );
    expect(dataStack.terminationProtection).toBe(stage === 'prod');
    expect(appStack.functions.all.length).toBeGreaterThan(0);
  });
});
