import { claimListQuery } from './contract';
import { listClaims, type ClaimListDeps } from './claims-list';

const NOW = Date.parse('2026-11-30T10:00:00.000Z');

function deps() {
  const page = jest.fn<ReturnType<ClaimListDeps['page']>, Parameters<ClaimListDeps['page']>>(
    async () => ({ claims: [], cursor: null }),
  );
  const list: ClaimListDeps = {
    mode: async () => 'live',
    page,
    countFiled: async () => 0,
    uncosted: async () => [],
    costedSkus: async () => [],
    caseOf: async () => undefined,
    putClaims: async () => {},
    clock: { now: () => NOW },
  };
  return { list, page };
}

describe('the claims list by deadline', () => {
  it('reads the claims closing from today to 7 or 30 days on, when asked', async () => {
    const { list, page } = deps();
    await listClaims(list, 'u1', claimListQuery.parse({ due_within: '7' }));
    expect(page.mock.calls[0]![1].closesBetween).toEqual({ from: '2026-11-30', to: '2026-12-07' });
    await listClaims(list, 'u1', claimListQuery.parse({ due_within: '30' }));
    expect(page.mock.calls[1]![1].closesBetween).toEqual({ from: '2026-11-30', to: '2026-12-30' });
    await listClaims(list, 'u1', claimListQuery.parse({}));
    expect(page.mock.calls[2]![1].closesBetween).toBeUndefined();
  });

  it('refuses another deadline filter', () => {
    expect(claimListQuery.safeParse({ due_within: '5' }).success).toBe(false);
    expect(claimListQuery.safeParse({ due_within: '-7' }).success).toBe(false);
  });
});
