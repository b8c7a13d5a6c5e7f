import { App } from 'aws-cdk-lib';
import { defineApp } from '../../lib/rimborsi-app';
import { PROD_CONTEXT } from './support/synth';

/**
 * `cdk synth` offline, for both stages, the way the CLI does it: context from cdk.json plus
 * `-c stage=...`, real bundling of every catalogue function, the cdk-nag checks as a
 * validation plugin (any unacknowledged finding fails synthesis).
 */
describe.each<[string, Record<string, unknown>]>([
  ['dev', {}],
  ['prod', PROD_CONTEXT],
])('the %s stage', (stage, context) => {
  it('synthesizes offline into its own data and app stacks', () => {
    const app = new App({ context });
    const { dataStack, appStack, config } = defineApp(app);
    const assembly = app.synth();
    expect(config.stage).toBe(stage);
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(
      [`rimborsi-fba-${stage}-app`, `rimborsi-fba-${stage}-data`].sort(),
    );
    expect(dataStack.terminationProtection).toBe(stage === 'prod');
    expect(appStack.functions.all.length).toBeGreaterThan(0);
  });
});
