import { CASE_PAGE_BYTES, caseListQuery } from './contract';
import { listCaseChanges, MAX_CHANGES_PER_POLL, type CaseListPort } from './list';
import { caseRecord } from './test-support/case-record';

const LATEST = '2026-11-20T09:00:00.000Z#FBA9';

function port(overrides: Partial<CaseListPort> = {}) {
  const calls = { page: [] as Parameters<CaseListPort['page']>[0][], changedAfter: [] as string[] };
  const fake: CaseListPort = {
    page: async (query) => {
      calls.page.push(query);
      return {
        cases: [caseRecord('FBA9'), caseRecord('FBA8')],
        cursor: 'next-page',
        cursorAfter: (index) => `after-${index}`,
      };
    },
    latestChange: async () => LATEST,
    removedAt: async () => undefined,
    changedAfter: async (version) => {
      calls.changedAfter.push(version);
      return { cases: [], latest: undefined, more: false };
    },
    ...overrides,
  };
  return { fake, calls };
}

const query = (params: Record<string, string>) => caseListQuery.parse(params);

describe('GET /api/cases (issue 18)', () => {
  it('answers the first page with the next cursor and the marker of the latest change', async () => {
    const { fake, calls } = port();
    const answer = await listCaseChanges(fake, query({ limit: '2' }));
    expect(answer).toMatchObject({
      version: LATEST,
      changed: true,
      reset: true,
      cursor: 'next-page',
    });
    expect(answer.cases.map((c) => c.shipment_id)).toEqual(['FBA9', 'FBA8']);
    expect(calls.page).toEqual([{ limit: 2, cursor: undefined, statuses: undefined }]);
  });

  it('filters by a normalised status through every stored spelling of it', async () => {
    const { fake, calls } = port();
    await listCaseChanges(fake, query({ status: 'submitted' }));
    expect(calls.page[0]!.statuses).toEqual(expect.arrayContaining(['Inviato', 'inviato']));
    expect(calls.page[0]!.statuses).not.toContain('ready');
  });

  it('a poll with nothing changed answers changed:false, no cases and the same version', async () => {
    const { fake, calls } = port();
    const answer = await listCaseChanges(fake, query({ since: LATEST }));
    expect(answer).toEqual({
      cases: [],
      version: LATEST,
      changed: false,
      reset: false,
      cursor: null,
    });
    expect(calls.changedAfter).toEqual([LATEST]);
    expect(calls.page).toHaveLength(0);
  });

  it('a poll answers only the cases changed since, and moves the version to the last one', async () => {
    const { fake } = port({
      changedAfter: async () => ({
        cases: [caseRecord('FBA3', { status: 'Inviato' })],
        latest: '2026-11-21T08:00:00.000Z#FBA3',
        more: false,
      }),
    });
    const answer = await listCaseChanges(fake, query({ since: LATEST }));
    expect(answer.reset).toBe(false);
    expect(answer.changed).toBe(true);
    expect(answer.version).toBe('2026-11-21T08:00:00.000Z#FBA3');
    expect(answer.cases).toEqual([
      expect.objectContaining({ shipment_id: 'FBA3', normalized_status: 'submitted' }),
    ]);
  });

  it('more changes than one poll carries, or a version it never gave, read the first page again', async () => {
    const many = port({
      changedAfter: async () => ({
        cases: Array.from({ length: MAX_CHANGES_PER_POLL }, (_, i) => caseRecord(`FBA${i}`)),
        latest: 'x',
        more: true,
      }),
    });
    expect(await listCaseChanges(many.fake, query({ since: LATEST }))).toMatchObject({
      reset: true,
      version: LATEST,
    });
    const old = port();
    const answer = await listCaseChanges(
      old.fake,
      query({ since: '2026-11-20T09:00:00.000Z.3.abc' }),
    );
    expect(answer.reset).toBe(true);
    expect(old.calls.changedAfter).toHaveLength(0);
  });

  it('cuts a page of long dispute texts under the size limit and resumes after the last one', async () => {
    const text = 'x'.repeat(20_000);
    const { fake } = port({
      page: async () => ({
        cases: Array.from({ length: 10 }, (_, i) =>
          caseRecord(`FBA${i}`, { prepared_reply_txt: text }),
        ),
        cursor: 'end',
        cursorAfter: (index) => `after-${index}`,
      }),
    });
    const answer = await listCaseChanges(fake, query({ limit: '10' }));
    expect(answer.cases.length).toBe(4);
    expect(answer.cursor).toBe('after-3');
    expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(CASE_PAGE_BYTES + 1024);
  });

  it('refuses a limit over 100 and an unknown status', () => {
    expect(caseListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(caseListQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('after a deletion (a demo reset) a poll reads the list again, once', async () => {
    const { fake } = port({ removedAt: async () => '2026-11-21T10:00:00.000Z' });
    const reset = await listCaseChanges(fake, query({ since: LATEST }));
    expect(reset).toMatchObject({ reset: true, changed: true });
    expect(reset.version > LATEST).toBe(true);
    const next = await listCaseChanges(fake, query({ since: reset.version }));
    expect(next).toMatchObject({ reset: false, changed: false, cases: [] });
  });
});
