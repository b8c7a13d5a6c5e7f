/**
 * `GET /api/cases` (issue 18): a page of the seller's cases, or only the cases changed since
 * the version the live poll holds. Every answer reads a bounded number of cases, whatever the
 * seller's history. The storage is a port (adapters/dynamo/cases.ts).
 */
import {
  CASE_PAGE_BYTES,
  type CaseListQuery,
  type CaseListResponse,
  type CaseView,
} from './contract';
import { toCaseView, type CaseRecord } from './records';
import { storedVariantsOf } from './status';

/** Cases answered to one poll at most; more changed than this and the list starts again. */
export const MAX_CHANGES_PER_POLL = 25;

/** The version of a seller without cases. */
export const NO_CASES_VERSION = '0';

export interface CaseListPort {
  page(query: {
    limit: number;
    cursor: string | undefined;
    statuses: readonly string[] | undefined;
  }): Promise<{
    cases: CaseRecord[];
    cursor: string | null;
    cursorAfter: (index: number) => string | null;
  }>;
  /** The marker of the latest case change, undefined without cases. */
  latestChange(): Promise<string | undefined>;
  /** When cases were last deleted (a demo reset), if ever: a deletion is no change marker. */
  removedAt(): Promise<string | undefined>;
  changedAfter(
    version: string,
    max: number,
  ): Promise<{ cases: CaseRecord[]; latest: string | undefined; more: boolean }>;
}

/**
 * A version this server handed out: the seller's "no case" marker or a change marker
 * (`<updated_at>#<shipment>`). Anything else (an older client's version) reads the list again.
 */
function isVersion(value: string): boolean {
  return value === NO_CASES_VERSION || /^\d{4}-\d{2}-\d{2}T[^#]+#.+$/.test(value);
}

/** The marker a deletion at `at` stands for: after every change made before it. */
const removalVersion = (at: string) => `${at}#~removed`;

/** The views of a page, cut so the answer stays under `CASE_PAGE_BYTES` (at least one case). */
function withinBytes(records: readonly CaseRecord[]): CaseView[] {
  const views: CaseView[] = [];
  let bytes = 0;
  for (const record of records) {
    const view = toCaseView(record);
    bytes += Buffer.byteLength(JSON.stringify(view), 'utf8') + 1;
    if (views.length > 0 && bytes > CASE_PAGE_BYTES) break;
    views.push(view);
  }
  return views;
}

export async function listCaseChanges(
  port: CaseListPort,
  query: CaseListQuery,
): Promise<CaseListResponse> {
  const { since } = query;
  if (since !== undefined && query.cursor === undefined && isVersion(since)) {
    const [changes, removedAt] = await Promise.all([
      port.changedAfter(since, MAX_CHANGES_PER_POLL),
      port.removedAt(),
    ]);
    // Cases deleted since: the list held has cases that are gone, so it starts again.
    const removed = removedAt !== undefined && removalVersion(removedAt) > since;
    if (!changes.more && !removed) {
      const cases = withinBytes(changes.cases);
      if (cases.length === changes.cases.length) {
        return {
          cases,
          version: changes.latest ?? since,
          changed: cases.length > 0,
          reset: false,
          cursor: null,
        };
      }
    }
  }
  // Read before the page: a change in between is in the page and answered again by the next
  // poll, never missed.
  const [latest, removedAt] = await Promise.all([port.latestChange(), port.removedAt()]);
  const candidates = [latest, removedAt && removalVersion(removedAt)].filter(
    (v): v is string => typeof v === 'string',
  );
  const version = candidates.sort().at(-1) ?? NO_CASES_VERSION;
  const page = await port.page({
    limit: query.limit,
    cursor: query.cursor,
    statuses: query.status ? storedVariantsOf(query.status) : undefined,
  });
  const cases = withinBytes(page.cases);
  return {
    cases,
    version,
    changed: true,
    reset: true,
    cursor: cases.length < page.cases.length ? page.cursorAfter(cases.length - 1) : page.cursor,
  };
}
