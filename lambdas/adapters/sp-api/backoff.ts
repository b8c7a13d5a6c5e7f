/** How calls that may pass on a retry are retried. */
export interface RetryPolicy {
  /** Retries after the first attempt; the call fails for good after that many. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

/**
 * Exponential backoff with full jitter: a random wait between 0 and min(cap, base × 2^n).
 * The randomness spreads out clients that failed together, so they do not retry together.
 */
export function backoffDelay(
  retry: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** HTTP statuses worth retrying: throttling and server-side failures. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 429 || status >= 500;
}
