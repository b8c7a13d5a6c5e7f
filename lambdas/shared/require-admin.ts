import { ADMINS_GROUP, isInGroup } from '../adapters/cognito';
import type { Language } from '../domain/language';
import { ForbiddenError } from './errors';
import { logger } from './logger';
import { message } from './messages';

/**
 * Whether the caller is in the `admins` group as the user pool has it now. A check that fails
 * (Cognito unreachable, throttled) is logged and answers "not an admin" (spec 6).
 */
export async function isAdmin(userId: string | undefined): Promise<boolean> {
  if (!userId) return false;
  try {
    return await isInGroup(userId, ADMINS_GROUP);
  } catch (error) {
    logger.error('Admin check failed; treated as not admin', { error: error as Error });
    return false;
  }
}

/**
 * The guard of every admin route: membership of the `admins` group, read from the user pool
 * now rather than from the token, so a removed admin loses access at once.
 */
export async function requireAdmin(userId: string | undefined, language: Language = 'it') {
  if (!(await isAdmin(userId))) {
    throw new ForbiddenError(message('adminOnly', language));
  }
}
