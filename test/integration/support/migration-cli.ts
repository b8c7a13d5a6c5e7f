import { execFile } from 'node:child_process';
import path from 'node:path';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Runs a one-off migration command (`local/cli/<script>`) as an operator does, against a table of
 * the local DynamoDB; answers its exit code and output.
 */
export function runMigration(
  script: string,
  table: string,
  endpoint: string,
  args: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `local/cli/${script}`, ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          TABLE_NAME: table,
          AWS_REGION: LOCAL_REGION,
          AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
          AWS_ENDPOINT_URL_DYNAMODB: endpoint,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
