import { message } from '../messages';
import type { Language } from '../language';
import type { ApiCasesRequest, ApiCasesResponse } from './contract';
import { stripBucket } from './documents';
import type { CaseGuards } from './guards';
import type { CaseStore } from './ports';
import type { DocumentRecord } from './records';
import { CaseRefused } from './refusals';
import { isLocked } from './status';

export interface RecordCaseDeps extends CaseStore {
  guards: Pick<CaseGuards, 'requireDebugTools'>;
  findDocumentByPath(userId: string, path: string): Promise<DocumentRecord | undefined>;
  /** The documents bucket's name, stripped from the paths clients send. */
  bucket: string;
  now(): number;
}

/**
 * api-cases (spec 7.5): records the case of a shipment with its role and main document.
 * The document must be one of the caller's documents of that shipment (422 otherwise, and
 * nothing is written). A case already sent answers `already_in_progress` and is not changed.
 * Only the admins' diagnostic page (spec 2.12) calls it; the web app records cases through the
 * documents routes. Refused to everyone else, and wherever the deployment turns diagnostics off.
 */
export async function recordCase(
  deps: RecordCaseDeps,
  userId: string,
  body: ApiCasesRequest,
  language: Language,
): Promise<ApiCasesResponse> {
  await deps.guards.requireDebugTools(userId, language);
  const shipment = await deps.getShipment(userId, body.shipmentId);
  if (!shipment) throw new CaseRefused('shipment_not_found');
  let documentUrl: string | undefined;
  if (body.documentPath) {
    const path = stripBucket(body.documentPath, deps.bucket);
    const doc = await deps.findDocumentByPath(userId, path);
    if (!doc || doc.shipment_id !== body.shipmentId) throw new CaseRefused('not_owner');
    documentUrl = path;
  }
  const existing = await deps.getCase(userId, body.shipmentId);
  if (existing && isLocked(existing.status)) {
    return {
      ok: true,
      message: message('caseAlreadyInProgress', language),
      action: 'already_in_progress',
      case: { id: existing.id, status: existing.status },
      case_id: existing.id,
    };
  }
  const record = await deps.upsertReadyCase(userId, body.shipmentId, {
    role: body.role,
    demo: shipment.demo,
    language,
    now: new Date(deps.now()).toISOString(),
    documentUrl,
  });
  await deps.dataChanged(userId);
  const created = !existing;
  return {
    ok: true,
    message: message(created ? 'caseCreated' : 'caseUpdated', language),
    action: created ? 'created' : 'updated',
    case: { id: record.id, status: record.status },
    case_id: record.id,
  };
}
