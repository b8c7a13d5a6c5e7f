import { listSupportMessages, resolveSupportMessage } from '../adapters/dynamo/admin';
import {
  type ResolveSupportMessageResponse,
  supportListQuerySchema,
  supportMessagePathSchema,
  type SupportPage,
} from '../domain/admin/contract';
import { NotFoundError } from '../shared/errors';
import { requireAdmin } from '../wiring/admin-guard';
import { httpRoutes, route } from '../shared/http';
import { message } from '../shared/messages';

const PAGE_SIZE = 50;

/**
 * The admin's support inbox (issue 9: the requests really sent from the help and data-deletion
 * forms), for members of the `admins` group only (anyone else gets 403 before the request is
 * read):
 *
 * - `GET /api/admin/support-messages?cursor=` → `{ items, cursor }`, newest first.
 * - `POST /api/admin/support-messages/{id}/resolve` → `{ ok, id, resolved, resolved_at }`; the
 *   resolution is stored, and resolving again keeps the first one.
 */
export const handler = httpRoutes(
  {
    'GET /api/admin/support-messages': route(
      { query: supportListQuerySchema, invalid: { query: 'adminBadCursor' } },
      ({ query }): Promise<SupportPage> =>
        listSupportMessages({ cursor: query.cursor || undefined, pageSize: PAGE_SIZE }),
    ),
    'POST /api/admin/support-messages/{id}/resolve': route(
      { path: supportMessagePathSchema, invalid: { path: 'adminSupportMessageNotFound' } },
      async ({ path, userId, language }): Promise<ResolveSupportMessageResponse> => {
        const result = await resolveSupportMessage(path.id, userId, new Date());
        if (!result) throw new NotFoundError(message('adminSupportMessageNotFound', language));
        return { ok: true, id: path.id, resolved: true, resolved_at: result.resolved_at };
      },
    ),
  },
  { admin: requireAdmin },
);
