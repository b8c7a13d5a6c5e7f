import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFunctionSchedules } from './jobs';

describe('local function schedules', () => {
  it('runs the scheduled handler with the schedule input, on demand and on its rate', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schedules-'));
    const calls = path.join(dir, 'calls.json');
    fs.writeFileSync(
      path.join(dir, 'job.js'),
      `const fs = require('node:fs');
       exports.handler = async (event, context) => {
         const seen = fs.existsSync(${JSON.stringify(calls)}) ? JSON.parse(fs.readFileSync(${JSON.stringify(calls)}, 'utf8')) : [];
         seen.push({ event, name: context.functionName });
         fs.writeFileSync(${JSON.stringify(calls)}, JSON.stringify(seen));
       };`,
    );
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const schedules = startFunctionSchedules({
      root: dir,
      functions: [
        {
          name: 'report-import',
          entry: 'job.js',
          schedules: [
            { name: 'weekly', expression: 'rate(7 days)', input: { source: 'schedule' } },
            { name: 'nightly', expression: 'cron(0 3 * * ? *)' },
          ],
        },
      ],
    });
    try {
      await schedules.fire('nightly');
      jest.advanceTimersByTime(7 * 86_400_000);
      jest.useRealTimers();
      await new Promise((r) => setTimeout(r, 200));
      const seen = JSON.parse(fs.readFileSync(calls, 'utf8')) as unknown[];
      expect(seen).toEqual([
        { event: {}, name: 'report-import' },
        { event: { source: 'schedule' }, name: 'report-import' },
      ]);
      expect(() => schedules.fire('missing')).toThrow('No schedule named missing');
    } finally {
      jest.useRealTimers();
      await schedules.stop();
    }
  });
});
