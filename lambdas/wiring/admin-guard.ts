import { ADMINS_GROUP, isInGroup } from '../adapters/cognito';
import type { Language } from '../domain/language';
import * as guard from '../shared/require-admin';

/** Membership of the user pool's `admins` group, read now. */
function inAdminsGroup(userId: string): Promise<boolean> {
  return isInGroup(userId, ADMINS_GROUP);
}

/** {@link guard.isAdmin} on the user pool. */
export function isAdmin(userId: string | undefined): Promise<boolean> {
  return guard.isAdmin(inAdminsGroup, userId);
}

/** {@link guard.requireAdmin} on the user pool. */
export function requireAdmin(userId: string | undefined, language?: Language): Promise<void> {
  return guard.requireAdmin(inAdminsGroup, userId, language);
}
