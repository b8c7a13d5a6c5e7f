import { randomUUID } from 'node:crypto';
import { readObject } from '../adapters/documents';
import { getCaseEndpoint } from '../adapters/dynamo/case-endpoints';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { listDocuments } from '../adapters/dynamo/case-documents';
import { claimSend, getCase, markSent, releaseSend } from '../adapters/dynamo/cases';
import { sendMailWithReceipt } from '../adapters/mail';
import { submitReimbursementRequest } from '../domain/cases/contract';
import { submitReimbursement, SubmitError, type SubmitDeps } from '../domain/cases/submit';
import { ConflictError, NotFoundError, UnprocessableError, UpstreamError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { METRIC, recordMetric } from '../shared/metrics';
import { message } from '../shared/messages';
import { refuseWithoutRequiredDocuments } from '../shared/required-documents';

const deps: SubmitDeps = {
  now: () => Date.now(),
  newId: () => randomUUID(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  getCase,
  claimSend,
  releaseSend,
  markSent,
  listDocuments: (userId, shipmentId) => listDocuments(userId, shipmentId),
  getShipment: getShipmentForCase,
  replyAddress: async (userId, marketplace) =>
    (await getCaseEndpoint(userId, marketplace))?.reply_email,
  loadAttachment: async (path) => {
    const bytes = await readObject(path);
    if (!bytes) throw new Error(`Document ${path} is missing from storage`);
    return bytes;
  },
  sendMail: sendMailWithReceipt,
};

/**
 * submit-reimbursement (spec 7.5): emails the dispute with the documents to the reply address
 * of the shipment's marketplace, once per case (first call `created`, repeats `reused`).
 */
export const handler = httpHandler(
  { body: submitReimbursementRequest },
  async ({ body, userId, language }) => {
    const [current, documents] = await Promise.all([
      getCase(userId!, body.shipmentId),
      listDocuments(userId!, body.shipmentId),
    ]);
    // A case already sent answers `reused` below; one not yet sent needs its role's documents.
    if (current?.role && !current.sent_message_id) {
      refuseWithoutRequiredDocuments(current.role, documents, language);
    }
    try {
      const result = await submitReimbursement(deps, {
        userId: userId!,
        shipmentId: body.shipmentId,
        caseId: body.case_id,
        language: body.language ?? language,
      });
      const first = result.action === 'created';
      if (first) recordMetric(METRIC.caseSubmitted);
      return {
        ok: true,
        message: `${message(first ? 'caseCreated' : 'caseAlreadyInProgress', language)} · ${message('requestSent', language)}`,
        case: { id: result.case.id, status: result.case.status },
        action: result.action,
        sent_provider: result.case.sent_provider,
        sent_message_id: result.case.sent_message_id,
      };
    } catch (error) {
      if (!(error instanceof SubmitError)) throw error;
      switch (error.reason) {
        case 'document_required':
          throw new UnprocessableError(message('mainDocumentMissing', language), {
            reason: error.reason,
          });
        case 'case_mismatch':
          throw new UnprocessableError(message('documentNotYours', language), {
            reason: error.reason,
          });
        case 'no_reply_address':
          throw new UnprocessableError(message('replyAddressMissing', language), {
            reason: error.reason,
            settings: '/feedback/settings',
          });
        case 'shipment_not_found':
          throw new NotFoundError(message('shipmentNotFound', language));
        case 'busy':
          throw new ConflictError(message('requestBusy', language));
        case 'send_failed':
          throw new UpstreamError(message('requestMailFailed', language));
      }
    }
  },
);
