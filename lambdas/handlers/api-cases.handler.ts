import { apiCasesRequest } from '../domain/cases/contract';
import { recordCase } from '../domain/cases/record-case';
import { httpHandler } from '../shared/http';
import { recordCaseDependencies } from '../wiring/record-case';

/** api-cases (spec 7.5): the diagnostic page records a case (domain/cases/record-case.ts). */
export const handler = httpHandler({ body: apiCasesRequest }, async ({ body, userId, language }) =>
  recordCase(recordCaseDependencies, userId, body, language),
);
