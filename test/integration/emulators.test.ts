import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { decodeJwt } from 'jose';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { stackInfo } from './stack';
import { mintCaptcha } from './support/accounts';

const region = LOCAL_REGION;
const credentials = LOCAL_CREDENTIALS;

describe('the local emulators, through the real AWS SDK clients', () => {
  const stack = stackInfo();

  test('Cognito: a user signs up, is confirmed and signs in with USER_PASSWORD_AUTH', async () => {
    // Prepare
    const cognito = new CognitoIdentityProviderClient({
      endpoint: stack.cognito.endpoint,
      region,
      credentials,
    });
    const email = `seller-${randomUUID()}@example.com`;
    const password = 'Password-1234';

    // Act
    // The pool's pre-sign-up trigger wants what the register form sends: a solved captcha
    // and the profile fields.
    const captcha = mintCaptcha();
    const signUp = await cognito.send(
      new SignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Mario' },
          { Name: 'family_name', Value: 'Rossi' },
          { Name: 'phone_number', Value: '+393331234567' },
        ],
        ValidationData: [
          { Name: 'captchaToken', Value: captcha.token },
          { Name: 'captchaAnswer', Value: String(captcha.a + captcha.b) },
        ],
      }),
    );
    await cognito.send(
      new AdminConfirmSignUpCommand({ UserPoolId: stack.cognito.userPoolId, Username: email }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

    // Assess
    const idToken = decodeJwt(auth.AuthenticationResult!.IdToken!);
    expect(idToken.sub).toBe(signUp.UserSub);
    expect(idToken.email).toBe(email);
    expect(idToken.iss).toBe(`${stack.cognito.endpoint}/${stack.cognito.userPoolId}`);
    expect(idToken.aud).toBe(stack.cognito.clientId);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'wrong-password' },
        }),
      ),
    ).rejects.toMatchObject({
      name: expect.stringMatching(/NotAuthorizedException|InvalidPasswordException/),
    });
    cognito.destroy();
  });

  test('DynamoDB: the single table exists with its GSIs, and a conditional write refuses a duplicate', async () => {
    // Prepare
    const raw = new DynamoDBClient({ endpoint: stack.dynamodb.endpoint, region, credentials });
    const doc = DynamoDBDocumentClient.from(raw);
    const item = { PK: `USER#${randomUUID()}`, SK: 'CASE#FBA123', status: 'ready' };
    const putOnce = (status: string) =>
      doc.send(
        new PutCommand({
          TableName: stack.dynamodb.table,
          Item: { ...item, status },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );

    // Act
    const table = await raw.send(new DescribeTableCommand({ TableName: stack.dynamodb.table }));
    await putOnce('ready');
    const duplicate = putOnce('submitted');

    // Assess
    expect(table.Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual([
      'GSI1',
      'GSI2',
    ]);
    await expect(duplicate).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    const stored = await doc.send(
      new GetCommand({ TableName: stack.dynamodb.table, Key: { PK: item.PK, SK: item.SK } }),
    );
    expect(stored.Item?.status).toBe('ready');
    raw.destroy();
  });

  test('S3: a presigned PUT stores bytes that a presigned GET returns unchanged', async () => {
    // Prepare
    const s3 = new S3Client({
      endpoint: stack.s3.endpoint,
      region,
      credentials,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const key = `${randomUUID()}/shipments/FBA123/fattura/2026/11/1763700000000_fattura.pdf`;
    const bytes = Buffer.from(`%PDF-1.4\n${'x'.repeat(5000)}\u00e8\n`, 'utf8');
    const putUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: stack.s3.bucket, Key: key, ContentType: 'application/pdf' }),
      { expiresIn: 300 },
    );
    const getUrl = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: stack.s3.bucket, Key: key }),
      {
        expiresIn: 3600,
      },
    );

    // Act
    const put = await fetch(putUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    const get = await fetch(getUrl);

    // Assess
    expect(put.status).toBe(200);
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
    s3.destroy();
  });

  test('S3: CORS lets the web origin, and only it, use presigned URLs from the browser', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.s3.endpoint}/${stack.s3.bucket}/any-key`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });

    const fromApp = await preflight(stack.webUrl);
    const fromElsewhere = await preflight('https://attacker.example');

    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(fromElsewhere.status).toBe(403);
  });
});
