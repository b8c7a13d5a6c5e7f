import { api } from './support/accounts';
import { buyPlan, connect, partition, seller, waitForSync } from './support/proof';

/**
 * Issue 11, concurrency through the local stack: several "Sync now" presses at once for one
 * seller start one run and tell the others, and parallel demo syncs write each row once.
 * (Ten parallel imports of one feedback file: test/integration/feedback.test.ts; fifty
 * parallel submissions of one case: test/integration/cases.test.ts.)
 */

jest.setTimeout(120_000);

test('parallel syncs for one seller: one runs, the others are told with a clear 409', async () => {
  const user = await seller();
  await connect(user.token);
  await buyPlan(user.token);

  const presses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      api('POST', '/api/sync-fba', { token: user.token, language: i % 2 ? 'en' : 'it' }),
    ),
  );
  const started = presses.filter((p) => p.status === 202);
  const refused = presses.filter((p) => p.status === 409);
  expect(started).toHaveLength(1);
  expect(refused).toHaveLength(7);
  const runId = (started[0]!.body.run as { id: string }).id;
  for (const r of refused) {
    expect(r.body).toMatchObject({
      error: 'conflict',
      details: { reason: 'already_running', runId },
    });
    expect(['Una sincronizzazione è già in corso.', 'A sync is already running.']).toContain(
      r.body.message,
    );
  }

  const run = await waitForSync(user.token, 90_000);
  expect(run).toMatchObject({ id: runId, status: 'succeeded' });
  const rows = await partition(user.userId);
  expect(rows.filter((r) => String(r.SK).startsWith('SYNCRUN#'))).toHaveLength(1);
  const ships = rows.filter((r) => String(r.SK).startsWith('SHIP#'));
  expect(ships.length).toBeGreaterThan(0);
  expect(new Set(ships.map((r) => r.SK)).size).toBe(ships.length);

  // Once it is over, Sync now works again.
  const next = await api('POST', '/api/sync-fba', { token: user.token });
  expect(next.status).toBe(202);
  expect(await waitForSync(user.token, 90_000)).toMatchObject({ status: 'succeeded' });
  const after = await partition(user.userId);
  expect(
    after
      .filter((r) => String(r.SK).startsWith('SHIP#'))
      .map((r) => r.SK)
      .sort(),
  ).toEqual(ships.map((r) => r.SK).sort());
});

test('parallel demo syncs and resets leave each demo shipment once', async () => {
  const user = await seller();
  const results = await Promise.all(
    Array.from({ length: 10 }, () => api('POST', '/api/demo/sync', { token: user.token })),
  );
  expect(results.every((r) => r.status === 200)).toBe(true);
  const ships = (await partition(user.userId)).filter((r) => /^SHIP#[^#]+$/.test(String(r.SK)));
  expect(ships.map((r) => r.SK).sort()).toEqual(['SHIP#DEMO001', 'SHIP#DEMO002', 'SHIP#DEMO003']);
  const cases = (await partition(user.userId)).filter((r) => String(r.SK).startsWith('CASE#'));
  expect(new Set(cases.map((r) => r.SK)).size).toBe(cases.length);
  const listed = await api('GET', '/api/shipments', { token: user.token });
  expect((listed.body.shipments as unknown[]).length).toBe(3);

  const resets = await Promise.all(
    Array.from({ length: 5 }, () => api('POST', '/api/demo/reset', { token: user.token })),
  );
  expect(resets.map((r) => [r.status, r.body.message])).toEqual(
    Array(5).fill([200, expect.anything()]),
  );
  expect((await partition(user.userId)).filter((r) => String(r.SK).startsWith('SHIP#'))).toEqual(
    [],
  );
});
