/**
 * For the browser journeys, whose runner cannot load the Lambda code: writes `count` closed
 * shipments (10 short SKUs each, newest first, a second apart) into a seller's partition through
 * the sync's adapter, then the dashboard summary as the end of a sync computes it. Prints the
 * shipment ids as JSON. The table and endpoint come from the environment (TABLE_NAME,
 * AWS_ENDPOINT_URL_DYNAMODB, AWS_REGION and credentials).
 *
 *   tsx test/support/seed-shipments.cli.ts <userId> <count> <id prefix>
 */
import { refreshDashboardSummary } from '../../lambdas/adapters/dashboard-summary';
import { closedShipment, seedShipments } from './shipments';

async function main(): Promise<void> {
  const [userId, count, prefix] = process.argv.slice(2);
  if (!userId || !count || !prefix) throw new Error('usage: <userId> <count> <id prefix>');
  const now = Date.now();
  const ids = Array.from(
    { length: Number(count) },
    (_, i) => `${prefix}${String(i).padStart(3, '0')}`,
  );
  await seedShipments(
    userId,
    ids.map((id, i) => closedShipment(id, now - i * 1000)),
  );
  await refreshDashboardSummary(userId);
  console.log(JSON.stringify(ids));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
