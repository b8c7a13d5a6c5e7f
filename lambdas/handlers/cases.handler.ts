import {
  caseDetail,
  markCaseOpened,
  recordOutcome,
  saveCaseDraft,
  settleSendCheck,
} from '../domain/cases/case-actions';
import * as z from 'zod';
import {
  caseDraftRequest,
  caseListQuery,
  caseOutcomeRequest,
  casePath,
  sendCheckRequest,
} from '../domain/cases/contract';
import { NotFoundError } from '../shared/errors';
import { httpHandler, parseJsonBody } from '../shared/http';
import { caseActionDependencies as deps } from '../wiring/case-actions';
import { listCasesOf } from '../wiring/case-list';

/** A shipment id longer than any real one names no case (issue 11). */
const schemas = {
  path: casePath,
  query: caseListQuery,
  invalid: { path: 'caseNotFound' as const, query: 'badListQuery' as const },
};

/**
 * The caller's cases (spec 7.2): the list with a live-update version, one case with its
 * documents, "opened in the seller portal" with Amazon's case id (spec 4.1), and the sheet's
 * draft notes. Viewing needs no plan (spec 1: an
 * expired plan still shows existing cases).
 */
export const handler = httpHandler(schemas, async ({ event, userId, language, path, query }) => {
  const user = userId;
  const shipmentId = path.shipmentId ?? '';
  switch (event.routeKey) {
    case 'GET /api/cases':
      // A page of the cases, or the ones changed since the poll's version (domain/cases/list.ts).
      return listCasesOf(user, query);
    case 'GET /api/cases/{shipmentId}':
      return caseDetail(deps, user, shipmentId);
    case 'POST /api/cases/{shipmentId}/opened':
      // Amazon's case id is checked by the use case, which refuses in the caller's language.
      return markCaseOpened(deps, user, shipmentId, parseJsonBody(z.unknown(), event), language);
    case 'PUT /api/cases/{shipmentId}/draft':
      return saveCaseDraft(deps, user, shipmentId, parseJsonBody(caseDraftRequest, event));
    case 'POST /api/cases/{shipmentId}/outcome': {
      const body = parseJsonBody(caseOutcomeRequest, event);
      return recordOutcome(deps, user, shipmentId, body, language);
    }
    case 'POST /api/cases/{shipmentId}/send-check': {
      const body = parseJsonBody(sendCheckRequest, event);
      return settleSendCheck(deps, user, shipmentId, body, language);
    }
    default:
      throw new NotFoundError('No such route');
  }
});
