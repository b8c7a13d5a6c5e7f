/**
 * Writes the claim row of every stored inbound shipment with missing units (issue 32: inbound
 * cases are claims of the first kind), for data synced before they were:
 *   TABLE_NAME=<table> AWS_REGION=<region> npm run -s migrate:inbound-claims \
 *     [-- --dry-run] [--user <id>...] [--page-size <n>]
 * with the stage's credentials; for a local table add AWS_ENDPOINT_URL_DYNAMODB (the URL
 * `npm start` prints). Without `--user` it reads the whole table a page at a time; with it,
 * only those sellers. `--dry-run` counts without writing. It also gives audit claims marked
 * opened with Amazon before the open count's index their key (`reindexed`). Prints
 * `{"dryRun","scanned","sellers","cases","written","unchanged","skipped","reindexed"}`. Safe to
 * run twice and while the app serves: a row already as the sync writes it is left alone.
 */
export interface MigrationArgs {
  dryRun: boolean;
  userIds: string[];
  pageSize?: number;
}

export function parseArgs(argv: readonly string[]): MigrationArgs | { error: string } {
  const args: MigrationArgs = { dryRun: false, userIds: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[i + 1];
    if (arg === '--dry-run') args.dryRun = true;
    else if (arg === '--user' && next) {
      args.userIds.push(next);
      i++;
    } else if (arg === '--page-size' && next && /^[1-9]\d{0,3}$/.test(next)) {
      args.pageSize = Number(next);
      i++;
    } else return { error: `unknown or incomplete argument: ${arg}` };
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!process.env.TABLE_NAME || 'error' in args) {
    if ('error' in args) console.error(args.error);
    console.error(
      'usage: TABLE_NAME=<table> npm run -s migrate:inbound-claims [-- --dry-run] ' +
        '[--user <id>...] [--page-size <n>]',
    );
    process.exit(2);
  }
  const { migrateInboundClaims } =
    await import('../../lambdas/adapters/dynamo/inbound-claims-migration');
  const result = await migrateInboundClaims({
    now: new Date().toISOString(),
    dryRun: args.dryRun,
    ...(args.userIds.length > 0 ? { userIds: args.userIds } : {}),
    ...(args.pageSize ? { pageSize: args.pageSize } : {}),
  });
  console.log(JSON.stringify({ dryRun: args.dryRun, ...result }));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
