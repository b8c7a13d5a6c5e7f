import { Logger } from '@aws-lambda-powertools/logger';
import { redactLogValue } from './log-redaction';

/**
 * One structured JSON logger per function, created at cold start. The service name comes from
 * POWERTOOLS_SERVICE_NAME, which the CDK construct and the local gateway both set. Every value
 * goes through the redaction step (log-redaction.ts): no token, password, document content or
 * full email address is ever written.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rimborsi-fba',
  logLevel:
    (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
  jsonReplacerFn: redactLogValue,
});
