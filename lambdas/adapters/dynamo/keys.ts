import { createHash } from 'node:crypto';
import type { QuotaKind } from '../../domain/quotas';
import type { StoredClaim } from '../../domain/claims/model';
import { INBOUND_KIND } from '../../domain/claims/stored';
import {
  MAIL_KINDS,
  type MailKind,
  type SupportRequestKind,
} from '../../domain/account/rate-limit';
import { TABLE_DESIGN } from '../../shared/table-design';

/**
 * Every key of the single table is built here and nowhere else (ARCHITECTURE.md, single-table
 * sketch). A user's own items live in the user's partition, so deleting an account is one
 * query; the few items keyed otherwise are listed in `ITEMS_OUTSIDE_USER_PARTITION`.
 */

export interface Key {
  PK: string;
  SK: string;
}

export const TTL_ATTRIBUTE = TABLE_DESIGN.ttlAttribute;

const userPartition = (userId: string) => `USER#${userId}`;

/** Hashing keeps addresses of people who never signed up out of the table. */
export function emailHash(normalizedEmail: string): string {
  return createHash('sha256').update(normalizedEmail, 'utf8').digest('base64url');
}

export const keys = {
  userPartition,
  profile: (userId: string): Key => ({ PK: userPartition(userId), SK: 'PROFILE' }),
  /** One password change the seller was told about, by the pool's time of the change. */
  passwordNotice: (userId: string, changedAt: string): Key => ({
    PK: userPartition(userId),
    SK: `PASSWORD_NOTICE#${changedAt}`,
  }),
  /** GSI1: every profile, newest first, for the admin user list (spec 7.2). */
  profileListing: (createdAt: string, userId: string) => ({
    GSI1PK: 'PROFILES',
    GSI1SK: `${createdAt}#${userId}`,
  }),
  /** One outstanding magic link per user: a new request replaces the previous link. */
  magicLink: (userId: string): Key => ({ PK: userPartition(userId), SK: 'MAGIC_LINK' }),
  captchaNonce: (nonce: string): Key => ({ PK: `CAPTCHA#${nonce}`, SK: 'NONCE' }),
  /** Product-email opt-out, keyed by hash so the address itself is not kept. */
  emailOptOut: (normalizedEmail: string): Key => ({
    PK: `OPTOUT#${emailHash(normalizedEmail)}`,
    SK: 'PRODUCT_EMAIL',
  }),
  supportMessage: (id: string): Key => ({ PK: `SUPPORT#${id}`, SK: 'MESSAGE' }),
  /** GSI1: every support request, newest first, for the admin inbox. */
  supportListing: (createdAt: string, id: string) => ({
    GSI1PK: 'SUPPORT',
    GSI1SK: `${createdAt}#${id}`,
  }),
  /**
   * The number of profiles, kept by the writes that create and delete one (admin total), so
   * the admin list never counts the listing to show it.
   */
  userCount: { PK: 'STATS', SK: 'USER_COUNT' } as Key,
  /** A user's cases (`CASE#<shipmentId>`), for the admin's counts by status. */
  userCasesPrefix: 'CASE#',
  /** Support (or data-deletion) requests accepted in one UTC hour, all senders together. */
  supportHour: (hour: string, kind: SupportRequestKind = 'support'): Key => ({
    PK: `QUOTA#${kind}-request`,
    SK: `HOUR#${hour}`,
  }),
  /**
   * Left by account deletion for a day, keyed by a hash of the user id and holding nothing
   * else: writers still running for that user check it (account-guard.ts) and write nothing.
   */
  deletedAccount: (userId: string): Key => ({
    PK: `DELETED#${createHash('sha256').update(userId, 'utf8').digest('base64url')}`,
    SK: 'TOMBSTONE',
  }),
  lastSend: (kind: MailKind, normalizedEmail: string): Key => ({
    PK: `SEND#${kind}#${emailHash(normalizedEmail)}`,
    SK: 'LAST_SEND',
  }),
  /** The codes the user pool delivered to an address today (its daily cap, by any caller). */
  userPoolEmails: (kind: UserPoolEmailKind, normalizedEmail: string): Key => ({
    PK: `SEND#${kind}#${emailHash(normalizedEmail)}`,
    SK: 'USER_POOL_DAY',
  }),
};

/** The user pool's own emails that a public call can cause again and again. */
const USER_POOL_EMAIL_KINDS = ['confirmation', 'password-reset'] as const;
type UserPoolEmailKind = (typeof USER_POOL_EMAIL_KINDS)[number];

/**
 * Items that belong to a user but sit outside the user's partition, each with how to find it
 * from the user's email; account deletion removes them too.
 */
export const ITEMS_OUTSIDE_USER_PARTITION = {
  lastSends: (normalizedEmail: string): Key[] => [
    ...MAIL_KINDS.map((kind) => keys.lastSend(kind, normalizedEmail)),
    ...USER_POOL_EMAIL_KINDS.map((kind) => keys.userPoolEmails(kind, normalizedEmail)),
  ],
  emailOptOut: (normalizedEmail: string): Key[] => [keys.emailOptOut(normalizedEmail)],
  /** Found through their references in the partition (`authorizationStateRef`). */
  authorizationStates: (states: readonly string[]): Key[] =>
    states.map((state) => marketplaceKeys.authorizationState(state)),
};

/**
 * A key part that may hold `#` (SKUs may hold spaces, `/`, `#` and accents): `%` and `#` are
 * percent-encoded so `SHIP#<id>#ITEM#<sku>` stays unambiguous and prefix queries stay exact.
 */
function keyPart(value: string): string {
  return value.replace(/%/g, '%25').replace(/#/g, '%23');
}

/** Marketplace connection, plan, synced shipments and sync bookkeeping (issues 4 and 5). */
export const marketplaceKeys = {
  /** One connection per user (spec 3, conflict key user_id). */
  connection: (userId: string): Key => ({ PK: userPartition(userId), SK: 'CONNECTION' }),
  /**
   * GSI2, sparse: only a connection in status connected carries these attributes, so the
   * 7-day dispatcher reads exactly the sellers due for sync, without a scan.
   */
  connectedForSync: (userId: string) => ({ GSI2PK: 'SYNC_DUE#connected', GSI2SK: userId }),
  connectedForSyncPartition: 'SYNC_DUE#connected',
  /** Subscriptions sort by creation time, so "newest first" is a reverse query. */
  subscription: (userId: string, createdAt: string, id: string): Key => ({
    PK: userPartition(userId),
    SK: `SUB#${createdAt}#${id}`,
  }),
  subscriptionPrefix: 'SUB#',
  /** A pending consent round trip; outside the user's partition, removed by TTL in minutes. */
  authorizationState: (state: string): Key => ({ PK: `SPAPI_STATE#${state}`, SK: 'STATE' }),
  /** Where a user's pending consent states are listed, so account deletion finds them. */
  authorizationStateRef: (userId: string, state: string): Key => ({
    PK: userPartition(userId),
    SK: `SPAPI_STATE#${state}`,
  }),
  authorizationStateRefPrefix: 'SPAPI_STATE#',
  /**
   * A payment order used for a plan: keyed by the provider's order id so one order buys one
   * plan. Kept after account deletion, without the user id, as the record that the order was
   * spent.
   */
  paymentOrder: (orderId: string): Key => ({ PK: `PAYMENT_ORDER#${orderId}`, SK: 'ORDER' }),
  /** An order our server created for the seller (issue 15): only these can buy a plan. */
  planOrder: (userId: string, orderId: string): Key => ({
    PK: userPartition(userId),
    SK: `PAYORDER#${orderId}`,
  }),
  planOrderPrefix: 'PAYORDER#',
  /** A payment's receipt (issue 29), by its number: never deleted or renumbered. */
  receipt: (userId: string, number: string): Key => ({
    PK: userPartition(userId),
    SK: `RECEIPT#${number}`,
  }),
  receiptPrefix: 'RECEIPT#',
  /** The billing details of the seller's last checkout, to prefill the next one. */
  billingDetails: (userId: string): Key => ({ PK: userPartition(userId), SK: 'BILLING' }),
  /** The last receipt number issued in a year: the gap-free counter receipts take theirs from. */
  receiptCounter: (year: number): Key => ({ PK: `RECEIPT_COUNTER#${year}`, SK: 'COUNTER' }),
  /** The id of the seller's last paid subscription: a claim's optimistic lock on renewals. */
  planVersion: (userId: string): Key => ({ PK: userPartition(userId), SK: 'PLAN_VERSION' }),
  /**
   * The capture that paid for a subscription, so a refund, reversal or dispute (which names
   * the capture) finds the plan it ends. Kept after account deletion like `paymentOrder`,
   * without the user id.
   */
  paymentCapture: (captureId: string): Key => ({
    PK: `PAYMENT_CAPTURE#${captureId}`,
    SK: 'CAPTURE',
  }),
  /**
   * Events of a capture that came before any plan was bought with it (a webhook faster than the
   * verification): one row each, and a version row the claim checks so none slips in between.
   */
  heldCaptureEvent: (captureId: string, at: string, eventId: string): Key => ({
    PK: `PAYMENT_CAPTURE#${captureId}`,
    SK: `HELD#${at}#${eventId}`,
  }),
  heldCaptureEventPrefix: 'HELD#',
  heldCaptureVersion: (captureId: string): Key => ({
    PK: `PAYMENT_CAPTURE#${captureId}`,
    SK: 'HELD_VERSION',
  }),
  /** A payment provider's webhook event already applied (idempotency per event id). */
  paymentEvent: (eventId: string): Key => ({ PK: `PAYMENT_EVENT#${eventId}`, SK: 'EVENT' }),
  shipment: (userId: string, shipmentId: string): Key => ({
    PK: userPartition(userId),
    SK: `SHIP#${keyPart(shipmentId)}`,
  }),
  shipmentItem: (userId: string, shipmentId: string, sku: string): Key => ({
    PK: userPartition(userId),
    SK: `SHIP#${keyPart(shipmentId)}#ITEM#${keyPart(sku)}`,
  }),
  /** Shipments and their items, each shipment followed by its items. */
  shipmentPrefix: 'SHIP#',
  /** A shipment's items, after its header. */
  shipmentItemPrefix: (shipmentId: string) => `SHIP#${keyPart(shipmentId)}#ITEM#`,
  /**
   * GSI1, sparse: only shipments with missing units carry it, by closing (or last update) date,
   * so the shipments list reads one page, newest first, whatever the seller's history.
   */
  shipmentListing: (userId: string, sortDate: string, shipmentId: string) => ({
    GSI1PK: `SHIPMENTS#${userId}`,
    GSI1SK: `${sortDate}#${keyPart(shipmentId)}`,
  }),
  shipmentListingPartition: (userId: string) => `SHIPMENTS#${userId}`,
  /** Run ids sort by start time, so the latest run is the last key. */
  syncRun: (userId: string, runId: string): Key => ({
    PK: userPartition(userId),
    SK: `SYNCRUN#${runId}`,
  }),
  syncRunPrefix: 'SYNCRUN#',
  /** One per user: held by the running sync (conditional write with a lease). */
  syncLock: (userId: string): Key => ({ PK: userPartition(userId), SK: 'SYNC_LOCK' }),
  /** What the last successful sync leaves for the next (incremental window). */
  syncState: (userId: string): Key => ({ PK: userPartition(userId), SK: 'SYNC_STATE' }),
  /** The unit value a seller entered for a SKU (dashboard's estimated value), one per SKU. */
  skuValue: (userId: string, sku: string): Key => ({
    PK: userPartition(userId),
    SK: `SKUVALUE#${keyPart(sku)}`,
  }),
  skuValuePrefix: 'SKUVALUE#',
  /**
   * The seller's dashboard summary (figures, per-month buckets, newest case entries), computed
   * again when the seller's data changes, so the dashboard reads one item whatever the history.
   */
  dashboardSummary: (userId: string): Key => ({
    PK: userPartition(userId),
    SK: 'DASHBOARD_SUMMARY',
  }),
};

/** Buyer feedback, reply addresses and the feedback report import (issue 7). */
export const feedbackKeys = {
  /** One row per user and order (spec 3): a re-import overwrites, never duplicates. */
  feedback: (userId: string, orderId: string): Key => ({
    PK: userPartition(userId),
    SK: `FEEDBACK#${keyPart(orderId)}`,
  }),
  feedbackPrefix: 'FEEDBACK#',
  /** GSI1: the user's feedback by comment date, newest first (spec 7.2). */
  feedbackByDate: (userId: string, commentDate: string, orderId: string) => ({
    GSI1PK: `FEEDBACK#${userId}`,
    GSI1SK: `${commentDate}#${keyPart(orderId)}`,
  }),
  feedbackByDatePartition: (userId: string) => `FEEDBACK#${userId}`,
  /** One reply address per user and marketplace (spec 3, case_endpoints). */
  caseEndpoint: (userId: string, marketplace: string): Key => ({
    PK: userPartition(userId),
    SK: `ENDPOINT#${keyPart(marketplace)}`,
  }),
  caseEndpointPrefix: 'ENDPOINT#',
  /** The seller-feedback report being prepared by Amazon, kept until it is imported. */
  feedbackReport: (userId: string): Key => ({ PK: userPartition(userId), SK: 'FEEDBACK_REPORT' }),
  /** An uploaded export being imported in the background, with its progress (issue 18). */
  feedbackImport: (userId: string, importId: string): Key => ({
    PK: userPartition(userId),
    SK: `FEEDBACK_IMPORT#${keyPart(importId)}`,
  }),
};

/** Cases, their documents and the audit trail (issue 6). */
export const caseKeys = {
  /**
   * A staged upload already turned into a document: the presigned PUT stays valid for its
   * whole lifetime, so the key is spent at the first confirm and a second one is refused.
   */
  spentUpload: (userId: string, uploadPath: string): Key => ({
    PK: userPartition(userId),
    SK: `UPLOAD_SPENT#${uploadPath}`,
  }),
  /** One case per user and shipment (spec 3): created with a conditional write. */
  case: (userId: string, shipmentId: string): Key => ({
    PK: userPartition(userId),
    SK: `CASE#${keyPart(shipmentId)}`,
  }),
  casePrefix: 'CASE#',
  /** The case sheet's draft notes of a shipment (issue 29): one per user and shipment. */
  draft: (userId: string, shipmentId: string): Key => ({
    PK: userPartition(userId),
    SK: `CASEDRAFT#${keyPart(shipmentId)}`,
  }),
  /** The partition holding a seller's cases (with `casePrefix`), for reads of all of them. */
  casePartition: (userId: string) => userPartition(userId),
  /**
   * GSI1: every case of a seller by its last change, newest first (issue 18). Each write that
   * moves `updated_at` moves this key with it, so the list pages by activity and the live poll
   * reads only the cases changed after the key it last saw.
   */
  caseListing: (userId: string, updatedAt: string, shipmentId: string) => ({
    GSI1PK: `CASES#${userId}`,
    GSI1SK: `${updatedAt}#${keyPart(shipmentId)}`,
  }),
  caseListingPartition: (userId: string) => `CASES#${userId}`,
  /**
   * When cases of the seller were last deleted (a demo reset): a deletion leaves nothing in the
   * listing, so the live poll compares its version with this instant and reads the list again.
   */
  casesRemoved: (userId: string): Key => ({ PK: userPartition(userId), SK: 'CASES_REMOVED' }),
  /** Documents of a shipment sort by upload time, so "newest first" is a reverse query. */
  document: (userId: string, shipmentId: string, createdAt: string, id: string): Key => ({
    PK: userPartition(userId),
    SK: `DOC#${keyPart(shipmentId)}#${createdAt}#${id}`,
  }),
  documentPrefix: (shipmentId?: string) =>
    shipmentId === undefined ? 'DOC#' : `DOC#${keyPart(shipmentId)}#`,
  /**
   * An invoice document attached to another case from the supplier library: one per source
   * document and shipment, written with the copy, so an attach happens exactly once.
   */
  documentLink: (userId: string, sourceDocumentId: string, shipmentId: string): Key => ({
    PK: userPartition(userId),
    SK: `DOCLINK#${sourceDocumentId}#${keyPart(shipmentId)}`,
  }),
  /**
   * The invoice file a library invoice was read from, by the SHA-256 of its bytes: the same file
   * uploaded by hand to another shipment joins that case as the library's invoice, not a new one.
   */
  invoiceFile: (userId: string, sha256: string): Key => ({
    PK: userPartition(userId),
    SK: `INVFILE#${keyPart(sha256)}`,
  }),
  /** The supplier library (issue 17): one row per supplier of the seller's invoices. */
  supplier: (userId: string, supplierId: string): Key => ({
    PK: userPartition(userId),
    SK: `SUPPLIER#${keyPart(supplierId)}`,
  }),
  supplierPrefix: 'SUPPLIER#',
  /** A supplier's invoices sort by date, so "newest first" is a reverse query. */
  supplierInvoice: (
    userId: string,
    supplierId: string,
    date: string | null,
    documentId: string,
    index: number,
  ): Key => ({
    PK: userPartition(userId),
    SK: `SUPINV#${keyPart(supplierId)}#${date ?? '0000-00-00'}#${documentId}#${String(index).padStart(2, '0')}`,
  }),
  supplierInvoicePrefix: (supplierId: string) => `SUPINV#${keyPart(supplierId)}#`,
  /** Every supplier's invoices (the unit costs read them all). */
  allSupplierInvoicesPrefix: 'SUPINV#',
  /**
   * What the seller said about an invoice line for a SKU (confirmed or rejected): one per SKU and
   * normalised description, the description by its SHA-256 (a description may be long).
   */
  lineVerdict: (userId: string, sku: string, description: string): Key => ({
    PK: userPartition(userId),
    SK: `LINEVERDICT#${keyPart(sku)}#${createHash('sha256').update(description, 'utf8').digest('base64url')}`,
  }),
  lineVerdictPrefix: 'LINEVERDICT#',
  audit: (userId: string, at: string, id: string): Key => ({
    PK: userPartition(userId),
    SK: `AUDIT#${at}#${id}`,
  }),
  auditPrefix: 'AUDIT#',
  /**
   * GSI2, sparse: only demo cases waiting for a simulated reply carry it, so the scheduled
   * poller reads exactly those, without a scan.
   */
  demoCaseAwaitingReply: (userId: string, shipmentId: string) => ({
    GSI2PK: 'DEMO_CASE#awaiting',
    GSI2SK: `${userId}#${keyPart(shipmentId)}`,
  }),
  demoCaseAwaitingReplyPartition: 'DEMO_CASE#awaiting',
  /**
   * GSI2, sparse: only real cases mailed to Amazon and not yet settled carry it, so the case
   * poller finds the sellers to check without a scan.
   */
  caseAwaitingOutcome: (userId: string, shipmentId: string) => ({
    GSI2PK: 'CASE#awaiting-outcome',
    GSI2SK: `${userId}#${keyPart(shipmentId)}`,
  }),
  caseAwaitingOutcomePartition: 'CASE#awaiting-outcome',
  /** The reimbursements report Amazon is preparing for a user (one at a time). */
  reimbursementsReport: (userId: string): Key => ({
    PK: userPartition(userId),
    SK: 'REIMBURSEMENTS_REPORT',
  }),
  /**
   * An alert waiting for the seller's daily digest (issue 16). GSI2, sparse: the digest job
   * finds the sellers with alerts without a scan.
   */
  alert: (userId: string, at: string, id: string) => ({
    PK: userPartition(userId),
    SK: `ALERT#${at}#${id}`,
    GSI2PK: 'ALERTS#pending',
    GSI2SK: `${userId}#${at}#${id}`,
  }),
  alertPrefix: 'ALERT#',
  alertsPendingPartition: 'ALERTS#pending',
  /** The digest sent to a seller on one UTC day: one a day at most. */
  digest: (userId: string, day: string): Key => ({
    PK: userPartition(userId),
    SK: `DIGEST#${day}`,
  }),
  /**
   * One daily allowance of a seller (`submit`, `upload`...) on one UTC day (`2026-11-24`): its
   * counter, in the seller's partition so account deletion takes it too.
   */
  dailyQuota: (userId: string, kind: QuotaKind, day: string): Key => ({
    PK: userPartition(userId),
    SK: `QUOTA#${kind}#${day}`,
  }),
};

/** The table item of a claim (claims/model.ts): keys, listing on GSI1, the claim as stored. */
export function claimItem(userId: string, claim: StoredClaim): Record<string, unknown> {
  // Only an audit claim open with Amazon is on the sparse index the open count reads (an
  // inbound shipment's case counts its own).
  const filed = claim.state === 'filed' && claim.kind !== INBOUND_KIND;
  return {
    ...claimKeys.claim(userId, claim.id),
    ...claimKeys.claimListing(userId, claim.window.closes, claim.id),
    ...(filed ? claimKeys.filedClaim(userId, claim.id) : {}),
    type: 'claim',
    user_id: userId,
    claim,
    kind: claim.kind,
    state: claim.state,
  };
}

/** The audit's claims (claims/model.ts), and the reports it reads. */
export const claimKeys = {
  claim: (userId: string, claimId: string): Key => ({
    PK: userPartition(userId),
    SK: `CLAIM#${keyPart(claimId)}`,
  }),
  claimPrefix: 'CLAIM#',
  /** GSI1: the seller's claims by deadline (the window's last day), soonest first. */
  claimListing: (userId: string, closes: string, claimId: string) => ({
    GSI1PK: `CLAIMS#${userId}`,
    GSI1SK: `${closes}#${keyPart(claimId)}`,
  }),
  claimListingPartition: (userId: string) => `CLAIMS#${userId}`,
  /** The listing's sort keys of the claims closing on these days (both included). */
  claimListingRange: ({ from, to }: { from: string; to: string }) => ({
    from,
    // '~' sorts after '#': every key of the last day is below it.
    to: `${to}~`,
  }),
  /**
   * GSI2, sparse: the seller's audit claims open with Amazon (state filed), so counting them
   * reads those alone, however many claims the seller's history holds.
   */
  filedClaim: (userId: string, claimId: string) => ({
    GSI2PK: `CLAIMS_FILED#${userId}`,
    GSI2SK: keyPart(claimId),
  }),
  filedClaimPartition: (userId: string) => `CLAIMS_FILED#${userId}`,
  /** The reimbursements report Amazon is preparing for the audit (the case poller has its own). */
  auditReimbursementsReport: (userId: string): Key => ({
    PK: userPartition(userId),
    SK: 'AUDIT_REPORT#reimbursements',
  }),
  auditLedgerReport: (userId: string): Key => ({
    PK: userPartition(userId),
    SK: 'AUDIT_REPORT#ledger',
  }),
  /** A customer-return or removal report Amazon is preparing for the audit (one per report). */
  auditOrderReport:
    (report: string) =>
    (userId: string): Key => ({
      PK: userPartition(userId),
      SK: `AUDIT_REPORT#${report}`,
    }),
  /**
   * A removal order Amazon shipped back (its summary) and what the seller counted on arrival:
   * one item per removal order.
   */
  removalDelivery: (userId: string, removalOrderId: string): Key => ({
    PK: userPartition(userId),
    SK: `REMOVAL_DELIVERY#${keyPart(removalOrderId)}`,
  }),
  removalDeliveryPrefix: 'REMOVAL_DELIVERY#',
  /** GSI1: the removals the seller has not counted yet, oldest shipment first. */
  removalToCount: (userId: string, shippedOn: string, removalOrderId: string) => ({
    GSI1PK: `REMOVALS_TO_COUNT#${userId}`,
    GSI1SK: `${shippedOn}#${keyPart(removalOrderId)}`,
  }),
  removalToCountPartition: (userId: string) => `REMOVALS_TO_COUNT#${userId}`,
  /** The SKUs the last audit could not check for lack of a unit cost (one item, replaced). */
  uncostedSkus: (userId: string): Key => ({ PK: userPartition(userId), SK: 'AUDIT_UNCOSTED' }),
};
