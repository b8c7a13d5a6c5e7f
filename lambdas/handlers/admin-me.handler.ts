import { ADMINS_GROUP, isInGroup } from '../adapters/cognito';
import { httpHandler } from '../shared/http';

/**
 * `POST /api/admin-me` (spec 7.5): whether the caller is an admin, from the `admins` group as
 * the user pool has it now. The caller is the verified token's subject.
 */
export const handler = httpHandler({}, async ({ userId }) => ({
  is_admin: await isInGroup(userId!, ADMINS_GROUP),
}));
