import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseRecord } from '../../domain/cases/records';
import { STORED_STATUS } from '../../domain/cases/status';
import { awaitingValues, listingValues, SET_LISTING, setParts, updateCase } from './case-rows';
import { queryPages, TABLE_NAME } from './client';
import { caseKeys } from './keys';

/**
 * Amazon's outcome of the cases sent to it (issue 16): the sellers waiting for one, and what the
 * reimbursements report, the seller or a later sync says of a case.
 */

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
      // A case mailed to Amazon, or one the seller opened on Seller Central (issue 29).
      ConditionExpression:
        'attribute_exists(sent_message_id) OR attribute_exists(opened_by_user_at)',
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
 * one. Reimbursed, found and rejected settle the case; only a case sent to Amazon (mailed, or
 * opened by the seller on Seller Central) can get an outcome.
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
      // A case mailed to Amazon, or one the seller opened on Seller Central (issue 29).
      ConditionExpression:
        'attribute_exists(sent_message_id) OR attribute_exists(opened_by_user_at)',
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
