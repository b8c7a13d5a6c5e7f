import { submitReimbursementRequest } from '../domain/cases/contract';
import { submitRequest } from '../domain/cases/submit-request';
import { httpHandler } from '../shared/http';
import { submitDependencies } from '../wiring/submit';

/** submit-reimbursement (spec 7.5): the dispute mailed once per case (domain/cases/submit.ts). */
export const handler = httpHandler(
  { body: submitReimbursementRequest },
  async ({ body, userId, language }) => submitRequest(submitDependencies, userId, body, language),
);
