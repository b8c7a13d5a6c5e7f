import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_SHIPMENT_IDS, DEMO_SHIPMENTS } from '../../lambdas/domain/demo-data';
import { MARKETPLACE_IDS } from '../../lambdas/domain/marketplaces';
import { profileFromAttributes } from '../../lambdas/domain/account/profile';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws';
import { ADMINS_GROUP } from './cognito';

export interface SeedAccount {
  email: string;
  password: string;
}

/**
 * Local-only accounts, so a newcomer can sign in at once. The passwords are fixed and public on
 * purpose: these accounts exist only in the local user pool, never in AWS.
 */
export const SEED_ACCOUNTS = {
  demo: {
    email: 'demo@rimborsifba.local',
    password: 'Demo-Rimborsi-2025',
    givenName: 'Demo',
    familyName: 'Venditore',
    phone: '+390212345678',
    admin: false,
    /** Starts with the demo shipments and their cases, so the first sign-in shows them. */
    demoData: true,
  },
  admin: {
    email: 'admin@rimborsifba.local',
    password: 'Admin-Rimborsi-2025',
    givenName: 'Admin',
    familyName: 'RimborsiFBA',
    phone: '+390298765432',
    admin: true,
    demoData: false,
  },
} as const;

export type SeedAccounts = Record<keyof typeof SEED_ACCOUNTS, SeedAccount>;

/**
 * Creates each seed account unless it exists: confirmed, with its password, its profile row
 * and (for the admin) its group, the state a user reaches after signing up and confirming; the
 * demo account also gets the demo shipments and their cases.
 * An account deleted by hand comes back on the next start. Runs once the handlers' environment
 * is set: the profile is written by the same adapter the post-confirmation trigger uses.
 */
export async function seedAccounts(opts: {
  cognitoEndpoint: string;
  userPoolId: string;
}): Promise<SeedAccounts> {
  const { createProfileIfAbsent } = await import('../../lambdas/adapters/dynamo/profiles');
  const { putDemoShipments } = await import('../../lambdas/adapters/dynamo/shipments');
  const { caseRecords } = await import('../../lambdas/adapters/case-records');
  const cognito = new CognitoIdentityProviderClient({
    endpoint: opts.cognitoEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    for (const account of Object.values(SEED_ACCOUNTS)) {
      const exists = await cognito
        .send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId, Username: account.email }))
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof UserNotFoundException) return false;
          throw error;
        });
      if (exists) continue;
      const created = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: opts.userPoolId,
          Username: account.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'given_name', Value: account.givenName },
            { Name: 'family_name', Value: account.familyName },
            { Name: 'phone_number', Value: account.phone },
            { Name: 'locale', Value: 'it' },
          ],
        }),
      );
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: opts.userPoolId,
          Username: account.email,
          Password: account.password,
          Permanent: true,
        }),
      );
      if (account.admin) {
        await cognito.send(
          new AdminAddUserToGroupCommand({
            UserPoolId: opts.userPoolId,
            Username: account.email,
            GroupName: ADMINS_GROUP,
          }),
        );
      }
      const attributes = Object.fromEntries(
        (created.User?.Attributes ?? []).map((a) => [a.Name ?? '', a.Value]),
      );
      const profile = profileFromAttributes(attributes, new Date());
      await createProfileIfAbsent(profile);
      if (account.demoData) {
        // What "Sync demo" writes (POST /api/demo/sync); the five demo feedback items show to
        // any demo-mode account that has imported none.
        await putDemoShipments(profile.id, DEMO_SHIPMENTS, MARKETPLACE_IDS.IT);
        await caseRecords.ensureDemoCases(profile.id, DEMO_SHIPMENT_IDS, 'it');
      }
    }
    return {
      demo: { email: SEED_ACCOUNTS.demo.email, password: SEED_ACCOUNTS.demo.password },
      admin: { email: SEED_ACCOUNTS.admin.email, password: SEED_ACCOUNTS.admin.password },
    };
  } finally {
    cognito.destroy();
  }
}
