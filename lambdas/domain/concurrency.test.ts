import { passOverSellers } from './concurrency';

async function* pages(...lists: string[][]): AsyncIterable<string[]> {
  for (const list of lists) yield list;
}

describe('a pass of a scheduled job over every seller', () => {
  const options = (deadline: number, errors: string[] = []) => ({
    deadline,
    perSellerMs: 1_000,
    pollIntervalMs: 10,
    concurrency: 2,
    onError: (userId: string) => errors.push(userId),
  });

  it('counts what each seller changed, pending and failed, and one failure never stops the others', async () => {
    const errors: string[] = [];
    const summary = await passOverSellers(
      pages(['a', 'b'], ['c', 'd']),
      () => 0,
      options(10_000, errors),
      async (userId, timing) => {
        expect(timing).toEqual({ deadline: 1_000, pollIntervalMs: 10 });
        if (userId === 'a') return { status: 'done', changed: [1, 2] };
        if (userId === 'b') return { status: 'pending' };
        if (userId === 'c') throw new Error('boom');
        return { status: 'failed' };
      },
    );
    expect(summary).toEqual({ sellers: 4, changed: 2, pending: 1, failed: 2 });
    expect(errors).toEqual(['c']);
  });

  it('starts no seller once the pass is out of time, and gives none past its deadline', async () => {
    let now = 0;
    const seen: { userId: string; deadline: number }[] = [];
    const summary = await passOverSellers(
      pages(['a', 'b', 'c']),
      () => now,
      { ...options(1_500), concurrency: 1 },
      async (userId, timing) => {
        seen.push({ userId, deadline: timing.deadline });
        now += 1_000;
        return { status: 'done', changed: [] };
      },
    );
    expect(seen).toEqual([
      { userId: 'a', deadline: 1_000 },
      { userId: 'b', deadline: 1_500 },
    ]);
    expect(summary.sellers).toBe(2);
  });
});
