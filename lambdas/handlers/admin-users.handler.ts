import * as z from 'zod';
import { BadCursorError, caseStatuses, countUsers, listUsers } from '../adapters/dynamo/admin';
import { getConnection } from '../adapters/dynamo/connections';
import { getProfile } from '../adapters/dynamo/profiles';
import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import { syncRunStore } from '../adapters/dynamo/sync-runs';
import { countByStatus, fullName, searchQuery } from '../domain/admin/users';
import { activePlan } from '../domain/plan/plan';
import { NotFoundError, ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { requireAdmin } from '../shared/require-admin';
import type { Language } from '../domain/language';

const PAGE_SIZE = 25;

const listQuery = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
});

const userId = z.string().min(1).max(128);

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
  if (id !== undefined) return details(id, language);

  const parsed = listQuery.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new ValidationError(message('adminBadCursor', language));
  try {
    const [page, total] = await Promise.all([
      listUsers({
        query: searchQuery(parsed.data.q),
        cursor: parsed.data.cursor || undefined,
        pageSize: PAGE_SIZE,
      }),
      countUsers(),
    ]);
    return { items: page.items, total, cursor: page.cursor };
  } catch (error) {
    if (error instanceof BadCursorError) {
      throw new ValidationError(message('adminBadCursor', language));
    }
    throw error;
  }
});

async function details(rawId: string, language: Language) {
  const parsedId = userId.safeParse(rawId);
  if (!parsedId.success) throw new NotFoundError(message('adminUserNotFound', language));
  const id = parsedId.data;
  const profile = await getProfile(id);
  if (!profile) throw new NotFoundError(message('adminUserNotFound', language));
  const now = Date.now();
  const [connection, subscriptions, latestRun, syncState, statuses] = await Promise.all([
    getConnection(id),
    listSubscriptions(id),
    syncRunStore.latest(id),
    syncRunStore.state(id),
    caseStatuses(id),
  ]);
  const plan = activePlan(subscriptions, now);
  const latestPlan = subscriptions[0];
  const lastError =
    latestRun?.status === 'failed' && latestRun.error
      ? {
          source: 'sync',
          message: latestRun.error.message,
          at: new Date(latestRun.error.at).toISOString(),
        }
      : connection?.lastError
        ? { source: 'connection', message: connection.lastError, at: connection.updatedAt }
        : null;
  return {
    user: {
      id: profile.id,
      name: fullName(profile),
      email: profile.email,
      phone: profile.phone,
      created_at: profile.created_at,
      mode: profile.mode,
      locale: profile.locale,
    },
    connection: connection
      ? {
          status: connection.status,
          store_name: connection.storeName,
          country_code: connection.countryCode,
          marketplace_id: connection.marketplaceId,
          updated_at: connection.updatedAt,
        }
      : null,
    plan: {
      active: plan !== undefined,
      expires_at: (plan ?? latestPlan)?.expiresAt ?? null,
      country_code: (plan ?? latestPlan)?.countryCode ?? null,
    },
    cases: { total: statuses.length, by_status: countByStatus(statuses) },
    last_sync: latestRun
      ? {
          status: latestRun.status,
          started_at: new Date(latestRun.startedAt).toISOString(),
          finished_at: latestRun.finishedAt ? new Date(latestRun.finishedAt).toISOString() : null,
          last_success_at: syncState ? new Date(syncState.lastSuccessAt).toISOString() : null,
        }
      : null,
    last_error: lastError,
  };
}
