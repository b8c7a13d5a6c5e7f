/**
 * Maps with at most `limit` calls in flight, keeping the input order in the result. The first
 * failure rejects the whole map once the calls already started have settled.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** Splits a list into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How a pass over every seller is paced: the whole pass's deadline and each seller's share. */
export interface SellerPassOptions {
  deadline: number;
  perSellerMs: number;
  pollIntervalMs: number;
  concurrency: number;
  onError(userId: string, error: unknown): void;
}

export interface SellerPassSummary {
  sellers: number;
  changed: number;
  pending: number;
  failed: number;
}

/**
 * One pass of a scheduled job over every seller, a few at a time (the case poller's
 * reimbursement check, the claims audit): each seller gets its share of the time left; one whose
 * report is still being prepared is resumed by the next pass; a seller's failure never stops the
 * others. `run` answers its status and, when it finished, what it changed.
 */
export async function passOverSellers(
  users: AsyncIterable<string[]>,
  now: () => number,
  options: SellerPassOptions,
  run: (
    userId: string,
    timing: { deadline: number; pollIntervalMs: number },
  ) => Promise<{ status: string; changed?: readonly unknown[] }>,
): Promise<SellerPassSummary> {
  const summary = { sellers: 0, changed: 0, pending: 0, failed: 0 };
  for await (const page of users) {
    await mapLimit(page, options.concurrency, async (userId) => {
      if (now() >= options.deadline) return;
      summary.sellers += 1;
      try {
        const result = await run(userId, {
          deadline: Math.min(now() + options.perSellerMs, options.deadline),
          pollIntervalMs: options.pollIntervalMs,
        });
        summary.changed += result.changed?.length ?? 0;
        if (result.status === 'pending') summary.pending += 1;
        if (result.status === 'failed') summary.failed += 1;
      } catch (error) {
        summary.failed += 1;
        options.onError(userId, error);
      }
    });
  }
  return summary;
}
