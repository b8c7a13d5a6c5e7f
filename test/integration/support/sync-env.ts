/**
 * Points the sync's adapters at the integration stack before any of them is loaded (their
 * clients and configuration are made at import, as in a Lambda cold start). Import it first.
 */
import { randomBytes } from 'node:crypto';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';
import { LOCAL_LWA_CLIENT_ID, LOCAL_LWA_CLIENT_SECRET } from '../../../local/spapi-simulator';
import { stackInfo } from '../stack';

const stack = stackInfo();

export const REFRESH_TOKEN_KEY = randomBytes(32).toString('base64');

Object.assign(process.env, {
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: stack.dynamodb.endpoint,
  AWS_ENDPOINT_URL_SQS: stack.sqs.endpoint,
  TABLE_NAME: stack.dynamodb.table,
  // Replaced with a queue of the tests' own before the handlers are loaded.
  SYNC_QUEUE_URL: process.env.SYNC_QUEUE_URL ?? 'unset',
  LWA_CLIENT_ID: LOCAL_LWA_CLIENT_ID,
  LWA_CLIENT_SECRET: LOCAL_LWA_CLIENT_SECRET,
  REFRESH_TOKEN_KEY,
});

export { stack };
