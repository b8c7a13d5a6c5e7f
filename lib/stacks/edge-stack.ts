import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { AppConfig } from '../config';
import { EdgeFirewall } from '../constructs/edge-firewall';

/** CloudFront only takes web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  config: AppConfig;
}

/**
 * The web ACL in front of the distribution, in us-east-1. The app stack (home region) reads
 * its ARN through CDK's cross-region references; made only when the stage gives no `webAclArn`.
 */
export class EdgeStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.firewall = new EdgeFirewall(this, 'Firewall', {
      prefix: props.config.prefix,
      ratePer5Minutes: props.config.edgeRateLimit,
    });
  }
}
