import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dashboardSummary, type DashboardSummary } from '../domain/dashboard-summary';
import { isRealMode } from '../domain/sync/shipment-list';
import { caseRecords } from './case-records';
import { accountGuard, refusedByAccountGuard } from './dynamo/account-guard';
import { table, TABLE_NAME, transact } from './dynamo/client';
import { marketplaceKeys } from './dynamo/keys';
import { getProfile } from './dynamo/profiles';
import { listStoredShipments } from './dynamo/shipments';
import { listSkuValues } from './dynamo/sku-values';
import { listAllClaims } from './dynamo/claims';
import { logger } from '../shared/logger';

/**
 * The stored dashboard summary (issue 18): one item per seller, written again from the seller's
 * whole data whenever it changes (end of a sync, a case change, a unit value, the demo data), so
 * `GET /api/dashboard` reads a fixed number of items.
 */

export async function getDashboardSummary(userId: string): Promise<DashboardSummary | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: marketplaceKeys.dashboardSummary(userId) }),
  );
  return Item ? (Item.summary as DashboardSummary) : undefined;
}

/**
 * Computes the summary from everything the seller has and stores it. Idempotent: the same data
 * gives the same summary. A summary computed from older reads never replaces a newer one (the
 * condition on `computed_at`), so two writers finishing out of order keep the later figures.
 */
export async function refreshDashboardSummary(
  userId: string,
  now: number = Date.now(),
): Promise<DashboardSummary> {
  const [profile, shipments, cases, skuValues, claims] = await Promise.all([
    getProfile(userId),
    listStoredShipments(userId),
    caseRecords.list(userId),
    listSkuValues(userId),
    listAllClaims(userId),
  ]);
  const summary = dashboardSummary({
    shipments,
    cases,
    skuValues,
    claims,
    realMode: isRealMode(profile?.mode),
    now,
  });
  try {
    // With the account guard: a refresh finishing after the account was deleted writes nothing.
    await transact([
      {
        Put: {
          TableName: TABLE_NAME,
          Item: {
            ...marketplaceKeys.dashboardSummary(userId),
            type: 'dashboard_summary',
            user_id: userId,
            computed_at: summary.computed_at,
            summary,
          },
          ConditionExpression: 'attribute_not_exists(computed_at) OR computed_at <= :computed',
          ExpressionAttributeValues: { ':computed': summary.computed_at },
        },
      },
      accountGuard(userId),
    ]);
  } catch (error) {
    const later =
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
    // A later computation already stored its figures, or the account is gone.
    if (!later && !refusedByAccountGuard(error, 1)) throw error;
  }
  return summary;
}

/**
 * After a write that changes the seller's figures: the summary is computed again at once. A
 * failure is logged, never passed on: the seller's own write succeeded, and the dashboard
 * computes a summary it finds out of date when it reads it.
 */
export async function afterDashboardDataChanged(userId: string): Promise<void> {
  try {
    await refreshDashboardSummary(userId);
  } catch (error) {
    logger.warn('Dashboard summary not refreshed', { userId, error: error as Error });
  }
}
