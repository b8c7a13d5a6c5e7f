import { countByStatus, fullName } from './users';
import type { Connection } from '../connection/connection';
import { DomainError } from '../errors';
import { activePlan, type Subscription } from '../plan/plan';
import type { Profile } from '../account/profile';
import type { SyncRun, SyncState } from '../sync/run';
import { adminUserIdSchema, type AdminUserDetails } from './contract';

/** The reads the admin's user details need, all of one user. */
export interface AdminUserReads {
  profile(userId: string): Promise<Profile | undefined>;
  connection(userId: string): Promise<Connection | undefined>;
  /** Newest first. */
  subscriptions(userId: string): Promise<Subscription[]>;
  latestRun(userId: string): Promise<SyncRun | undefined>;
  syncState(userId: string): Promise<SyncState | undefined>;
  caseStatuses(userId: string): Promise<string[]>;
}

export class AdminUserNotFound extends DomainError {
  readonly kind = 'not_found';
  readonly messageKey = 'adminUserNotFound';
}

/**
 * One user as the admin's details dialog shows it (spec 6): the profile plus connection status,
 * plan and expiry, case counts by status, last sync and the last error (the sync's, else the
 * connection's). An id that is not a user's is not found.
 */
export async function adminUserDetails(
  rawId: string,
  reads: AdminUserReads,
  now: number,
): Promise<AdminUserDetails> {
  const parsedId = adminUserIdSchema.safeParse(rawId);
  if (!parsedId.success) throw new AdminUserNotFound('user id');
  const id = parsedId.data;
  const profile = await reads.profile(id);
  if (!profile) throw new AdminUserNotFound('user');
  const [connection, subscriptions, latestRun, syncState, statuses] = await Promise.all([
    reads.connection(id),
    reads.subscriptions(id),
    reads.latestRun(id),
    reads.syncState(id),
    reads.caseStatuses(id),
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
