import { generateCaseDraftRequest } from '../domain/cases/contract';
import { draftCase } from '../domain/cases/draft';
import { httpHandler } from '../shared/http';
import { draftDependencies } from '../wiring/draft';

/** generate-case-draft (spec 7.5): the dispute text of a shipment (domain/cases/draft.ts). */
export const handler = httpHandler(
  { body: generateCaseDraftRequest },
  async ({ body, userId, language }) => draftCase(draftDependencies, userId, body, language),
);
