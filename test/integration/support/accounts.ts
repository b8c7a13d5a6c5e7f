import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { issueCaptcha } from '../../../lambdas/domain/account/captcha';
import type { Language } from '../../../lambdas/domain/language';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';
import { STACK_FILE, stackInfo } from '../stack';

/**
 * What the account journeys' integration tests share: SDK clients on the test stack, captchas,
 * sign-up as the web app does it (but straight to the user pool), the local inbox, the API.
 */

export const stack = stackInfo();

export const cognito = new CognitoIdentityProviderClient({
  endpoint: stack.cognito.endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
});

export const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: stack.dynamodb.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  }),
);

/** The documents bucket's S3 (s3rver serves buckets by path only). */
export const s3 = new S3Client({
  endpoint: stack.s3.endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface Captcha {
  a: number;
  b: number;
  token: string;
}

/** A captcha from the API, as the sign-up page gets it. */
export async function fetchCaptcha(): Promise<Captcha> {
  const res = await fetch(`${stack.apiUrl}/api/captcha`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`captcha: ${res.status}`);
  return (await res.json()) as Captcha;
}

/**
 * A genuine captcha issued a few seconds ago, signed with the test stack's own key, so tests
 * need not wait out the 2-second rule. The key is the local stack's, from its data folder.
 */
export function mintCaptcha(issuedAgoMs = 3000): Captcha {
  const secrets = JSON.parse(
    fs.readFileSync(path.join(path.dirname(STACK_FILE), 'secrets.json'), 'utf8'),
  ) as { captchaSecret: string };
  return issueCaptcha(secrets.captchaSecret, Date.now() - issuedAgoMs);
}

export interface SignUpInput {
  email: string;
  password?: string;
  locale?: Language;
  captcha: Captcha;
  answer?: string;
  honeypot?: string;
  attributes?: Record<string, string>;
}

export const PASSWORD = 'Password-1234';

/** Amplify's `signUp`, as the register page calls it, sent straight to the user pool. */
export function signUp(input: SignUpInput) {
  const attributes: Record<string, string> = {
    email: input.email,
    given_name: 'Mario',
    family_name: 'Rossi',
    phone_number: '+393331234567',
    locale: input.locale ?? 'it',
    ...input.attributes,
  };
  return cognito.send(
    new SignUpCommand({
      ClientId: stack.cognito.clientId,
      Username: input.email,
      Password: input.password ?? PASSWORD,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      ValidationData: [
        { Name: 'captchaToken', Value: input.captcha.token },
        { Name: 'captchaAnswer', Value: input.answer ?? String(input.captcha.a + input.captcha.b) },
        { Name: 'honeypot', Value: input.honeypot ?? '' },
        { Name: 'formLoadedAt', Value: String(Date.now() - 10_000) },
      ],
    }),
  );
}

export interface Mail {
  id: string;
  subject: string;
  html: string;
  text?: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
}

/** Waits for the n-th email to an address in the local inbox (maildev's REST API). */
export async function waitForMail(to: string, count = 1, timeoutMs = 5000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await (await fetch(`${stack.mail.webUrl}/email`)).json()) as Mail[];
    const mine = all.filter((mail) => mail.to.some((t) => t.address === to));
    if (mine.length >= count) return mine[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`No email #${count} to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function mailsTo(to: string): Promise<Mail[]> {
  const all = (await (await fetch(`${stack.mail.webUrl}/email`)).json()) as Mail[];
  return all.filter((mail) => mail.to.some((t) => t.address === to));
}

/** The first link of an email's HTML that goes to the given page of the web app. */
export function linkTo(mail: Mail, page: string): URL {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const href = hrefs.find((h) => new URL(h).pathname === page);
  if (!href) throw new Error(`No link to ${page} in "${mail.subject}"`);
  return new URL(href);
}

/** Signs up and confirms with the emailed code, as a user does; answers the new user's id. */
export async function registerConfirmedUser(options: { email?: string; locale?: Language } = {}) {
  const email = options.email ?? uniqueEmail('seller');
  const { UserSub } = await signUp({ email, captcha: mintCaptcha(), locale: options.locale });
  const code = linkTo(await waitForMail(email), '/confirm-email').searchParams.get('code')!;
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: stack.cognito.clientId,
      Username: email,
      ConfirmationCode: code,
    }),
  );
  return { email, userId: UserSub!, password: PASSWORD };
}

export async function signInWithPassword(email: string, password: string) {
  const result = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return result.AuthenticationResult!;
}

/** A call to the local API as the web app makes it. */
export async function api(
  method: string,
  route: string,
  options: { token?: string; body?: unknown; language?: string } = {},
) {
  const res = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** An answer of the API with the Retry-After a 429 carries (seconds), for the limits' tests. */
export interface LimitedAnswer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: number | undefined;
}

/** A POST as the web app makes it (JSON, or multipart form data), keeping Retry-After. */
export async function postKeepingRetryAfter(
  route: string,
  options: { token?: string; body?: unknown; form?: FormData; language?: string } = {},
): Promise<LimitedAnswer> {
  const res = await fetch(`${stack.apiUrl}${route}`, {
    method: 'POST',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  const header = res.headers.get('retry-after');
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: header === null ? undefined : Number(header),
  };
}

/** Seconds from now to the next UTC midnight: the Retry-After of a spent daily limit. */
export function secondsToMidnight(): number {
  const day = 86_400_000;
  const now = Date.now();
  return Math.ceil((Math.floor(now / day) * day + day - now) / 1000);
}

/** The code word a refused sign-up carries, as the web app reads it. */
export async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const { name, message } = error as Error;
    return `${name}: ${message}`;
  }
  return 'accepted';
}

/** Takes an account out of the user pool's admins group. */
export async function removeAdmin(email: string): Promise<void> {
  await cognito.send(
    new AdminRemoveUserFromGroupCommand({
      UserPoolId: stack.cognito.userPoolId,
      Username: email,
      GroupName: 'admins',
    }),
  );
}

/** Puts an account in the user pool's admins group, as an operator would. */
export async function makeAdmin(email: string): Promise<void> {
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack.cognito.userPoolId,
      Username: email,
      GroupName: 'admins',
    }),
  );
}

/**
 * Waits for the account deletion worker to finish a queued deletion: the sign-in identity is
 * its last step, so once it is gone the files and table items are too.
 */
export async function waitForAccountDeleted(userId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await refusalOf(
      cognito.send(
        new AdminGetUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: userId }),
      ),
    );
    if (found.startsWith('UserNotFoundException')) return;
    if (Date.now() > deadline) throw new Error(`The account ${userId} was not deleted in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
