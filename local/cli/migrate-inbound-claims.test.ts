import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from './migrate-inbound-claims';

const ROOT = path.resolve(__dirname, '../..');

test('reads a dry run, sellers and a page size; refuses anything else', () => {
  expect(parseArgs([])).toEqual({ dryRun: false, userIds: [] });
  expect(parseArgs(['--dry-run', '--user', 'u1', '--user', 'u2', '--page-size', '25'])).toEqual({
    dryRun: true,
    userIds: ['u1', 'u2'],
    pageSize: 25,
  });
  expect(parseArgs(['--user'])).toHaveProperty('error');
  expect(parseArgs(['--page-size', '0'])).toHaveProperty('error');
  expect(parseArgs(['--dryrun'])).toHaveProperty('error');
});

test('without a table it says how to run it and writes nothing', () => {
  const { TABLE_NAME: _t, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'local/cli/migrate-inbound-claims.ts', '--dry-run'],
    { cwd: ROOT, encoding: 'utf8', env },
  );
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('usage: TABLE_NAME=<table> npm run -s migrate:inbound-claims');
  expect(run.stdout).toBe('');
});
