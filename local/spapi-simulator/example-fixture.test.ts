import fs from 'node:fs';
import { monthsBefore } from './dates';
import { loadScenarioFile } from './scenario';
import {
  authorize,
  discrepanciesViaApi,
  EXAMPLE_EXPECTED,
  EXAMPLE_SCENARIO,
  IT,
  startTestSim,
  type ExpectedShipment,
  type TestSim,
} from './test-support';

describe('the shared example scenario', () => {
  let t: TestSim;
  afterEach(() => t.sim.close());

  it('serves the data behind example-expected.json', async () => {
    const expected = JSON.parse(fs.readFileSync(EXAMPLE_EXPECTED, 'utf8')) as {
      shipments: ExpectedShipment[];
    };
    t = await startTestSim(loadScenarioFile(EXAMPLE_SCENARIO));
    const { accessToken } = await authorize(t.sim);

    const found = await discrepanciesViaApi(
      t.sim,
      accessToken,
      IT,
      monthsBefore(t.clock.now(), 18),
    );

    expect(t.clock.now().toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(found).toEqual(expected.shipments);
    expect(t.sim.stats()).toEqual(expect.objectContaining({ throttled: 0, serverErrors: 0 }));
  });
});
