import type { Language } from '../domain/language';
import { ForbiddenError } from './errors';
import { logger } from './logger';
import { message } from './messages';

/** The guard's port: whether the user is in the `admins` group (wiring hands it the user pool's). */
export type InAdminsGroup = (userId: string) => Promise<boolean>;

/**
 * Whether the caller is in the `admins` group as the user pool has it now. A check that fails
 * (Cognito unreachable, throttled) is logged and answers "not an admin" (spec 6).
 */
export async function isAdmin(
  inAdminsGroup: InAdminsGroup,
  userId: string | undefined,
): Promise<boolean> {
  if (!userId) return false;
  try {
    return await inAdminsGroup(userId);
  } catch (error) {
    logger.error('Admin check failed; treated as not admin', { error: error as Error });
    return false;
  }
}

/**
 * The guard of every admin route: membership of the `admins` group, read from the user pool
 * now rather than from the token, so a removed admin loses access at once.
 */
export async function requireAdmin(
  inAdminsGroup: InAdminsGroup,
  userId: string | undefined,
  language: Language = 'it',
) {
  if (!(await isAdmin(inAdminsGroup, userId))) {
    throw new ForbiddenError(message('adminOnly', language));
  }
}
