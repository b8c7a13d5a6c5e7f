import * as z from 'zod';
import { loadConfig } from './config';

const schema = z.object({
  REPORT_POLL_MS: z.coerce.number().int().min(200).max(60_000).default(5_000),
});

/**
 * How often a requested report's status is asked for: every 5 s in AWS, where Amazon takes
 * minutes to prepare one (its getReport quota allows two calls a second). The local stack sets
 * `REPORT_POLL_MS` lower, its simulator finishing a report in seconds.
 */
export function reportPollIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  return loadConfig(schema, env).REPORT_POLL_MS;
}
