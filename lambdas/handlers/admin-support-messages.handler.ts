import { listSupportMessages, resolveSupportMessage } from '../adapters/dynamo/admin';
import { supportMessageIdSchema } from '../domain/admin/contract';
import { NotFoundError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { requireAdmin } from '../shared/require-admin';

const PAGE_SIZE = 50;

/**
 * The admin's support inbox (issue 9: the requests really sent from the help and data-deletion
 * forms), for members of the `admins` group only:
 *
 * - `GET /api/admin/support-messages?cursor=` → `{ items, cursor }`, newest first.
 * - `POST /api/admin/support-messages/{id}/resolve` → `{ ok, id, resolved, resolved_at }`; the
 *   resolution is stored, and resolving again keeps the first one.
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  await requireAdmin(userId, language);
  const id = event.pathParameters?.id;
  if (id !== undefined) {
    const parsed = supportMessageIdSchema.safeParse(id);
    const result = parsed.success
      ? await resolveSupportMessage(parsed.data, userId, new Date())
      : undefined;
    if (!result) throw new NotFoundError(message('adminSupportMessageNotFound', language));
    return { ok: true, id, resolved: true, resolved_at: result.resolved_at };
  }
  const cursor = event.queryStringParameters?.cursor;
  return listSupportMessages({ cursor: cursor || undefined, pageSize: PAGE_SIZE });
});
