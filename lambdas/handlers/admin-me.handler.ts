import type { AdminMeResponse } from '../domain/admin/contract';
import { httpHandler } from '../shared/http';
import { isAdmin } from '../wiring/admin-guard';

/**
 * `POST /api/admin-me` (spec 7.5): whether the caller is an admin, from the `admins` group as
 * the user pool has it now. The caller is the verified token's subject; a failed check is
 * logged and answers false (spec 6).
 */
export const handler = httpHandler({}, async ({ userId }): Promise<AdminMeResponse> => ({
  is_admin: await isAdmin(userId),
}));
