import * as z from 'zod';
import { findDocumentByPath } from '../adapters/dynamo/case-documents';
import type { RecordCaseDeps } from '../domain/cases/record-case';
import { loadConfig } from '../shared/config';
import { caseGuards } from './case-guards';
import { caseStore } from './case-store';

/** Only the bucket's name, to strip it from the paths clients send: no file is read here. */
const { DOCUMENTS_BUCKET } = loadConfig(z.object({ DOCUMENTS_BUCKET: z.string().min(1) }));

/** api-cases against the table. */
export const recordCaseDependencies: RecordCaseDeps = {
  ...caseStore,
  guards: caseGuards,
  findDocumentByPath,
  bucket: DOCUMENTS_BUCKET,
  now: () => Date.now(),
};
