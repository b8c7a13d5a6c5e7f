import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { awaitsDemoReply, type DemoStep } from '../../domain/cases/demo-poller';
import type { CaseRecord } from '../../domain/cases/records';
import type { CaseDraft, CaseRole } from '../../domain/cases/contract';
import { STORED_STATUS } from '../../domain/cases/status';
import type { SentCase } from '../../domain/cases/submit';
import type { Language } from '../../domain/language';
import { table, queryPages, TABLE_NAME } from './client';
import { encodeCursor, readIndexPage } from './cursor';
import { caseKeys } from './keys';
import {
  awaitingValues,
  listingValues,
  SENDING,
  SET_LISTING,
  setParts,
  toRecord,
  updateCase,
} from './case-rows';

export {
  markUnitsFound,
  recordReportOutcome,
  recordSellerOutcome,
  usersAwaitingOutcome,
} from './case-outcomes';

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

function demoIndex(record: CaseRecord, userId: string, shipmentId: string) {
  return awaitsDemoReply(record) ? caseKeys.demoCaseAwaitingReply(userId, shipmentId) : undefined;
}

/**
 * Spec 4.1 and issue 29: the seller opened the case on Seller Central, with Amazon's case id.
 * The first opening's date is kept; a real case joins the ones waiting for an outcome (the
 * reimbursements report is read for it), a demo case the simulated replies.
 */
export async function markOpened(
  userId: string,
  shipmentId: string,
  opened: { amazonCaseId: string; nowIso: string; demo: boolean },
): Promise<CaseRecord | undefined> {
  const { nowIso: now, amazonCaseId, demo } = opened;
  const awaiting = demo ? {} : awaitingValues(userId, shipmentId);
  const record = await updateCase(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.case(userId, shipmentId),
      UpdateExpression:
        'SET opened_by_user_at = if_not_exists(opened_by_user_at, :now), amazon_case_id = :cid, ' +
        `#status = :status, updated_at = :now, ${SET_LISTING}` +
        (demo ? '' : ', GSI2PK = :awaitPk, GSI2SK = :awaitSk'),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ...awaiting,
        ...listingValues(userId, shipmentId, now),
        ':now': now,
        ':cid': amazonCaseId,
        ':status': STORED_STATUS.inProgress,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (record?.demo_mode) await syncDemoIndex(record);
  return record;
}

/** The case sheet's draft notes of a shipment (issue 29), kept beside the case row. */
export async function getCaseDraft(
  userId: string,
  shipmentId: string,
): Promise<CaseDraft | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: caseKeys.draft(userId, shipmentId) }),
  );
  if (!Item || typeof Item.updated_at !== 'string') return undefined;
  return { notes: (Item.notes ?? {}) as CaseDraft['notes'], updated_at: Item.updated_at };
}

/** Writes the draft, or removes it when there is none. */
export async function saveCaseDraft(
  userId: string,
  shipmentId: string,
  draft: CaseDraft | undefined,
): Promise<void> {
  const key = caseKeys.draft(userId, shipmentId);
  if (!draft) {
    await table.send(new DeleteCommand({ TableName: TABLE_NAME, Key: key }));
    return;
  }
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...key,
        type: 'case_draft',
        user_id: userId,
        shipment_id: shipmentId,
        notes: draft.notes,
        updated_at: draft.updated_at,
      },
    }),
  );
}

export async function savePreparedReply(
  userId: string,
  shipmentId: string,
  text: string,
  attachmentsSummary: string,
  now: string,
  /** The dispute language the seller chose, kept for the case's later texts. */
  disputeLanguage?: Language,
): Promise<CaseRecord | undefined> {
  return updateExisting(userId, shipmentId, {
    prepared_reply_txt: text,
    attachments_summary: attachmentsSummary,
    updated_at: now,
    ...(disputeLanguage ? { dispute_language: disputeLanguage } : {}),
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
      // A simulated payment adds its money to the demo dashboard, as a real one does.
      ...(step.reimbursed
        ? {
            reimbursed_amount: step.reimbursed.amount,
            reimbursed_currency: step.reimbursed.currency,
            units_recovered: step.reimbursed.units,
          }
        : {}),
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
