import { RemovalPolicy } from 'aws-cdk-lib';

/**
 * What happens to a stateful resource when its stack (or the resource) is deleted: prod keeps
 * it (`retainData` is always on there), a dev stage may be torn down completely.
 */
export function statefulRemoval(retain: boolean): RemovalPolicy {
  return retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
