import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per function, created at cold start. The service name comes from
 * POWERTOOLS_SERVICE_NAME, which the CDK construct and the local gateway both set.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rimborsi-fba',
  logLevel:
    (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
