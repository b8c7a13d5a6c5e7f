import { Stack } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 acknowledges each IAM5 finding by an id that embeds the offending resource,
 * flattened from the template (`<Logical.Arn>/*`, `<AWS::AccountId>`...). This computes that id
 * with cdk-nag's own flattening so acknowledgements follow renames instead of going stale.
 * Only for values of `scope`'s own stack (or pseudo parameters): a cross-stack reference is
 * rewritten during synthesis and would no longer match.
 */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  const flattened = flattenCfnReference(Stack.of(scope).resolve(resource));
  return `AwsSolutions-IAM5[Resource::${flattened}]`;
}
