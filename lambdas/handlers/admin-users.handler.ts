import { countUsers, listUsers } from '../adapters/dynamo/admin';
import { adminUserListQuerySchema, type AdminUserPage } from '../domain/admin/contract';
import { adminUserDetails } from '../domain/admin/user-details';
import { searchQuery } from '../domain/admin/users';
import { ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { requireAdmin } from '../shared/require-admin';
import { adminUserReads } from '../wiring/admin-reads';

const PAGE_SIZE = 25;

/**
 * Admin user list and details (spec 6, 7.2; issue 9), for members of the `admins` group only:
 *
 * - `GET /api/admin/users?q=&cursor=` → `{ items: [{ id, name, email, phone, created_at }],
 *   total, cursor }`, newest first; `q` matches part of the email or the full name, case- and
 *   accent-insensitive; `cursor` is the previous answer's, null on the last page.
 * - `GET /api/admin/users/{id}` → the profile plus connection status, plan and expiry, case
 *   counts by status, last sync and last error.
 */
export const handler = httpHandler({}, async ({ event, userId: caller, language }) => {
  await requireAdmin(caller, language);
  const id = event.pathParameters?.id;
  if (id !== undefined) return adminUserDetails(id, adminUserReads, Date.now());

  const parsed = adminUserListQuerySchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new ValidationError(message('adminBadCursor', language));
  const [page, total] = await Promise.all([
    listUsers({
      query: searchQuery(parsed.data.q),
      cursor: parsed.data.cursor || undefined,
      pageSize: PAGE_SIZE,
    }),
    countUsers(),
  ]);
  return { items: page.items, total, cursor: page.cursor } satisfies AdminUserPage;
});
