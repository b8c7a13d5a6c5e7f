import { countUsers, listUsers } from '../adapters/dynamo/admin';
import {
  adminUserListQuerySchema,
  adminUserPathSchema,
  type AdminUserPage,
} from '../domain/admin/contract';
import { adminUserDetails } from '../domain/admin/user-details';
import { searchQuery } from '../domain/admin/users';
import { requireAdmin } from '../wiring/admin-guard';
import { httpRoutes, route } from '../shared/http';
import { adminUserReads } from '../wiring/admin-reads';

const PAGE_SIZE = 25;

/**
 * Admin user list and details (spec 6, 7.2; issue 9), for members of the `admins` group only
 * (anyone else gets 403 before the request is read):
 *
 * - `GET /api/admin/users?q=&cursor=` → `{ items: [{ id, name, email, phone, created_at }],
 *   total, cursor }`, newest first; `q` matches part of the email or the full name, case- and
 *   accent-insensitive; `cursor` is the previous answer's, null on the last page.
 * - `GET /api/admin/users/{id}` → the profile plus connection status, plan and expiry, case
 *   counts by status, last sync and last error.
 */
export const handler = httpRoutes(
  {
    'GET /api/admin/users': route(
      { query: adminUserListQuerySchema, invalid: { query: 'adminBadCursor' } },
      async ({ query }): Promise<AdminUserPage> => {
        const [page, total] = await Promise.all([
          listUsers({
            query: searchQuery(query.q),
            cursor: query.cursor || undefined,
            pageSize: PAGE_SIZE,
          }),
          countUsers(),
        ]);
        return { items: page.items, total, cursor: page.cursor };
      },
    ),
    'GET /api/admin/users/{id}': route(
      { path: adminUserPathSchema, invalid: { path: 'adminUserNotFound' } },
      ({ path }) => adminUserDetails(path.id, adminUserReads, Date.now()),
    ),
  },
  { admin: requireAdmin },
);
