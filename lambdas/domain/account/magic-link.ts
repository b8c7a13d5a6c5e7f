import { createHash, randomBytes } from 'node:crypto';
import { sanitizeRedirect } from './redirect';

/** A magic link signs in once, within 15 minutes of being sent (issue 3). */
export const MAGIC_LINK_TTL_MS = 15 * 60_000;

/** The challenge name Cognito uses for trigger-defined challenges. */
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';
/** Tags the challenge so Define can tell it from any other a future flow might add. */
export const MAGIC_LINK_CHALLENGE = 'MAGIC_LINK';

export interface MagicLinkToken {
  /** Goes into the email only; never stored. */
  token: string;
  /** What the table keeps: enough to recognise the token, useless to someone who reads it. */
  tokenHash: string;
  expiresAt: number;
}

/** 32 random bytes: unguessable within the 15 minutes and the single try each link gets. */
export function createMagicLinkToken(now: number): MagicLinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashMagicLinkToken(token), expiresAt: now + MAGIC_LINK_TTL_MS };
}

export function hashMagicLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The link of the email: the web app's `/auth/magic` page signs in with it. */
export function magicLinkUrl(
  appUrl: string,
  params: { email: string; token: string; redirectTo?: string },
): string {
  const url = new URL('/auth/magic', appUrl);
  url.searchParams.set('email', params.email);
  url.searchParams.set('token', params.token);
  const redirectTo = sanitizeRedirect(params.redirectTo);
  if (redirectTo) url.searchParams.set('redirectTo', redirectTo);
  return url.toString();
}

/** One step of a custom-auth session as Cognito reports it to the Define trigger. */
export interface ChallengeStep {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

export type ChallengeDecision =
  | { issueTokens: true; failAuthentication: false }
  | { issueTokens: false; failAuthentication: true }
  | { issueTokens: false; failAuthentication: false; challengeName: typeof CUSTOM_CHALLENGE };

/**
 * The Define-auth-challenge rule for magic links: an unknown user fails at once; a fresh
 * session gets one custom challenge; a correct answer signs in; anything else fails. There
 * is no second try: a wrong answer means a wrong, spent or expired link, and retrying the
 * same one cannot help.
 */
export function decideAuthChallenge(
  session: readonly ChallengeStep[],
  userNotFound: boolean,
): ChallengeDecision {
  if (userNotFound) return { issueTokens: false, failAuthentication: true };
  if (session.length === 0) {
    return { issueTokens: false, failAuthentication: false, challengeName: CUSTOM_CHALLENGE };
  }
  const onlyStep = session.length === 1 ? session[0] : undefined;
  if (onlyStep?.challengeName === CUSTOM_CHALLENGE && onlyStep.challengeResult === true) {
    return { issueTokens: true, failAuthentication: false };
  }
  return { issueTokens: false, failAuthentication: true };
}
