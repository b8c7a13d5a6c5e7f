import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { FUNCTIONS } from '../../lib/functions';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';
import { startChild } from './child';
import { waitForPort } from './ports';
import { ROOT } from './settings';

export const WEB_CLIENT_NAME = 'web';
export const ADMINS_GROUP = 'admins';

export interface CognitoInfo {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
}

/**
 * The user pool's triggers and the catalogue functions that serve them, as cognito-local's
 * `TriggerFunctions`; the local gateway's Invoke API runs them by these names.
 */
export const TRIGGER_FUNCTIONS = Object.fromEntries(
  FUNCTIONS.flatMap((fn) => (fn.cognitoTrigger ? [[fn.cognitoTrigger, fn.name]] : [])),
);

/**
 * Starts the local user pool (`local/cognito/server.ts`: cognito-local's services plus what the
 * product needs from Cognito) with its state under the stack's folder, then makes sure the
 * user pool, the web client and the admins group exist (created on first start, found by name
 * afterwards).
 */
export async function startCognito(opts: {
  host: string;
  port: number;
  dataDir: string;
  poolName: string;
  /** Where the user pool calls trigger functions through the Lambda Invoke API. */
  lambdaEndpoint: string;
  /** Where it delivers its emails, as Cognito does through SES. */
  smtp: { host: string; port: number };
  mailFrom: string;
}) {
  const cwd = path.join(opts.dataDir, 'cognito');
  const configDir = path.join(cwd, '.cognito');
  fs.mkdirSync(configDir, { recursive: true });
  const configFile = path.join(configDir, 'config.json');
  const existing = fs.existsSync(configFile) ? JSON.parse(fs.readFileSync(configFile, 'utf8')) : {};
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        ...existing,
        LambdaClient: {
          credentials: LOCAL_CREDENTIALS,
          region: LOCAL_REGION,
          endpoint: opts.lambdaEndpoint,
        },
        TokenConfig: { IssuerDomain: `http://${opts.host}:${opts.port}` },
        TriggerFunctions: TRIGGER_FUNCTIONS,
      },
      null,
      2,
    ),
  );
  const child = startChild(
    'cognito',
    process.execPath,
    [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      path.join(ROOT, 'local/cognito/server.ts'),
    ],
    {
      cwd,
      env: {
        HOST: opts.host,
        PORT: String(opts.port),
        SMTP_HOST: opts.smtp.host,
        SMTP_PORT: String(opts.smtp.port),
        MAIL_FROM: opts.mailFrom,
        // cognito-local loads the v2 SDK for its Lambda client; its end-of-support notice is noise.
        AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      },
      logDir: path.join(opts.dataDir, 'logs'),
    },
  );
  await Promise.race([waitForPort('cognito-local', opts.host, opts.port), child.exited]);
  const endpoint = `http://${opts.host}:${opts.port}`;
  const ids = await ensureUserPool(endpoint, opts.poolName);
  const info: CognitoInfo = {
    endpoint,
    ...ids,
    issuer: `${endpoint}/${ids.userPoolId}`,
    jwksUri: `${endpoint}/${ids.userPoolId}/.well-known/jwks.json`,
  };
  return { info, stop: child.stop };
}

async function ensureUserPool(endpoint: string, poolName: string) {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
    if (!userPoolId) {
      // The same sign-in and password rules as the deployed pool (lib/constructs/auth).
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: poolName,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: false,
              RequireUppercase: false,
              RequireNumbers: false,
              RequireSymbols: false,
            },
          },
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const clients = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === WEB_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: WEB_CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: [
            'ALLOW_USER_PASSWORD_AUTH',
            'ALLOW_CUSTOM_AUTH',
            'ALLOW_REFRESH_TOKEN_AUTH',
          ],
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    if (!groups.Groups?.some((g) => g.GroupName === ADMINS_GROUP)) {
      await client.send(
        new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMINS_GROUP }),
      );
    }
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}
