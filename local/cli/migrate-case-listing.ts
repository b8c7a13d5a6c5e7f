/**
 * Gives every stored case the listing key the paged case list reads (issue 18), for data written
 * before it existed:
 *   TABLE_NAME=<table> AWS_REGION=<region> npm run -s migrate:case-listing [-- --user <id>...]
 * with the stage's credentials; for a local table add AWS_ENDPOINT_URL_DYNAMODB (the URL
 * `npm start` prints). Without `--user` it scans the whole table; with it, it reads only those
 * sellers' cases. Prints `{"scanned","updated","skipped"}`. Safe to run twice and while the app
 * serves.
 */
async function main() {
  if (!process.env.TABLE_NAME) {
    console.error('usage: TABLE_NAME=<table> npm run -s migrate:case-listing');
    process.exit(2);
  }
  const { backfillCaseListing } =
    await import('../../lambdas/adapters/dynamo/case-listing-backfill');
  const userIds = process.argv.flatMap((arg, i, all) =>
    arg === '--user' && all[i + 1] ? [all[i + 1]!] : [],
  );
  const result = await backfillCaseListing(userIds.length > 0 ? { userIds } : {});
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
