import { randomBytes } from 'node:crypto';
import type Lambda from 'aws-sdk/clients/lambda';
import {
  InvalidParameterError,
  NotAuthorizedError,
  UnsupportedError,
  UserNotConfirmedException,
} from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Context } from 'cognito-local/lib/services/context';
import {
  attributesToRecord,
  type User,
  type UserPoolService,
} from 'cognito-local/lib/services/userPoolService';
import { invokeTrigger, type TriggerFunctions } from './lambda-triggers';

/**
 * Cognito's custom authentication flow (CUSTOM_AUTH + CUSTOM_CHALLENGE), which cognito-local
 * lacks: the Define, Create and Verify triggers run through the Lambda Invoke API exactly as
 * the user pool runs them in AWS, and the tokens come from cognito-local's own generator, so
 * they verify against the pool's JWKS and its refresh token works like any other.
 */

type StringMap = Record<string, string>;

interface ChallengeStep {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface Pending {
  userPoolId: string;
  clientId: string;
  username: string;
  session: ChallengeStep[];
  challengeName: string;
  privateChallengeParameters: StringMap;
  challengeMetadata?: string;
  expiresAt: number;
}

/** Cognito's default validity of an authentication session. */
const SESSION_TTL_MS = 3 * 60_000;

export interface AuthRequest {
  ClientId: string;
  UserPoolId?: string;
  AuthFlow?: string;
  AuthParameters?: StringMap;
  ChallengeName?: string;
  ChallengeResponses?: StringMap;
  Session?: string;
  ClientMetadata?: StringMap;
}

export function customAuth(services: Services, lambda: Lambda, functions: TriggerFunctions) {
  const pending = new Map<string, Pending>();

  const forgetExpired = (now: number) => {
    for (const [id, p] of pending) if (p.expiresAt < now) pending.delete(id);
  };

  const event = (
    triggerSource: string,
    pool: UserPoolService,
    clientId: string,
    username: string,
    request: object,
    response: object,
  ) => ({
    version: '1',
    region: 'local',
    userPoolId: pool.options.Id,
    userName: username,
    callerContext: { awsSdkVersion: 'cognito-local', clientId },
    triggerSource,
    request,
    response,
  });

  async function context(ctx: Context, req: AuthRequest) {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const client = await services.cognito.getAppClient(ctx, req.ClientId);
    if (!client) throw new NotAuthorizedError();
    if (req.UserPoolId && req.UserPoolId !== pool.options.Id) throw new NotAuthorizedError();
    return { pool, client };
  }

  async function issueTokens(
    ctx: Context,
    pool: UserPoolService,
    client: AppClient,
    user: User,
    clientMetadata: StringMap | undefined,
  ) {
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      clientMetadata,
      'Authentication',
    );
    // Stored on the user as cognito-local does for password sign-ins: REFRESH_TOKEN_AUTH
    // finds the user by it.
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    if (services.triggers.enabled('PostAuthentication')) {
      await services.triggers.postAuthentication(ctx, {
        clientId: client.ClientId,
        clientMetadata,
        source: 'PostAuthentication_Authentication',
        userAttributes: user.Attributes,
        username: user.Username,
        userPoolId: pool.options.Id,
      });
    }
    const { exp, iat } = JSON.parse(
      Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { exp: number; iat: number };
    return {
      ChallengeParameters: {},
      AuthenticationResult: {
        AccessToken: tokens.AccessToken,
        IdToken: tokens.IdToken,
        RefreshToken: tokens.RefreshToken,
        ExpiresIn: exp - iat,
        TokenType: 'Bearer',
      },
    };
  }

  /** Asks Define what comes next, then issues tokens, fails, or creates the next challenge. */
  async function advance(
    ctx: Context,
    pool: UserPoolService,
    client: AppClient,
    username: string,
    user: User | null,
    session: ChallengeStep[],
    clientMetadata: StringMap | undefined,
  ) {
    const userAttributes = user ? attributesToRecord(user.Attributes) : {};
    const userNotFound = !user;
    const define = await invokeTrigger<{
      challengeName?: string;
      issueTokens?: boolean;
      failAuthentication?: boolean;
    }>(
      ctx,
      lambda,
      functions,
      'DefineAuthChallenge',
      event(
        'DefineAuthChallenge_Authentication',
        pool,
        client.ClientId,
        username,
        { userAttributes, session, clientMetadata, userNotFound },
        { challengeName: null, issueTokens: false, failAuthentication: false },
      ),
    );
    if (define.failAuthentication || !user) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    if (define.issueTokens) return issueTokens(ctx, pool, client, user, clientMetadata);
    if (define.challengeName !== 'CUSTOM_CHALLENGE') {
      throw new UnsupportedError(`custom auth asking for ${define.challengeName ?? 'nothing'}`);
    }
    const created = await invokeTrigger<{
      publicChallengeParameters?: StringMap;
      privateChallengeParameters?: StringMap;
      challengeMetadata?: string;
    }>(
      ctx,
      lambda,
      functions,
      'CreateAuthChallenge',
      event(
        'CreateAuthChallenge_Authentication',
        pool,
        client.ClientId,
        username,
        {
          userAttributes,
          challengeName: define.challengeName,
          session,
          clientMetadata,
          userNotFound,
        },
        { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
      ),
    );
    const now = Date.now();
    forgetExpired(now);
    const id = randomBytes(48).toString('base64url');
    pending.set(id, {
      userPoolId: pool.options.Id,
      clientId: client.ClientId,
      username: user.Username,
      session,
      challengeName: define.challengeName,
      privateChallengeParameters: created.privateChallengeParameters ?? {},
      challengeMetadata: created.challengeMetadata || undefined,
      expiresAt: now + SESSION_TTL_MS,
    });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: id,
      ChallengeParameters: { ...created.publicChallengeParameters, USERNAME: user.Username },
    };
  }

  /** InitiateAuth / AdminInitiateAuth with AuthFlow CUSTOM_AUTH. */
  async function initiate(ctx: Context, req: AuthRequest) {
    const username = req.AuthParameters?.USERNAME;
    if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
    if (req.AuthParameters?.SRP_A) {
      throw new UnsupportedError('CUSTOM_AUTH with SRP (use CUSTOM_WITHOUT_SRP)');
    }
    const { pool, client } = await context(ctx, req);
    const user = await pool.getUserByUsername(ctx, username);
    if (user && !user.Enabled) throw new NotAuthorizedError('User is disabled.');
    if (user?.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
    return advance(ctx, pool, client, username, user, [], req.ClientMetadata);
  }

  /** RespondToAuthChallenge / AdminRespondToAuthChallenge with CUSTOM_CHALLENGE. */
  async function respond(ctx: Context, req: AuthRequest) {
    const state = req.Session ? pending.get(req.Session) : undefined;
    if (req.Session) pending.delete(req.Session);
    const { pool, client } = await context(ctx, req);
    if (
      !state ||
      state.expiresAt < Date.now() ||
      state.clientId !== client.ClientId ||
      state.userPoolId !== pool.options.Id
    ) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    const named = req.ChallengeResponses?.USERNAME;
    if (!named) throw new InvalidParameterError('Missing required parameter USERNAME');
    const user = await pool.getUserByUsername(ctx, state.username);
    const namedUser = await pool.getUserByUsername(ctx, named);
    if (!user || namedUser?.Username !== user.Username) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    const verify = await invokeTrigger<{ answerCorrect?: boolean }>(
      ctx,
      lambda,
      functions,
      'VerifyAuthChallengeResponse',
      event(
        'VerifyAuthChallengeResponse_Authentication',
        pool,
        client.ClientId,
        user.Username,
        {
          userAttributes: attributesToRecord(user.Attributes),
          privateChallengeParameters: state.privateChallengeParameters,
          challengeAnswer: req.ChallengeResponses?.ANSWER ?? '',
          clientMetadata: req.ClientMetadata,
          userNotFound: false,
        },
        { answerCorrect: false },
      ),
    );
    const session = [
      ...state.session,
      {
        challengeName: state.challengeName,
        challengeResult: verify.answerCorrect === true,
        ...(state.challengeMetadata ? { challengeMetadata: state.challengeMetadata } : {}),
      },
    ];
    return advance(ctx, pool, client, user.Username, user, session, req.ClientMetadata);
  }

  return { initiate, respond };
}
