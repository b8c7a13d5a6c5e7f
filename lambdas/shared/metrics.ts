import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, METRICS_NAMESPACE, type MetricName } from './metric-names';
import { logger } from './logger';

export { METRIC, type MetricName };

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/**
 * Business metrics (syncs, submissions, imports) as CloudWatch embedded-metric-format lines,
 * which CloudWatch turns into metrics under `RimborsiFBA` with the dimensions `service` and
 * `stage`; the alarms and the dashboard of lib/constructs/monitoring.ts read them.
 *
 * Each call writes its metric at once (a Powertools single metric), so nothing has to be
 * flushed at the end of an invocation and a crash never loses what was recorded before it.
 * Only deployed functions get `POWERTOOLS_METRICS_NAMESPACE` (from the CDK construct); without
 * it, as in tests and the local stack, recording does nothing.
 */
let metrics: Metrics | undefined;

function instance(): Metrics | undefined {
  if (!process.env.POWERTOOLS_METRICS_NAMESPACE) return undefined;
  metrics ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE,
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rimborsi-fba',
    defaultDimensions: { stage: process.env.STAGE ?? 'unknown' },
  });
  return metrics;
}

/** Records `value` (a count by default) of one metric. Never throws: metrics must not fail work. */
export function recordMetric(name: MetricName, value = 1, unit: Unit = MetricUnit.Count): void {
  const target = instance();
  if (!target) return;
  try {
    target.singleMetric().addMetric(name, unit, value);
  } catch (error) {
    logger.warn('Metric not recorded', { metric: name, error: error as Error });
  }
}
