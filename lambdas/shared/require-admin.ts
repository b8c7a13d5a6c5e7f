import { ADMINS_GROUP, isInGroup } from '../adapters/cognito';
import type { Language } from '../domain/language';
import { ForbiddenError } from './errors';
import { message } from './messages';

/**
 * The guard of every admin route: membership of the `admins` group, read from the user pool
 * now rather than from the token, so a removed admin loses access at once.
 */
export async function requireAdmin(userId: string | undefined, language: Language = 'it') {
  if (!userId || !(await isInGroup(userId, ADMINS_GROUP))) {
    throw new ForbiddenError(message('adminOnly', language));
  }
}
