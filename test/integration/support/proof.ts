import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { claimItem, claimKeys } from '../../../lambdas/adapters/dynamo/keys';
import type { StoredClaim } from '../../../lambdas/domain/claims/model';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { uploadFeedbackExport } from '../../support/feedback-upload';
import {
  api,
  makeAdmin,
  registerConfirmedUser,
  removeAdmin,
  signInWithPassword,
  stack,
  table,
} from './accounts';

/**
 * What the proof suites (isolation, bad input, concurrency, faults; issue 11) share: a signed-in
 * seller and the steps that give them data in every entity, all through the local API gateway
 * and the simulators, as the web app does it.
 */

export interface Seller {
  email: string;
  userId: string;
  password: string;
  token: string;
}

export async function seller(): Promise<Seller> {
  const user = await registerConfirmedUser();
  const { AccessToken } = await signInWithPassword(user.email, user.password);
  return { ...user, token: AccessToken! };
}

/** Links the stack simulator's seller for Italy: authorize, the consent page's Authorize, callback. */
/**
 * Starts an authorization for Italy and consents at the simulator's Seller Central: the query
 * Amazon sends back to the app (state, spapi_oauth_code, selling_partner_id).
 */
export async function consentToAuthorization(token: string): Promise<URLSearchParams> {
  const start = await api('POST', '/api/spapi-authorize', {
    token,
    body: { marketplace_id: 'IT' },
  });
  if (start.status !== 200) throw new Error(`spapi-authorize answered ${start.status}`);
  const url = new URL((start.body as { authUrl: string }).authUrl);
  const res = await fetch(`${stack.spapi.endpoint}/apps/authorize/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      application_id: url.searchParams.get('application_id') ?? '',
      state: url.searchParams.get('state') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      decision: 'authorize',
    }),
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '').searchParams;
}

export async function connect(token: string): Promise<void> {
  const redirect = await consentToAuthorization(token);
  const done = await api('POST', '/api/spapi-callback', {
    token,
    body: {
      state: redirect.get('state'),
      spapi_oauth_code: redirect.get('spapi_oauth_code'),
      selling_partner_id: redirect.get('selling_partner_id'),
    },
  });
  if (done.status !== 200) throw new Error(`spapi-callback answered ${done.status}`);
}

/**
 * The plan's order as the checkout button makes it: created by our server for the caller, then
 * captured at the payment simulator as the buyer's approval does (`captureStatus` plays a
 * pending e-cheque or a declined card). Answers the order id.
 */
export async function paidServerOrder(
  token: string,
  options: { country?: string; captureStatus?: 'PENDING' | 'DECLINED'; capture?: boolean } = {},
): Promise<string> {
  const created = await api('POST', '/api/payment-order', {
    token,
    body: { country: options.country ?? 'IT' },
  });
  if (created.status !== 201) throw new Error(`payment-order answered ${created.status}`);
  const id = created.body.id as string;
  if (options.capture === false) return id;
  const captured = await fetch(`${stack.payment.endpoint}/v2/checkout/orders/${id}/capture`, {
    method: 'POST',
    headers: options.captureStatus ? { 'x-simulator-capture-status': options.captureStatus } : {},
  });
  if (captured.status !== 201) throw new Error(`capture answered ${captured.status}`);
  return id;
}

/** A server-made 9.90 EUR order, captured and verified: the 30-day plan for Italy. */
export async function buyPlan(token: string): Promise<string> {
  const id = await paidServerOrder(token);
  const paid = await api('POST', '/api/verify-payment', {
    token,
    body: { orderID: id, country: 'IT' },
  });
  if (paid.status !== 200) throw new Error(`verify-payment answered ${paid.status}`);
  return id;
}

export interface RunView {
  id: string;
  status: string;
  progress: { phase: string; percent: number };
  counts: Record<string, number>;
}

/** Polls the dashboard's progress route until the latest run is over. */
export async function waitForSync(token: string, timeoutMs = 60_000): Promise<RunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = (await api('GET', '/api/sync-runs/latest', { token })).body as {
      run: RunView | null;
    };
    if (latest.run && latest.run.status !== 'running') return latest.run;
    if (Date.now() > deadline) throw new Error('The sync did not finish in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A shipment of the stack scenario's seller with units missing (local/scenarios/default.json). */
export const REAL_SHIPMENT = 'FBAX7NX1KD11';

export interface RealSeller extends Seller {
  /** The marketplace reply address the seller saved for amazon.it. */
  replyTo: string;
}

/**
 * A seller as a paying customer is: connected to the simulator's Seller Central, the plan
 * bought, a sync run (so `REAL_SHIPMENT` is theirs, from SP-API, not the demo) and the amazon.it
 * reply address saved.
 */
export async function realSeller(): Promise<RealSeller> {
  const s = await seller();
  await connect(s.token);
  await buyPlan(s.token);
  const started = await api('POST', '/api/sync-fba', { token: s.token });
  if (started.status !== 202) throw new Error(`sync-fba answered ${started.status}`);
  const run = await waitForSync(s.token, 120_000);
  if (run.status !== 'succeeded') throw new Error(`the sync ended ${run.status}`);
  const replyTo = `amazon-${s.userId.slice(0, 8)}@marketplace.amazon.it`;
  const saved = await api('PUT', '/api/case-endpoints', {
    token: s.token,
    body: { marketplace: 'amazon.it', reply_email: replyTo },
  });
  if (saved.status !== 200) throw new Error(`case-endpoints answered ${saved.status}`);
  return { ...s, replyTo };
}

/** The plan ran out: every subscription of the user expired a day ago. */
export async function expirePlan(userId: string): Promise<void> {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: stack.dynamodb.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sub)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sub': 'SUB#' },
      ConsistentRead: true,
    }),
  );
  for (const item of Items ?? []) {
    await table.send(
      new UpdateCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 86_400_000).toISOString() },
      }),
    );
  }
}

export async function invoicePdf(
  label = 'FATTURA N. 2025/118 del 02/09/2025',
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  [
    label,
    'Fornitore: Ceramiche Rossi S.r.l. P.IVA IT01234567890',
    'Tazza 350 ml quantita 48 PZ',
  ].map((line, i) => page.drawText(line, { x: 40, y: 780 - i * 20, size: 11, font }));
  return pdf.save();
}

/**
 * The documents API as the case page uses it: presigned PUT, then confirm. `path` is where the
 * document is stored once confirmed (the upload key while it is not).
 */
export async function uploadDocument(
  token: string,
  file: {
    name: string;
    bytes: Uint8Array;
    shipmentId?: string;
    docType?: string;
    role?: 'rivenditore' | 'produttore';
    language?: string;
  },
) {
  const shipmentId = file.shipmentId ?? 'DEMO001';
  const docType = file.docType ?? 'fattura';
  const role = file.role ?? 'rivenditore';
  const url = await api('POST', '/api/documents/upload-url', {
    token,
    body: {
      shipmentId,
      role,
      docType,
      fileName: file.name,
      size: file.bytes.length,
    },
  });
  if (url.status !== 200) throw new Error(`upload-url answered ${url.status}`);
  const put = await fetch(url.body.uploadUrl as string, {
    method: 'PUT',
    headers: url.body.headers as Record<string, string>,
    body: Buffer.from(file.bytes),
  });
  if (!put.ok) throw new Error(`the presigned PUT answered ${put.status}`);
  const confirm = await api('POST', '/api/documents/confirm', {
    token,
    language: file.language,
    body: { shipmentId, role, docType, path: url.body.path },
  });
  const uploadPath = url.body.path as string;
  const stored = (confirm.body.document as { path?: string } | undefined)?.path;
  return {
    path: stored ?? uploadPath,
    uploadPath,
    upload: {
      url: url.body.uploadUrl as string,
      headers: url.body.headers as Record<string, string>,
    },
    confirm,
  };
}

export interface FeedbackRow {
  date: string;
  rating: string;
  comment: string;
  order: string;
  email: string;
  fba: boolean;
}

/** A feedback export as Seller Central writes it (TSV, English headers). */
export function feedbackTsv(rows: FeedbackRow[]): string {
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ');
  const lines = [
    ['Date', 'Rating', 'Comments', 'Response', 'Order ID', 'Rater Email', 'Fulfilled By'].join(
      '\t',
    ),
    ...rows.map((r) =>
      [r.date, r.rating, clean(r.comment), '', r.order, r.email, r.fba ? 'Amazon' : 'Seller'].join(
        '\t',
      ),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** A feedback export imported as the feedback page does it (presigned upload, background import). */
export async function importFeedback(
  token: string,
  content: string | Uint8Array,
  name = 'feedback.tsv',
  marketplace = 'all',
) {
  const { status, body } = await uploadFeedbackExport(stack.apiUrl, token, content, {
    name,
    marketplace,
  });
  return { status, body };
}

/** Every item of a user's partition (PK = USER#<id>), read consistently, in key order. */
export async function partition(userId: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: stack.dynamodb.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${userId}` },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    out.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** Whether the documents bucket holds an object (s3rver answers unsigned requests). */
export async function objectExists(key: string): Promise<boolean> {
  const res = await fetch(`${stack.s3.endpoint}/${stack.s3.bucket}/${key}`, { method: 'HEAD' });
  return res.status === 200;
}

/**
 * Everything a seller owns after `populate`: what the isolation suite aims at and what account
 * deletion must leave nothing of.
 */
export interface World extends Seller {
  runId: string;
  orderId: string;
  /** The receipt the plan's payment was issued. */
  receiptNumber: string;
  docId: string;
  docPath: string;
  uploadPath: string;
  docFilename: string;
  sentCaseId: string;
  readyCaseId: string;
  feedbackOrder: string;
  feedbackComment: string;
  feedbackCursor: string;
  feedbackImportId: string;
  replyEmail: string;
  sku: string;
  unitValue: number;
  pendingAuthorization: URLSearchParams;
  /** A's file of the /debug/storage test, at the debug path. */
  debugPath: string;
  /** A claim to file now, its cost proven by the seller's document `docId`. */
  claimId: string;
  /** A removal Amazon shipped back that the seller has not counted yet. */
  removalOrderId: string;
}

/**
 * A claim the audit would store (claims/model.ts), to file now, its cost proven by the seller's
 * library document: written to the table as the audit's adapter does (the audit itself needs
 * Amazon's reports, claims-audit.test.ts).
 */
async function storeClaim(userId: string, label: string, docId: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const claim: StoredClaim = {
    id: `underpaid_reimbursement:ISO-${label}-${userId.slice(0, 8)}:${label}-SKU`,
    kind: 'underpaid_reimbursement',
    subject: { reference: `ISO-${label}-${userId.slice(0, 8)}`, sku: `${label}-SKU`, fnsku: null },
    units: 1,
    amountPaid: 3,
    amountExpected: 9,
    currency: 'EUR',
    costSource: 'invoice',
    costInvoice: { documentId: docId, name: 'fattura.pdf', number: null, date: null },
    window: {
      opens: day(-5).slice(0, 10),
      closes: day(55).slice(0, 10),
      source: 'sellers_reports',
    },
    state: 'claim_now',
    evidence: ['supplier_invoice'],
    note: null,
    outcome: null,
    foundAt: day(0),
    updatedAt: day(0),
  };
  await table.send(
    new PutCommand({
      TableName: stack.dynamodb.table,
      Item: claimItem(userId, claim),
    }),
  );
  return claim.id;
}

/**
 * A removal the audit would store from Amazon's removal shipment report, not counted yet:
 * written as the audit's adapter does (the audit itself: claims-audit.test.ts).
 */
async function storeRemoval(userId: string, label: string): Promise<string> {
  const removal = {
    orderId: `RMV-ISO-${label}-${userId.slice(0, 8)}`,
    requestDate: '2026-10-01',
    shippedOn: '2026-10-03',
    parcels: [{ shippedOn: '2026-10-03', carrier: 'BRT', tracking: `TRK-${label}` }],
    skus: [{ sku: `${label}-SKU`, fnsku: null, shipped: 3 }],
  };
  await table.send(
    new PutCommand({
      TableName: stack.dynamodb.table,
      Item: {
        ...claimKeys.removalDelivery(userId, removal.orderId),
        ...claimKeys.removalToCount(userId, removal.shippedOn, removal.orderId),
        type: 'removal_delivery',
        user_id: userId,
        removal_order_id: removal.orderId,
        removal,
        digest: JSON.stringify(removal),
      },
    }),
  );
  return removal.orderId;
}

/** Gives a seller data in every entity, through the API as the app does. */
export async function populate(label: string): Promise<World> {
  const s = await seller();
  await connect(s.token);
  const orderId = await buyPlan(s.token);
  const receipts = await api('GET', '/api/receipts', { token: s.token });
  const receiptNumber = (receipts.body.receipts as { number: string }[])[0]!.number;
  const started = await api('POST', '/api/sync-fba', { token: s.token });
  expect(started.status).toBe(202);
  const run = await waitForSync(s.token, 120_000);
  expect(run.status).toBe('succeeded');
  expect((await api('POST', '/api/demo/sync', { token: s.token })).status).toBe(200);

  const sku = `${label}-SKU-${s.userId.slice(0, 8)}`;
  const unitValue = label === 'A' ? 77.77 : 12.34;
  for (const body of [
    { sku, amount: unitValue, currency: 'EUR' },
    { sku: 'TAZ-CER-350', amount: unitValue, currency: 'EUR' },
  ]) {
    expect((await api('PUT', '/api/sku-values', { token: s.token, body })).status).toBe(200);
  }
  const replyEmail = `${label.toLowerCase()}-${s.userId.slice(0, 8)}@marketplace.amazon.it`;
  expect(
    (
      await api('PUT', '/api/case-endpoints', {
        token: s.token,
        body: { marketplace: 'amazon.it', reply_email: replyEmail },
      })
    ).status,
  ).toBe(200);

  const docFilename = `${label.toLowerCase()}_secret_${s.userId.slice(0, 8)}.pdf`;
  const {
    path: docPath,
    uploadPath,
    confirm,
  } = await uploadDocument(s.token, {
    name: docFilename,
    bytes: await invoicePdf(),
  });
  expect(confirm.status).toBe(200);
  const docId = (confirm.body.document as { id: string }).id;
  const claimId = await storeClaim(s.userId, label, docId);
  const removalOrderId = await storeRemoval(s.userId, label);
  const submitted = await api('POST', '/api/submit-reimbursement', {
    token: s.token,
    body: { shipmentId: 'DEMO001' },
  });
  expect(submitted.status).toBe(200);
  // A ready case: a document uploaded for DEMO002 (api-cases is the admins' diagnostic route).
  const ready = await uploadDocument(s.token, {
    name: 'distinta.pdf',
    bytes: await invoicePdf('DISTINTA'),
    shipmentId: 'DEMO002',
    docType: 'distinta_imballaggio',
  });
  expect(ready.confirm.status).toBe(200);

  const feedbackOrder = `${label === 'A' ? 171 : 402}-${s.userId.replace(/\D/g, '').padEnd(7, '7').slice(0, 7)}-0000001`;
  const feedbackComment = `Commento segreto di ${label} ${s.userId}`;
  const imported = await importFeedback(
    s.token,
    feedbackTsv([
      {
        date: '28/10/2026',
        rating: '1',
        comment: feedbackComment,
        order: feedbackOrder,
        email: `${label}@marketplace.amazon.it`,
        fba: false,
      },
      {
        date: '27/10/2026',
        rating: '2',
        comment: `${feedbackComment} (2)`,
        order: feedbackOrder.replace(/1$/, '2'),
        email: `${label}2@marketplace.amazon.it`,
        fba: true,
      },
    ]),
  );
  expect(imported.status).toBe(200);
  const feedbackImportId = (imported.body.import as { id: string }).id;
  expect((await api('POST', '/api/feedback-schedule', { token: s.token })).status).toBe(200);
  const firstPage = await api('GET', '/api/feedback?limit=1', { token: s.token });
  const feedbackCursor = String(firstPage.body.next_cursor);

  // A marketplace authorization A started and consented to but has not completed.
  const pendingAuthorization = await consentToAuthorization(s.token);

  // The storage test is an admins' diagnostic: A is one while uploading the file, then not.
  await makeAdmin(s.email);
  const debugBytes = await invoicePdf();
  const debugUpload = await api('POST', '/api/debug/storage', {
    token: s.token,
    body: { fileName: `${label}-debug.pdf`, size: debugBytes.length },
  });
  expect(debugUpload.status).toBe(200);
  const debugPut = await fetch(debugUpload.body.uploadUrl as string, {
    method: 'PUT',
    headers: debugUpload.body.headers as Record<string, string>,
    body: Buffer.from(debugBytes),
  });
  expect(debugPut.ok).toBe(true);
  await removeAdmin(s.email);

  return {
    ...s,
    runId: run.id,
    orderId,
    receiptNumber,
    docId,
    docPath,
    uploadPath,
    docFilename,
    sentCaseId: (submitted.body.case as { id: string }).id,
    readyCaseId: (ready.confirm.body.case as { id: string }).id,
    feedbackOrder,
    feedbackComment,
    feedbackCursor,
    feedbackImportId,
    replyEmail,
    sku,
    unitValue,
    pendingAuthorization,
    claimId,
    removalOrderId,
    debugPath: debugUpload.body.path as string,
  };
}
