import { randomUUID } from 'node:crypto';
import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { readObject } from '../adapters/documents';
import { getCaseEndpoint } from '../adapters/dynamo/case-endpoints';
import { listDocuments } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
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
import type { SubmitRequestDeps } from '../domain/cases/submit-request';
import { METRIC, recordMetric } from '../shared/metrics';
import { caseGuards } from './case-guards';

/** The dispute's sender against the table, the documents bucket and the mail provider. */
export const submitDependencies: SubmitRequestDeps = {
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
  guards: caseGuards,
  caseSubmitted: () => recordMetric(METRIC.caseSubmitted),
};
