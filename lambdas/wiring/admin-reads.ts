import { caseStatuses } from '../adapters/dynamo/admin';
import { getConnection } from '../adapters/dynamo/connections';
import { getProfile } from '../adapters/dynamo/profiles';
import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import { syncRunStore } from '../adapters/dynamo/sync-runs';
import type { AdminUserReads } from '../domain/admin/user-details';

/** The table reads behind the admin's user details. */
export const adminUserReads: AdminUserReads = {
  profile: getProfile,
  connection: getConnection,
  subscriptions: listSubscriptions,
  latestRun: (userId) => syncRunStore.latest(userId),
  syncState: (userId) => syncRunStore.state(userId),
  caseStatuses,
};
