/**
 * The limits count per UTC day and per UTC hour, on the clock of the stack that answers. A test
 * that prepares what happened "today" (or "this hour") and then asks the API about it must do
 * both in one window: run a few seconds before midnight, its setup would land in one day and its
 * requests in the next, where the limit is fresh.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Returns at once when at least `marginMs` are left of the current UTC window of `windowMs`;
 * otherwise waits until the next window has begun, so the test starts at its beginning.
 */
async function clearOfWindowEnd(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Waits out the end of the UTC day when fewer than `marginMs` are left of it. */
export const clearOfMidnight = (marginMs: number) => clearOfWindowEnd(DAY_MS, marginMs);

/** Waits out the end of the UTC hour when fewer than `marginMs` are left of it. */
export const clearOfHourEnd = (marginMs: number) => clearOfWindowEnd(HOUR_MS, marginMs);
