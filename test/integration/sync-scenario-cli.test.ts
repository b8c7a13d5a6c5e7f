import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The `npm run sync:scenario` contract (spapi-simulator.md): one JSON document on stdout for a
 * scenario, a non-zero exit naming the problem for a malformed one, and nothing left running.
 * It starts its own DynamoDB Local and simulator, not the shared test stack.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.resolve(ROOT, 'test/fixtures/spapi');
/** The CLI's own temporary folder, so another run on the machine cannot be mistaken for ours. */
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
afterAll(() => fs.rmSync(TMP, { recursive: true, force: true }));

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'local/cli/sync-scenario.ts', ...args],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT, TMPDIR: TMP } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function leftovers(): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(TMP));
}

describe('npm run sync:scenario', () => {
  jest.setTimeout(90_000);

  it('prints exactly the shipments and items of example-expected.json', async () => {
    const expected = JSON.parse(
      fs.readFileSync(path.join(FIXTURES, 'example-expected.json'), 'utf8'),
    ) as { shipments: { shipment_id: string }[] };

    // The fixture's dates are absolute; its expected file was written for early November 2026.
    const { code, stdout, stderr } = await runCli([
      path.join(FIXTURES, 'example.json'),
      '--now',
      '2026-11-21T12:00:00Z',
    ]);

    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    const printed = JSON.parse(stdout) as {
      shipments: (Record<string, unknown> & { items: unknown[] })[];
      calls: { total: number; throttled: number; retried: number };
    };
    expect(
      printed.shipments.map(({ shipment_id, units_expected, units_found, discrepancy, items }) => ({
        shipment_id,
        units_expected,
        units_found,
        discrepancy,
        items,
      })),
    ).toEqual(expected.shipments);
    expect(printed.shipments[0]).toMatchObject({
      shipment_name: 'IT spedizione 07/11/2026 #7',
      fc_code: 'BLQ1',
      status: 'CLOSED',
    });
    expect(Object.keys(printed.calls)).toEqual(['total', 'throttled', 'retried']);
    expect(printed.calls.total).toBeGreaterThan(0);
    expect(leftovers()).toEqual([]);
    expect(fs.readdirSync(TMP).filter((name) => name.startsWith('sync-scenario-'))).toEqual([]);
  });

  it('exits non-zero naming the problem of a malformed scenario', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-scenario-'));
    const file = path.join(dir, 'bad.json');
    const scenario = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'example.json'), 'utf8'));
    scenario.inbound.shipments[2].items[0].QuantityRecieved = 3;
    fs.writeFileSync(file, JSON.stringify(scenario));
    try {
      const { code, stdout, stderr } = await runCli([file]);
      expect(code).not.toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toContain(
        'inbound.shipments[2].items[0]: Unrecognized key: "QuantityRecieved"',
      );
      expect((await runCli([path.join(dir, 'missing.json')])).stderr).toContain(
        'Cannot read scenario file',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
