import {
  casesChangedAfter,
  casesRemovedAt,
  latestCaseChange,
  listCasePage,
} from '../adapters/dynamo/cases';
import type { CaseListQuery } from '../domain/cases/contract';
import { listCaseChanges } from '../domain/cases/list';

/** The caller's case list (a page, or the changes since a poll's version) read from the table. */
export function listCasesOf(userId: string, query: CaseListQuery) {
  return listCaseChanges(
    {
      page: (page) => listCasePage(userId, page),
      latestChange: () => latestCaseChange(userId),
      removedAt: () => casesRemovedAt(userId),
      changedAfter: (version, max) => casesChangedAfter(userId, version, max),
    },
    query,
  );
}
