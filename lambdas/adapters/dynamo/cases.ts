import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { awaitsDemoReply, type DemoStep } from '../../domain/cases/demo-poller';
import type { CaseRecord } from '../../domain/cases/records';
import type { CaseRole } from '../../domain/cases/contract';
import { STORED_STATUS } from '../../domain/cases/status';
import type { SentCase } from '../../domain/cases/submit';
import type { Language } from '../../domain/language';

/** The send phase of a case whose message may be out (domain/cases/submit.ts). */
const SENDING = 'sending';
import { table, queryPages, TABLE_NAME } from './client';
import { encodeCursor, readIndexPage } from './cursor';
import { caseKeys } from './keys';

/**
 * The listing key of a case changed at `at` (GSI1, `caseKeys.caseListing`), as expression
 * values for `SET GSI1PK = :listPk, GSI1SK = :listSk`; every write that sets `updated_at` sets it.
 */
function listingValues(userId: string, shipmentId: string, at: string) {
  const listing = caseKeys.caseListing(userId, at, shipmentId);
  return { ':listPk': listing.GSI1PK, ':listSk': listing.GSI1SK };
}
const SET_LISTING = 'GSI1PK = :listPk, GSI1SK = :listSk';

/**
 * A send that lapsed in the sending phase (see domain/cases/submit.ts): the message may be out.
 * The case reads as to_check from the moment the lease lapses, before any write says so.
 */
function sendUnverified(item: Record<string, unknown>, nowIso: string): boolean {
  return (
    item.send_phase === SENDING &&
    typeof item.send_lease_until === 'string' &&
    item.send_lease_until < nowIso &&
    typeof item.sent_message_id !== 'string'
  );
}

/** A case row (spec 3, cases): one per user and shipment. */
function toRecord(item: Record<string, unknown>): CaseRecord {
  const s = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  const unverified = sendUnverified(item, new Date().toISOString());
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    shipment_id: item.shipment_id as string,
    role: (s('role') as CaseRole | null) ?? null,
    status: unverified ? STORED_STATUS.toCheck : (s('status') ?? 'ready'),
    created_at: item.created_at as string,
    updated_at: s('updated_at') ?? (item.created_at as string),
    document_url: s('document_url'),
    opened_by_user_at: s('opened_by_user_at'),
    prepared_reply_txt: s('prepared_reply_txt'),
    attachments_summary: s('attachments_summary'),
    demo_mode: item.demo_mode === true,
    last_customer_service_status: s('last_customer_service_status'),
    last_response_excerpt: s('last_response_excerpt'),
    submitted_at: s('submitted_at'),
    sent_provider: s('sent_provider') as CaseRecord['sent_provider'],
    sent_message_id: s('sent_message_id'),
    sent_to: s('sent_to'),
    language: s('language') as CaseRecord['language'],
    poll_step: typeof item.poll_step === 'number' ? item.poll_step : 0,
    amazon_case_id: s('amazon_case_id'),
    reimbursed_amount: typeof item.reimbursed_amount === 'number' ? item.reimbursed_amount : null,
    reimbursed_currency: s('reimbursed_currency'),
    units_recovered: typeof item.units_recovered === 'number' ? item.units_recovered : null,
    reimbursement_ids: Array.isArray(item.reimbursement_ids)
      ? (item.reimbursement_ids as unknown[]).filter((v): v is string => typeof v === 'string')
      : [],
    outcome_source: s('outcome_source') as CaseRecord['outcome_source'],
  };
}

export async function getCase(userId: string, shipmentId: string): Promise<CaseRecord | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** Every case of the user, in shipment order. */
export async function listCases(userId: string): Promise<CaseRecord[]> {
  const out: CaseRecord[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': caseKeys.case(userId, '').PK,
      ':prefix': caseKeys.casePrefix,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) out.push(...page.map(toRecord));
  return out;
}

/** Listing items read at most per page request when a status filter leaves most of them out. */
const MAX_EVALUATED = 1000;
const EVALUATE_PER_QUERY = 250;

export interface CasePage {
  cases: CaseRecord[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
  /** The cursor that resumes right after the case at `index` (a page cut short by its size). */
  cursorAfter: (index: number) => string | null;
}

/**
 * One page of the seller's cases, last changed first (issue 18), from the listing index:
 * `statuses` keeps the cases stored with one of those spellings. A filtered request reads at
 * most `MAX_EVALUATED` listing items and the cursor resumes where it stopped; a cursor of
 * another seller's list is refused (`BadCursorError`).
 */
export async function listCasePage(
  userId: string,
  query: { limit: number; cursor?: string | undefined; statuses?: readonly string[] | undefined },
): Promise<CasePage> {
  const statuses = query.statuses;
  const { items, cursor } = await readIndexPage({
    partition: caseKeys.caseListingPartition(userId),
    pageSize: query.limit,
    cursor: query.cursor,
    badCursor: 'badListQuery',
    ...(statuses
      ? {
          filter: {
            expression: `#status IN (${statuses.map((_, i) => `:status${i}`).join(', ')})`,
            names: { '#status': 'status' },
            values: Object.fromEntries(statuses.map((status, i) => [`:status${i}`, status])),
          },
        }
      : {}),
    evaluatePerQuery: EVALUATE_PER_QUERY,
    maxEvaluated: MAX_EVALUATED,
  });
  return {
    cases: items.map(toRecord),
    cursor,
    cursorAfter: (index) => (index >= items.length - 1 ? cursor : encodeCursor(items[index])),
  };
}

/** The listing key of the seller's latest case change, or undefined when there is no case. */
export async function latestCaseChange(userId: string): Promise<string | undefined> {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': caseKeys.caseListingPartition(userId) },
      ProjectionExpression: 'GSI1SK',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Items?.[0]?.GSI1SK as string | undefined;
}

/** Records that cases of the seller were deleted at `at` (see `caseKeys.casesRemoved`). */
export async function markCasesRemoved(userId: string, at: string): Promise<void> {
  await table.send(
    new PutCommand({ TableName: TABLE_NAME, Item: { ...caseKeys.casesRemoved(userId), at } }),
  );
}

/** When cases of the seller were last deleted, if ever. */
export async function casesRemovedAt(userId: string): Promise<string | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: caseKeys.casesRemoved(userId) }),
  );
  return typeof Item?.at === 'string' ? Item.at : undefined;
}

/**
 * The cases changed after the listing key `after`, oldest change first, at most `max` (one
 * query of `max + 1` items, so a poll costs the same whatever the seller's history); `more`
 * when others changed too. `latest` is the listing key of the last case answered.
 */
export async function casesChangedAfter(
  userId: string,
  after: string,
  max: number,
): Promise<{ cases: CaseRecord[]; latest: string | undefined; more: boolean }> {
  const { Items = [] } = await table.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :after',
      ExpressionAttributeValues: { ':pk': caseKeys.caseListingPartition(userId), ':after': after },
      ScanIndexForward: true,
      Limit: max + 1,
    }),
  );
  const kept = Items.slice(0, max);
  return {
    cases: kept.map(toRecord),
    latest: kept.at(-1)?.GSI1SK as string | undefined,
    more: Items.length > max,
  };
}

/** The case of a shipment, created if absent (one per user and shipment, conditional write). */
export async function ensureCase(
  userId: string,
  shipmentId: string,
  fields: { demo: boolean; language: Language; now: string; status?: string },
): Promise<CaseRecord> {
  const { Attributes } = await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression:
        'SET #type = :type, id = if_not_exists(id, :id), user_id = :user, shipment_id = :ship, ' +
        '#status = if_not_exists(#status, :ready), created_at = if_not_exists(created_at, :now), ' +
        'updated_at = if_not_exists(updated_at, :now), demo_mode = if_not_exists(demo_mode, :demo), ' +
        '#language = if_not_exists(#language, :language), ' +
        'GSI1PK = :listPk, GSI1SK = if_not_exists(GSI1SK, :listSk)',
      ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#language': 'language' },
      ExpressionAttributeValues: {
        ':type': 'case',
        ':id': randomUUID(),
        ':user': userId,
        ':ship': shipmentId,
        ':ready': fields.status ?? 'ready',
        ':now': fields.now,
        ':demo': fields.demo,
        ':language': fields.language,
        ...listingValues(userId, shipmentId, fields.now),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toRecord(Attributes ?? {});
}

/**
 * Spec 4.1/7.3: uploading a document upserts the case as ready with the chosen role. A case
 * that is locked (4.2) keeps its status; the caller refuses the upload before that.
 */
export async function upsertReadyCase(
  userId: string,
  shipmentId: string,
  fields: {
    role: CaseRole;
    demo: boolean;
    language: Language;
    now: string;
    documentUrl?: string;
  },
): Promise<CaseRecord> {
  await ensureCase(userId, shipmentId, fields);
  try {
    const { Attributes } = await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: caseKeys.case(userId, shipmentId),
        UpdateExpression:
          `SET #role = :role, updated_at = :now, #status = :ready, ${SET_LISTING}` +
          (fields.documentUrl ? ', document_url = :url' : ''),
        // A case sent meanwhile keeps its status (the upload was checked against the lock).
        ConditionExpression: 'attribute_not_exists(sent_message_id)',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
        ExpressionAttributeValues: {
          ':role': fields.role,
          ':now': fields.now,
          ':ready': 'ready',
          ...listingValues(userId, shipmentId, fields.now),
          ...(fields.documentUrl ? { ':url': fields.documentUrl } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes ?? {});
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await getCase(userId, shipmentId))!;
  }
}

/**
 * `SET` clauses for the given fields; a new `updated_at` moves the case's listing key with it.
 */
function setParts(userId: string, shipmentId: string, set: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  if (typeof set.updated_at === 'string') {
    Object.assign(values, listingValues(userId, shipmentId, set.updated_at));
    parts.push(SET_LISTING);
  }
  return { names, values, parts };
}

/** Sets fields of an existing case; answers undefined when there is none. */
async function updateExisting(
  userId: string,
  shipmentId: string,
  set: Record<string, unknown>,
  remove: string[] = [],
): Promise<CaseRecord | undefined> {
  const { names, values, parts } = setParts(userId, shipmentId, set);
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  return updateCase(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression: `SET ${parts.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
}

/** Runs a conditional update of a case: the case as written, or undefined when the condition did not hold. */
async function updateCase(command: UpdateCommand): Promise<CaseRecord | undefined> {
  try {
    const { Attributes } = await table.send(command);
    return toRecord(Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

function demoIndex(record: CaseRecord, userId: string, shipmentId: string) {
  return awaitsDemoReply(record) ? caseKeys.demoCaseAwaitingReply(userId, shipmentId) : undefined;
}

/** Spec 4.1: the seller opened the case in the seller portal. */
export async function markOpened(
  userId: string,
  shipmentId: string,
  now: string,
): Promise<CaseRecord | undefined> {
  const record = await updateExisting(userId, shipmentId, {
    opened_by_user_at: now,
    status: 'in_lavorazione',
    updated_at: now,
  });
  if (record?.demo_mode) await syncDemoIndex(record);
  return record;
}

export async function savePreparedReply(
  userId: string,
  shipmentId: string,
  text: string,
  attachmentsSummary: string,
  now: string,
): Promise<CaseRecord | undefined> {
  return updateExisting(userId, shipmentId, {
    prepared_reply_txt: text,
    attachments_summary: attachmentsSummary,
    updated_at: now,
  });
}

/** Keeps the sparse demo index in line with the case (only demo cases awaiting a reply). */
async function syncDemoIndex(record: CaseRecord): Promise<void> {
  const index = demoIndex(record, record.user_id, record.shipment_id);
  await updateExisting(
    record.user_id,
    record.shipment_id,
    index ? { ...index } : { updated_at: record.updated_at },
    index ? [] : ['GSI2PK', 'GSI2SK'],
  );
}

/** Applies one simulated reply to a demo case. */
export async function applyDemoStep(
  record: CaseRecord,
  step: DemoStep,
  language: Language,
  now: string,
): Promise<CaseRecord | undefined> {
  const next = { ...record, status: step.status };
  const index = step.final ? undefined : demoIndex(next, record.user_id, record.shipment_id);
  return updateExisting(
    record.user_id,
    record.shipment_id,
    {
      status: step.status,
      last_customer_service_status: step.last_customer_service_status,
      last_response_excerpt: step.last_response_excerpt[language],
      poll_step: record.poll_step + 1,
      updated_at: now,
      ...(index ?? {}),
    },
    index ? [] : ['GSI2PK', 'GSI2SK'],
  );
}

/** Demo cases waiting for a simulated reply, a page at a time (scheduled poller). */
export async function* demoCasesAwaitingReply(): AsyncGenerator<CaseRecord[]> {
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': caseKeys.demoCaseAwaitingReplyPartition },
  });
  for await (const page of pages) yield page.map(toRecord);
}

// ------------------------------------------------------------------ sending (submit.ts)

/** The sparse index entry of a real case waiting for Amazon's outcome, as update values. */
function awaitingValues(userId: string, shipmentId: string) {
  const index = caseKeys.caseAwaitingOutcome(userId, shipmentId);
  return { ':awaitPk': index.GSI2PK, ':awaitSk': index.GSI2SK };
}

/** The sellers with real cases waiting for Amazon's outcome, a page of user ids at a time. */
export async function* usersAwaitingOutcome(): AsyncGenerator<string[]> {
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': caseKeys.caseAwaitingOutcomePartition },
    ProjectionExpression: 'user_id',
  });
  let last: string | undefined;
  for await (const page of pages) {
    const users = [...new Set(page.map((item) => item.user_id as string))].filter(
      (user) => user !== last,
    );
    last = users.at(-1) ?? last;
    if (users.length > 0) yield users;
  }
}

/**
 * What Amazon's reimbursements report says of a case (domain/cases/reimbursements.ts): paid in
 * full or in part, with amount, currency, units and the report's ids. When a reversal took everything back, an outcome the report had
 * made is undone and the case is sent again (a seller's own record is never undone here).
 * The case stays in the index: a reversal may still come (the poller stops reading a case
 * fully reimbursed 60 days ago).
 */
export async function recordReportOutcome(
  userId: string,
  outcome: {
    shipmentId: string;
    status: 'reimbursed' | 'partly_reimbursed' | 'none';
    amount: number;
    currency: string | null;
    unitsRecovered: number;
    reimbursementIds: string[];
  },
  nowIso: string,
): Promise<CaseRecord | undefined> {
  const key = caseKeys.case(userId, outcome.shipmentId);
  if (outcome.status === 'none') {
    return updateCase(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        UpdateExpression:
          `SET #status = :submitted, updated_at = :now, GSI2PK = :awaitPk, GSI2SK = :awaitSk, ${SET_LISTING} ` +
          'REMOVE reimbursed_amount, reimbursed_currency, units_recovered, reimbursement_ids, ' +
          'outcome_source, last_customer_service_status',
        ConditionExpression: 'outcome_source = :report',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':submitted': STORED_STATUS.submitted,
          ':now': nowIso,
          ':report': 'report',
          ...awaitingValues(userId, outcome.shipmentId),
          ...listingValues(userId, outcome.shipmentId, nowIso),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
  }
  const full = outcome.status === 'reimbursed';
  return updateCase(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: key,
      UpdateExpression:
        'SET #status = :status, updated_at = :now, reimbursed_amount = :amount, ' +
        'reimbursed_currency = :currency, units_recovered = :units, reimbursement_ids = :ids, ' +
        `outcome_source = :report, last_customer_service_status = :cs, ${SET_LISTING}`,
      ConditionExpression: 'attribute_exists(sent_message_id)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': full ? STORED_STATUS.reimbursed : STORED_STATUS.partlyReimbursed,
        ':now': nowIso,
        ':amount': outcome.amount,
        ':currency': outcome.currency,
        ':units': outcome.unitsRecovered,
        ':ids': outcome.reimbursementIds,
        ':report': 'report',
        ':cs': 'rimborsato',
        ...listingValues(userId, outcome.shipmentId, nowIso),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
}

/**
 * What the seller learnt from Amazon (issue 16): its case id, and the outcome when there is
 * one. Reimbursed, found and rejected settle the case; only a sent case can get an outcome.
 */
export async function recordSellerOutcome(
  userId: string,
  shipmentId: string,
  input: {
    amazonCaseId?: string;
    status?: string;
    amount?: number | null;
    currency?: string | null;
    units?: number | null;
    excerpt?: string | null;
    settled?: boolean;
  },
  nowIso: string,
): Promise<CaseRecord | undefined> {
  const set: Record<string, unknown> = { updated_at: nowIso };
  if (input.amazonCaseId !== undefined) set.amazon_case_id = input.amazonCaseId;
  if (input.status !== undefined) {
    set.status = input.status;
    set.outcome_source = 'seller';
    set.reimbursed_amount = input.amount ?? null;
    set.reimbursed_currency = input.currency ?? null;
    set.units_recovered = input.units ?? null;
    if (input.excerpt !== undefined) set.last_response_excerpt = input.excerpt;
    set.last_customer_service_status =
      input.status === STORED_STATUS.reimbursed || input.status === STORED_STATUS.partlyReimbursed
        ? 'rimborsato'
        : 'risposta_ricevuta';
  }
  const { names, values, parts } = setParts(userId, shipmentId, set);
  return updateCase(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression: `SET ${parts.join(', ')}${input.settled ? ' REMOVE GSI2PK, GSI2SK' : ''}`,
      ConditionExpression: 'attribute_exists(sent_message_id)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
}

/**
 * A later sync shows every unit of the shipment received (issue 16): a case sent to Amazon for
 * it is resolved as found, with the units. A case already reimbursed or settled is left alone;
 * a repeat changes nothing.
 */
export async function markUnitsFound(
  userId: string,
  shipmentId: string,
  units: number,
  nowIso: string,
): Promise<CaseRecord | undefined> {
  return updateCase(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression:
        'SET #status = :found, updated_at = :now, units_recovered = :units, ' +
        `outcome_source = :sync, ${SET_LISTING} REMOVE GSI2PK, GSI2SK`,
      ConditionExpression:
        'attribute_exists(sent_message_id) AND NOT #status IN (:found, :reimbursed, :closed) ' +
        'AND demo_mode = :false',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':found': STORED_STATUS.found,
        ':reimbursed': STORED_STATUS.reimbursed,
        ':closed': STORED_STATUS.closedRejected,
        ':now': nowIso,
        ':units': units,
        ':sync': 'sync',
        ':false': false,
        ...listingValues(userId, shipmentId, nowIso),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
}

/** Runs a conditional write; false when its condition did not hold. */
async function conditional(command: UpdateCommand): Promise<boolean> {
  try {
    await table.send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export function claimSend(
  userId: string,
  shipmentId: string,
  leaseId: string,
  nowIso: string,
  untilIso: string,
): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression:
        'SET send_lease_id = :lease, send_lease_until = :until, send_phase = :claimed',
      // No lease, or one that lapsed before its holder could send anything.
      ConditionExpression:
        'attribute_exists(PK) AND attribute_not_exists(sent_message_id) AND ' +
        '(attribute_not_exists(send_lease_until) OR ' +
        '(send_lease_until < :now AND (attribute_not_exists(send_phase) OR send_phase = :claimed)))',
      ExpressionAttributeValues: {
        ':lease': leaseId,
        ':until': untilIso,
        ':now': nowIso,
        ':claimed': 'claimed',
      },
    }),
  );
}

export function markSending(userId: string, shipmentId: string, leaseId: string) {
  return conditional(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression: 'SET send_phase = :sending',
      ConditionExpression: 'send_lease_id = :lease AND attribute_not_exists(sent_message_id)',
      ExpressionAttributeValues: { ':lease': leaseId, ':sending': SENDING },
    }),
  );
}

export async function releaseSend(userId: string, shipmentId: string, leaseId: string) {
  await conditional(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression: 'REMOVE send_lease_id, send_lease_until, send_phase',
      ConditionExpression: 'send_lease_id = :lease',
      ExpressionAttributeValues: { ':lease': leaseId },
    }),
  );
}

/**
 * A lease that lapsed in the sending phase: the case is stored as to_check (it already reads so).
 * The lease id stays, so a holder that is still alive and records its send afterwards wins.
 */
export async function markUnverified(userId: string, shipmentId: string, nowIso: string) {
  const marked = await conditional(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression: `SET #status = :check, updated_at = :now, ${SET_LISTING}`,
      ConditionExpression:
        'attribute_not_exists(sent_message_id) AND send_phase = :sending AND ' +
        'send_lease_until < :now AND #status <> :check',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':check': STORED_STATUS.toCheck,
        ':sending': SENDING,
        ':now': nowIso,
        ...listingValues(userId, shipmentId, nowIso),
      },
    }),
  );
  if (marked) return true;
  const current = await getCase(userId, shipmentId);
  return current?.status === STORED_STATUS.toCheck;
}

export async function markSent(
  userId: string,
  shipmentId: string,
  leaseId: string,
  sent: SentCase,
): Promise<CaseRecord> {
  const { Attributes } = await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression:
        'SET #status = :status, submitted_at = :at, updated_at = :at, sent_provider = :provider, ' +
        'sent_message_id = :mid, sent_to = :to, sent_target = :target, prepared_reply_txt = :text, ' +
        `attachments_summary = :summary, #language = :language, ${SET_LISTING}` +
        (sent.target === 'amazon' ? ', GSI2PK = :awaitPk, GSI2SK = :awaitSk' : '') +
        ' REMOVE send_lease_id, send_lease_until, send_phase',
      ConditionExpression: 'send_lease_id = :lease AND attribute_not_exists(sent_message_id)',
      ExpressionAttributeNames: { '#status': 'status', '#language': 'language' },
      ExpressionAttributeValues: {
        ...(sent.target === 'amazon' ? awaitingValues(userId, shipmentId) : {}),
        ...listingValues(userId, shipmentId, sent.at),
        ':status': sent.status,
        ':at': sent.at,
        ':provider': sent.provider,
        ':mid': sent.messageId,
        ':to': sent.to,
        ':target': sent.target,
        ':text': sent.text,
        ':summary': sent.attachmentsSummary,
        ':language': sent.language,
        ':lease': leaseId,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const record = toRecord(Attributes ?? {});
  if (record.demo_mode) await syncDemoIndex(record);
  return record;
}

/**
 * The seller settles a case to be checked: `sent` records the dispute as sent (their copy or
 * Seller Central shows it went), `not_sent` makes the case ready to be sent again. Conditional
 * on the case still being to be checked; undefined when it is not.
 */
export async function settleUnverifiedSend(
  userId: string,
  shipmentId: string,
  outcome: 'sent' | 'not_sent',
  nowIso: string,
): Promise<CaseRecord | undefined> {
  const common = {
    TableName: TABLE_NAME,
    Key: caseKeys.case(userId, shipmentId),
    ConditionExpression:
      'attribute_not_exists(sent_message_id) AND send_phase = :sending AND send_lease_until < :now',
    ReturnValues: 'ALL_NEW' as const,
  };
  return updateCase(
    outcome === 'sent'
      ? new UpdateCommand({
          ...common,
          UpdateExpression:
            'SET #status = :submitted, submitted_at = :now, updated_at = :now, ' +
            'sent_provider = :provider, sent_message_id = :mid, sent_target = :amazon, ' +
            `GSI2PK = :awaitPk, GSI2SK = :awaitSk, ${SET_LISTING} ` +
            'REMOVE send_lease_id, send_lease_until, send_phase',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sending': SENDING,
            ':now': nowIso,
            ':submitted': STORED_STATUS.submitted,
            ':provider': 'seller_confirmed',
            ':mid': `seller-confirmed-${randomUUID()}`,
            ':amazon': 'amazon',
            ...awaitingValues(userId, shipmentId),
            ...listingValues(userId, shipmentId, nowIso),
          },
        })
      : new UpdateCommand({
          ...common,
          UpdateExpression:
            `SET #status = :ready, updated_at = :now, ${SET_LISTING} ` +
            'REMOVE send_lease_id, send_lease_until, send_phase',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sending': SENDING,
            ':now': nowIso,
            ':ready': STORED_STATUS.ready,
            ...listingValues(userId, shipmentId, nowIso),
          },
        }),
  );
}

/**
 * The scheduled demo poller (`cases.poll`): one simulated reply on every demo case that waits
 * for one, so demo cases move on over time. Answers how many cases it stepped.
 */
export async function stepDemoCases(
  nextStep: (record: CaseRecord) => DemoStep | undefined,
  now: string = new Date().toISOString(),
  /** Told of each seller whose demo case moved (their dashboard summary follows). */
  onStepped: (userId: string) => Promise<void> = async () => undefined,
): Promise<number> {
  let stepped = 0;
  for await (const page of demoCasesAwaitingReply()) {
    for (const record of page) {
      const current = await getCase(record.user_id, record.shipment_id);
      const step = current ? nextStep(current) : undefined;
      if (!current || !step) continue;
      await applyDemoStep(current, step, current.language ?? 'it', now);
      await onStepped(current.user_id);
      stepped += 1;
    }
  }
  return stepped;
}
