import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import * as z from 'zod';
import { findDocumentByPath } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, upsertReadyCase } from '../adapters/dynamo/cases';
import { apiCasesRequest } from '../domain/cases/contract';
import { stripBucket } from '../domain/cases/documents';
import { isLocked } from '../domain/cases/status';
import { loadConfig } from '../shared/config';
import { NotFoundError, UnprocessableError } from '../shared/errors';
import { requireDebugTools } from '../shared/require-admin';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/** Only the bucket's name, to strip it from the paths clients send: no file is read here. */
const { DOCUMENTS_BUCKET } = loadConfig(z.object({ DOCUMENTS_BUCKET: z.string().min(1) }));

/**
 * api-cases (spec 7.5): records the case of a shipment with its role and main document.
 * The document must be one of the caller's documents of that shipment (422 otherwise, and
 * nothing is written). A case already sent answers `already_in_progress` and is not changed.
 * Only the admins' diagnostic page (spec 2.12) calls it; the web app records cases through the
 * documents routes. Refused to everyone else, and wherever the deployment turns diagnostics off.
 */
export const handler = httpHandler(
  { body: apiCasesRequest },
  async ({ body, userId, language }) => {
    const user = userId;
    await requireDebugTools(user, language);
    const shipment = await getShipmentForCase(user, body.shipmentId);
    if (!shipment) throw new NotFoundError(message('shipmentNotFound', language));
    let documentUrl: string | undefined;
    if (body.documentPath) {
      const path = stripBucket(body.documentPath, DOCUMENTS_BUCKET);
      const doc = await findDocumentByPath(user, path);
      if (!doc || doc.shipment_id !== body.shipmentId) {
        throw new UnprocessableError(message('documentNotYours', language), {
          reason: 'not_owner',
        });
      }
      documentUrl = path;
    }
    const existing = await getCase(user, body.shipmentId);
    if (existing && isLocked(existing.status)) {
      return {
        ok: true,
        message: message('caseAlreadyInProgress', language),
        action: 'already_in_progress',
        case: { id: existing.id, status: existing.status },
        case_id: existing.id,
      };
    }
    const record = await upsertReadyCase(user, body.shipmentId, {
      role: body.role,
      demo: shipment.demo,
      language,
      now: new Date().toISOString(),
      documentUrl,
    });
    await afterDashboardDataChanged(user);
    const created = !existing;
    return {
      ok: true,
      message: message(created ? 'caseCreated' : 'caseUpdated', language),
      action: created ? 'created' : 'updated',
      case: { id: record.id, status: record.status },
      case_id: record.id,
    };
  },
);
