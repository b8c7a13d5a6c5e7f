import path from 'node:path';
import { type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type AppConfig, loadConfig } from './config';
import { FUNCTIONS, type FunctionSpec, userPoolTriggers } from './functions';
import { AppStack } from './stacks/app-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';

export interface RimborsiApp {
  config: AppConfig;
  dataStack: DataStack;
  appStack: AppStack;
  /** The us-east-1 stack with the web ACL, made for prod when the stage names no `webAclArn`. */
  edgeStack?: EdgeStack;
}

export interface DefineAppOptions {
  /** Replaces the catalogue; tests use it to exercise grants and triggers. */
  functions?: readonly FunctionSpec[];
  projectRoot?: string;
  /** Defaults to `web/dist` under the project root. */
  webBuildDir?: string;
}

/**
 * Defines the whole application on a CDK app: configuration from context, the stateful and
 * stateless stacks, tags, and the cdk-nag AWS Solutions checks that fail synth on findings.
 */
export function defineApp(app: App, options: DefineAppOptions = {}): RimborsiApp {
  const config = loadConfig(app.node);
  const projectRoot = options.projectRoot ?? path.resolve(__dirname, '..');
  // Region only: the account comes from the credentials at deploy time, so synth needs none.
  const env = { region: config.region };

  const functions = options.functions ?? FUNCTIONS;

  const dataStack = new DataStack(app, `${config.prefix}-data`, {
    env,
    config,
    userPoolTriggers: userPoolTriggers(functions, config.prefix),
    description: `${config.appName} (${config.stage}): users, table, documents, keys, job queues, mail identity`,
    terminationProtection: config.protectStatefulStack,
  });
  // CloudFront's web ACL must live in us-east-1: prod brings its own unless the stage names one.
  const edgeStack =
    config.stage === 'prod' && !config.webAclArn
      ? new EdgeStack(app, `${config.prefix}-edge`, {
          env,
          config,
          crossRegionReferences: true,
          description: `${config.appName} (${config.stage}): WAF web ACL in front of CloudFront (us-east-1)`,
        })
      : undefined;
  const appStack = new AppStack(app, `${config.prefix}-app`, {
    env,
    config,
    webAclArn: config.webAclArn ?? edgeStack?.firewall.webAclArn,
    // The web ACL's ARN comes from us-east-1 (read from the edge stack's output).
    crossRegionReferences: edgeStack !== undefined,
    data: dataStack,
    functions,
    projectRoot,
    webBuildDir: options.webBuildDir ?? path.join(projectRoot, 'web/dist'),
    description: `${config.appName} (${config.stage}): functions, API, schedules, web distribution, alarms`,
  });
  // The app stack finds the documents bucket by name, so the order is stated, not inferred.
  appStack.addStackDependency(dataStack);

  Tags.of(app).add('app', config.appName);
  Tags.of(app).add('stage', config.stage);

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  if (edgeStack) appStack.addStackDependency(edgeStack);
  return { config, dataStack, appStack, ...(edgeStack ? { edgeStack } : {}) };
}
