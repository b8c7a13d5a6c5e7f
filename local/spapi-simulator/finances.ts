import { formatIsoDateTime } from './dates';
import { invalidInput, SpapiError } from './http-util';
import { decodeNextToken, encodeNextToken } from './next-token';
import type { OperationRequest, OperationResult, OperationRoute } from './operation';

/** Amazon: posted dates "must be more than two minutes before the time of the request". */
const MIN_AGE_MS = 2 * 60_000;

interface TransactionsToken {
  kind: 'transactions';
  postedAfter: string | null;
  postedBefore: string;
  marketplaceId: string | null;
  offset: number;
}

/**
 * Finances v2024-06-19 listTransactions (../shared/spapi-models/finances_2024-06-19.json): the
 * scenario's transactions posted on or after `postedAfter` and before `postedBefore` (by default
 * two minutes before now), of `marketplaceId` when given, `finances.pageSize` a page, the next
 * page asked with the same arguments and `nextToken`. The scenario's `faults.financeForbidden`
 * answers 403, as Amazon does for a token without the finance role.
 */
function listTransactions({ query, scenario, now }: OperationRequest): OperationResult {
  if (scenario.faults.financeForbidden) {
    throw new SpapiError(403, 'Unauthorized', 'Access to requested resource is denied.');
  }
  const latest = now.getTime() - MIN_AGE_MS;
  const after = query.dateTime('postedAfter');
  const before = query.dateTime('postedBefore');
  const relatedName = query.get('relatedIdentifierName');
  if (!after && relatedName === undefined) {
    throw invalidInput('postedAfter is required when no relatedIdentifierName is given');
  }
  if (after && after.getTime() > latest) {
    throw invalidInput('postedAfter must be more than two minutes before the time of the request');
  }
  if (before && before.getTime() > latest) {
    throw invalidInput('postedBefore must be more than two minutes before the time of the request');
  }
  if (after && before && before.getTime() <= after.getTime()) {
    throw invalidInput('postedBefore must be later than postedAfter');
  }
  const marketplaceId = query.get('marketplaceId') ?? null;
  const asked: Omit<TransactionsToken, 'offset'> = {
    kind: 'transactions',
    postedAfter: after ? formatIsoDateTime(after) : null,
    postedBefore: formatIsoDateTime(before ?? new Date(latest)),
    marketplaceId,
  };
  let offset = 0;
  const token = query.get('nextToken');
  if (token !== undefined) {
    const state = decodeNextToken<TransactionsToken>(token, 'transactions', 'nextToken');
    // "call the operation with this token and include the same arguments"
    if (
      state.postedAfter !== asked.postedAfter ||
      state.marketplaceId !== asked.marketplaceId ||
      (before !== undefined && state.postedBefore !== asked.postedBefore)
    ) {
      throw invalidInput('The arguments differ from the request that returned this nextToken');
    }
    offset = state.offset;
    asked.postedBefore = state.postedBefore;
  }
  const from = asked.postedAfter ? Date.parse(asked.postedAfter) : -Infinity;
  const to = Date.parse(asked.postedBefore);
  const all = scenario.finances.transactions.filter((tx) => {
    const at = Date.parse(tx.postedDate);
    const place = tx.marketplaceDetails?.marketplaceId;
    return at >= from && at < to && (marketplaceId === null || place === marketplaceId);
  });
  const end = offset + scenario.finances.pageSize;
  return {
    status: 200,
    body: {
      payload: {
        ...(end < all.length ? { nextToken: encodeNextToken({ ...asked, offset: end }) } : {}),
        transactions: all.slice(offset, end),
      },
    },
  };
}

export const financesRoutes: OperationRoute[] = [
  {
    operation: 'listTransactions',
    method: 'GET',
    path: /^\/finances\/2024-06-19\/transactions$/,
    handle: listTransactions,
  },
];
