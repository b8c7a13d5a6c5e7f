/**
 * Gives every stored case the listing key the paged case list reads (issue 18), for data written
 * before it existed:
 *   TABLE_NAME=<table> AWS_REGION=<region> npm run -s migrate:case-listing
 * with the stage's credentials; for a local table add AWS_ENDPOINT_URL_DYNAMODB (the URL
 * `npm start` prints). Prints `{"scanned","updated","skipped"}`. Safe to run twice and while
 * the app serves.
 */
async function main() {
  if (!process.env.TABLE_NAME) {
    console.error('usage: TABLE_NAME=<table> npm run -s migrate:case-listing');
    process.exit(2);
  }
  const { backfillCaseListing } =
    await import('../../lambdas/adapters/dynamo/case-listing-backfill');
  const result = await backfillCaseListing();
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
