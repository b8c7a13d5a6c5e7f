import { METRIC, recordMetric } from './metrics';

describe('recordMetric', () => {
  const original = { ...process.env };
  afterEach(() => {
    process.env = { ...original };
    jest.restoreAllMocks();
  });

  it('writes nothing where no metrics namespace is configured (tests, local stack)', () => {
    delete process.env.POWERTOOLS_METRICS_NAMESPACE;
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    recordMetric(METRIC.syncFailed);
    expect(write).not.toHaveBeenCalled();
  });

  it('emits one embedded-metric line at once in a deployed function', () => {
    jest.isolateModules(() => {
      process.env.POWERTOOLS_METRICS_NAMESPACE = 'RimborsiFBA';
      process.env.POWERTOOLS_SERVICE_NAME = 'rimborsi-fba';
      process.env.STAGE = 'prod';
      delete process.env.POWERTOOLS_DEV;
      delete process.env.POWERTOOLS_METRICS_DISABLED;
      const lines: string[] = [];
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./metrics') as typeof import('./metrics');
      fresh.recordMetric(fresh.METRIC.syncFailed);
      const emf = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(emf).toHaveLength(1);
      expect(emf[0]).toMatchObject({
        SyncFailed: 1,
        service: 'rimborsi-fba',
        stage: 'prod',
        _aws: {
          CloudWatchMetrics: [
            {
              Namespace: 'RimborsiFBA',
              Dimensions: [expect.arrayContaining(['service', 'stage'])],
              Metrics: [{ Name: 'SyncFailed', Unit: 'Count' }],
            },
          ],
        },
      });
    });
  });
});
