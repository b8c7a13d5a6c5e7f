import { FakeClock } from '../../../test/support/in-memory-sync';
import { backoffDelay, isRetryableStatus } from './backoff';
import { OperationLimiter, TokenBucket } from './rate-limiter';

describe('TokenBucket', () => {
  it('lets a burst through at once, then paces requests at the rate', async () => {
    // Prepare: rate 2/s, burst 3
    const clock = new FakeClock(0);
    const bucket = new TokenBucket(2, 3, clock);
    // Act
    const starts: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await bucket.take();
      starts.push(clock.now());
    }
    // Assess
    expect(starts).toEqual([0, 0, 0, 500, 1000, 1500]);
  });

  it('queues concurrent callers one interval apart instead of letting them all through', async () => {
    // Time stands still while they wait, as it does for callers that arrive together.
    const clock = { now: () => 0, sleep: async () => undefined };
    const bucket = new TokenBucket(1, 1, clock);
    const waits = await Promise.all([bucket.take(), bucket.take(), bucket.take()]);
    expect(waits).toEqual([0, 1000, 2000]);
  });

  it('refills up to the burst only', async () => {
    const clock = new FakeClock(0);
    const bucket = new TokenBucket(10, 2, clock);
    await bucket.take();
    await bucket.take();
    clock.advance(60_000);
    expect([await bucket.take(), await bucket.take(), await bucket.take()]).toEqual([0, 0, 100]);
  });
});

describe('OperationLimiter', () => {
  it('starts from the documented plan and follows x-amzn-RateLimit-Limit', async () => {
    const clock = new FakeClock(0);
    const limiter = new OperationLimiter(clock);
    expect(limiter.bucket('getInventorySummaries').currentRate).toBe(2);
    expect(limiter.bucket('getInventorySummaries').burst).toBe(2);
    limiter.observe('getInventorySummaries', '0.5');
    limiter.observe('getInventorySummaries', 'garbage');
    limiter.observe('getInventorySummaries', undefined);
    expect(limiter.bucket('getInventorySummaries').currentRate).toBe(0.5);
    await limiter.acquire('getInventorySummaries');
    await limiter.acquire('getInventorySummaries');
    expect(await limiter.acquire('getInventorySummaries')).toBe(2000);
  });

  it('starts counting from zero after a 429', async () => {
    const clock = new FakeClock(0);
    const limiter = new OperationLimiter(clock);
    limiter.throttled('getShipments');
    expect(await limiter.acquire('getShipments')).toBe(500);
  });
});

describe('backoff', () => {
  const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };

  it('waits a random time below an exponential ceiling, capped', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0.999999))).toEqual([
      99, 199, 399, 799, 999,
    ]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });

  it('retries throttling, server errors and network failures only', () => {
    expect([429, 500, 503, undefined].map(isRetryableStatus)).toEqual([true, true, true, true]);
    expect([400, 403, 404].map(isRetryableStatus)).toEqual([false, false, false]);
  });
});
