import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { listDocuments } from '../adapters/dynamo/case-documents';
import {
  casesChangedAfter,
  casesRemovedAt,
  getCase,
  latestCaseChange,
  listCasePage,
  markOpened,
  recordSellerOutcome,
  settleUnverifiedSend,
} from '../adapters/dynamo/cases';
import { putAudit } from '../adapters/dynamo/audits';
import { BadCursorError } from '../adapters/dynamo/cursor';
import { caseListQuery, caseOutcomeRequest, sendCheckRequest } from '../domain/cases/contract';
import { listCaseChanges } from '../domain/cases/list';
import { sellerOutcome } from '../domain/cases/seller-outcome';
import { randomUUID } from 'node:crypto';
import { readingSummary } from '../domain/cases/documents';
import { toCaseView } from '../domain/cases/records';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { httpHandler, parseJsonBody } from '../shared/http';
import { message } from '../shared/messages';

/**
 * The caller's cases (spec 7.2): the list with a live-update version, one case with its
 * documents, and "opened in the seller portal" (spec 4.1). Viewing needs no plan (spec 1: an
 * expired plan still shows existing cases).
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const user = userId;
  const shipmentId = event.pathParameters?.shipmentId ?? '';
  // No shipment id is longer than the contract's 64 characters; a longer one would exceed
  // DynamoDB's key size and fail the query (issue 11: a 500 on a 2000-character id).
  if (event.routeKey !== 'GET /api/cases' && shipmentId.length > 64) {
    throw new NotFoundError(message('caseNotFound', language));
  }
  switch (event.routeKey) {
    case 'GET /api/cases': {
      // A page of the cases, or the ones changed since the poll's version (domain/cases/list.ts).
      const query = caseListQuery.safeParse(event.queryStringParameters ?? {});
      if (!query.success) throw new ValidationError(message('badListQuery', language));
      try {
        return await listCaseChanges(
          {
            page: (page) => listCasePage(user, page),
            latestChange: () => latestCaseChange(user),
            removedAt: () => casesRemovedAt(user),
            changedAfter: (version, max) => casesChangedAfter(user, version, max),
          },
          query.data,
        );
      } catch (error) {
        if (error instanceof BadCursorError)
          throw new ValidationError(message('badListQuery', language));
        throw error;
      }
    }
    case 'GET /api/cases/{shipmentId}': {
      const [record, docs] = await Promise.all([
        getCase(user, shipmentId),
        listDocuments(user, shipmentId),
      ]);
      return {
        case: record ? toCaseView(record) : null,
        documents: docs.map((d) => ({
          id: d.id,
          shipment_id: d.shipment_id,
          doc_type: d.doc_type,
          path: d.path,
          filename: d.filename,
          size: d.size,
          created_at: d.created_at,
          reading: d.reading ? readingSummary(d.reading) : null,
          warnings: [],
        })),
      };
    }
    case 'POST /api/cases/{shipmentId}/opened': {
      const record = await markOpened(user, shipmentId, new Date().toISOString());
      if (!record) throw new NotFoundError(message('caseNotFound', language));
      await afterDashboardDataChanged(user);
      return {
        ok: true,
        message: message('caseMarkedInProgress', language),
        case: toCaseView(record),
      };
    }
    case 'POST /api/cases/{shipmentId}/outcome': {
      // What the seller learnt from Amazon (issue 16): its case id, and the outcome.
      const body = parseJsonBody(caseOutcomeRequest, event);
      const current = await getCase(user, shipmentId);
      if (!current) throw new NotFoundError(message('caseNotFound', language));
      const now = new Date().toISOString();
      const record = await recordSellerOutcome(user, shipmentId, sellerOutcome(body), now);
      if (!record) throw new ConflictError(message('outcomeNeedsSentCase', language));
      await afterDashboardDataChanged(user);
      if (body.outcome) {
        await putAudit({
          id: randomUUID(),
          user_id: user,
          action: 'case_outcome_recorded',
          at: now,
          meta: { shipment_id: shipmentId, outcome: body.outcome.kind },
        });
      }
      return {
        ok: true,
        message: message(body.outcome ? 'outcomeRecorded' : 'amazonCaseIdSaved', language),
        case: toCaseView(record),
      };
    }
    case 'POST /api/cases/{shipmentId}/send-check': {
      // The seller's word on a send of unknown outcome (domain/cases/submit.ts).
      const { outcome } = parseJsonBody(sendCheckRequest, event);
      const record = await settleUnverifiedSend(
        user,
        shipmentId,
        outcome,
        new Date().toISOString(),
      );
      if (!record) {
        if (!(await getCase(user, shipmentId))) {
          throw new NotFoundError(message('caseNotFound', language));
        }
        throw new ConflictError(message('sendCheckNotPending', language));
      }
      await afterDashboardDataChanged(user);
      return {
        ok: true,
        message: message(outcome === 'sent' ? 'sendCheckSent' : 'sendCheckNotSent', language),
        case: toCaseView(record),
      };
    }
    default:
      throw new NotFoundError('No such route');
  }
});
