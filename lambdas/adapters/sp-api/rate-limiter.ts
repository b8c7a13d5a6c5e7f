import type { Clock } from '../../domain/clock';
import { USAGE_PLANS, type SpApiOperation, type UsagePlan } from './usage-plans';

/**
 * A token bucket like the one Amazon keeps per operation and selling partner: it holds up to
 * `burst` requests, starts full and refills at `rate` per second. Taking a token never fails;
 * when the bucket is empty the caller waits until its reservation is covered, so concurrent
 * callers queue up in order instead of all hitting a 429.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private rate: number,
    readonly burst: number,
    private readonly clock: Clock,
  ) {
    this.tokens = burst;
    this.updatedAt = clock.now();
  }

  get currentRate(): number {
    return this.rate;
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsedSeconds * this.rate);
    this.updatedAt = now;
  }

  /** How long a request taken now would wait, in ms (0 when a token is there). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }

  /** Reserves one request and waits until it may go; resolves with the wait in ms. */
  async take(): Promise<number> {
    this.refill();
    this.tokens -= 1;
    if (this.tokens >= 0) return 0;
    const waitMs = Math.ceil((-this.tokens / this.rate) * 1000);
    await this.clock.sleep(waitMs);
    return waitMs;
  }

  /** Follows the rate Amazon says it applied (it may differ from the documented default). */
  setRate(rate: number): void {
    this.refill();
    this.rate = rate;
  }

  /** A 429 means Amazon's bucket is empty whatever ours thought: start counting from zero. */
  drain(): void {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
  }
}

/**
 * One bucket per operation for one seller, seeded with the documented usage plans and
 * adjusted to the `x-amzn-RateLimit-Limit` header of every response.
 */
export class OperationLimiter {
  private readonly buckets = new Map<SpApiOperation, TokenBucket>();

  constructor(
    private readonly clock: Clock,
    private readonly plans: Readonly<Record<SpApiOperation, UsagePlan>> = USAGE_PLANS,
  ) {}

  bucket(operation: SpApiOperation): TokenBucket {
    let bucket = this.buckets.get(operation);
    if (!bucket) {
      const plan = this.plans[operation];
      bucket = new TokenBucket(plan.rate, plan.burst, this.clock);
      this.buckets.set(operation, bucket);
    }
    return bucket;
  }

  /** Waits for the operation's next slot; resolves with the wait in ms. */
  acquire(operation: SpApiOperation): Promise<number> {
    return this.bucket(operation).take();
  }

  /** How long the operation's next request would wait, without reserving it. */
  waitMs(operation: SpApiOperation): number {
    return this.bucket(operation).waitMs();
  }

  /** Applies the rate a response reported, when it is a usable number. */
  observe(operation: SpApiOperation, header: unknown): void {
    const value = typeof header === 'string' || typeof header === 'number' ? Number(header) : NaN;
    if (!Number.isFinite(value) || value <= 0) return;
    const bucket = this.bucket(operation);
    if (Math.abs(bucket.currentRate - value) > bucket.currentRate * 0.001) bucket.setRate(value);
  }

  throttled(operation: SpApiOperation): void {
    this.bucket(operation).drain();
  }
}
