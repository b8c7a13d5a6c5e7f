/**
 * Time as the domain sees it. Passing it in keeps rate limiting, backoff and the sync window
 * testable without waiting on real time.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** The same instant `months` calendar months earlier (UTC), as the 18-month windows need. */
export function monthsBefore(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}
