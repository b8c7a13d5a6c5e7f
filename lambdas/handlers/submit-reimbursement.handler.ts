import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { randomUUID } from 'node:crypto';
import { readObject } from '../adapters/documents';
import { getCaseEndpoint } from '../adapters/dynamo/case-endpoints';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { listDocuments } from '../adapters/dynamo/case-documents';
import {
  claimSend,
  getCase,
  markSending,
  markSent,
  markUnverified,
  releaseSend,
} from '../adapters/dynamo/cases';
import { getProfile } from '../adapters/dynamo/profiles';
import { takeDailySend } from '../adapters/dynamo/quotas';
import { sendMailWithReceipt } from '../adapters/mail';
import { MAX_CASE_ATTACHMENT_BYTES, submitReimbursementRequest } from '../domain/cases/contract';
import { submitReimbursement, SubmitError, type SubmitDeps } from '../domain/cases/submit';
import type { Language } from '../domain/language';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  UpstreamError,
} from '../shared/errors';
import { requirePlanFor } from '../shared/plan-guard';
import { dailyQuotaSpent } from '../shared/quota-guard';
import { requireDebugTools } from '../shared/require-admin';
import { httpHandler } from '../shared/http';
import { METRIC, recordMetric } from '../shared/metrics';
import { formatMessage, message } from '../shared/messages';
import { refuseWithoutRequiredDocuments } from '../shared/required-documents';

const deps: SubmitDeps = {
  now: () => Date.now(),
  newId: () => randomUUID(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  getCase,
  claimSend,
  markSending,
  releaseSend,
  markSent: async (...args: Parameters<typeof markSent>) => {
    const record = await markSent(...args);
    await afterDashboardDataChanged(args[0]);
    return record;
  },
  markUnverified: async (...args: Parameters<typeof markUnverified>) => {
    const changed = await markUnverified(...args);
    if (changed) await afterDashboardDataChanged(args[0]);
    return changed;
  },
  takeDailySend,
  listDocuments: (userId, shipmentId) => listDocuments(userId, shipmentId),
  getShipment: getShipmentForCase,
  replyAddress: async (userId, marketplace) =>
    (await getCaseEndpoint(userId, marketplace))?.reply_email,
  accountEmail: async (userId) => (await getProfile(userId))?.email ?? undefined,
  loadAttachment: async (path) => {
    const bytes = await readObject(path);
    if (!bytes) throw new Error(`Document ${path} is missing from storage`);
    return bytes;
  },
  sendMail: sendMailWithReceipt,
};

/** Each refusal of the domain as the error the caller reads, in their language. */
function refusal(error: SubmitError, language: Language): Error {
  const details = { reason: error.reason };
  switch (error.reason) {
    case 'document_required':
      return new UnprocessableError(message('mainDocumentMissing', language), details);
    case 'case_mismatch':
      return new UnprocessableError(message('documentNotYours', language), details);
    case 'no_reply_address':
      return new UnprocessableError(message('replyAddressMissing', language), {
        ...details,
        settings: '/feedback/settings',
      });
    case 'shipment_not_found':
      return new NotFoundError(message('shipmentNotFound', language));
    case 'busy':
      return new ConflictError(message('requestBusy', language), details);
    case 'send_failed':
      return new UpstreamError(message('requestMailFailed', language), details);
    case 'attachments_too_large':
      return new PayloadTooLargeError(
        formatMessage('attachmentsTooLarge', language, {
          limit: MAX_CASE_ATTACHMENT_BYTES / 1024 / 1024,
        }),
        details,
      );
    case 'daily_quota':
      return dailyQuotaSpent('submit', language, deps.now());
    case 'send_unverified':
      return new ConflictError(message('sendUnverified', language), details);
    case 'record_failed':
      return new UpstreamError(message('sendRecordFailed', language), details);
    case 'no_account_email':
      return new UnprocessableError(message('noAccountEmail', language), details);
  }
}

/**
 * submit-reimbursement (spec 7.5): emails the dispute with the documents to the reply address
 * of the shipment's marketplace, once per case (first call `created`, repeats `reused`). A real
 * case needs an active plan; a demo case is simulated and mails nobody. The diagnostic variant
 * (`case_id`, spec 7.5) is the admins' test: it mails the caller's own address instead.
 */
export const handler = httpHandler(
  { body: submitReimbursementRequest },
  async ({ body, userId, language }) => {
    const user = userId;
    const debug = body.case_id !== undefined;
    if (debug) await requireDebugTools(user, language);
    else {
      const shipment = await getShipmentForCase(user, body.shipmentId);
      if (!shipment) throw new NotFoundError(message('shipmentNotFound', language));
      await requirePlanFor(user, shipment, language);
    }
    const [current, documents] = await Promise.all([
      getCase(user, body.shipmentId),
      listDocuments(user, body.shipmentId),
    ]);
    // A case already sent answers `reused` below; one not yet sent needs its role's documents.
    if (current?.role && !current.sent_message_id) {
      refuseWithoutRequiredDocuments(current.role, documents, language);
    }
    try {
      const result = await submitReimbursement(deps, {
        userId: user,
        shipmentId: body.shipmentId,
        caseId: body.case_id,
        language: body.language ?? language,
        destination: debug ? 'self' : 'amazon',
      });
      const first = result.action === 'created';
      if (first && !result.simulated && !debug) recordMetric(METRIC.caseSubmitted);
      const outcome = result.simulated
        ? 'requestSimulated'
        : debug
          ? 'requestSentToSelf'
          : 'requestSent';
      return {
        ok: true,
        message: `${message(first ? 'caseCreated' : 'caseAlreadyInProgress', language)} · ${message(outcome, language)}`,
        case: { id: result.case.id, status: result.case.status },
        action: result.action,
        sent_provider: result.case.sent_provider,
        sent_message_id: result.case.sent_message_id,
        simulated: result.simulated,
      };
    } catch (error) {
      if (error instanceof SubmitError) throw refusal(error, language);
      throw error;
    }
  },
);
