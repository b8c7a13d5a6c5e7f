/**
 * The operations the simulator serves and their default usage plans: one table, shared with the
 * app's client (lambdas/adapters/sp-api/usage-plans.ts, which imports nothing), because both
 * follow the "Usage Plan" tables of Amazon's models; a unit test checks it against the models.
 */
import {
  USAGE_PLANS,
  type SpApiOperation as SpapiOperation,
  type UsagePlan,
} from '../../lambdas/adapters/sp-api/usage-plans';

export { USAGE_PLANS, type SpapiOperation, type UsagePlan };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * One token bucket per operation, as Amazon applies usage plans: a bucket holds up to `burst`
 * requests, starts full and refills at `rate × rateScale` per second.
 */
export class RateLimiter {
  private readonly buckets = new Map<SpapiOperation, Bucket>();

  constructor(
    private readonly rateScale: number,
    private readonly nowMs: () => number,
  ) {}

  /** The rate applied to an operation, as the `x-amzn-RateLimit-Limit` header reports it. */
  appliedRate(operation: SpapiOperation): number {
    return USAGE_PLANS[operation].rate * this.rateScale;
  }

  /** The header value for an operation's applied rate. */
  limitHeader(operation: SpapiOperation): string {
    // Six significant digits hide float noise such as 0.8350000000000001.
    return String(Number(this.appliedRate(operation).toPrecision(6)));
  }

  /** Takes one request from the operation's bucket; false when the caller must get a 429. */
  tryAcquire(operation: SpapiOperation): boolean {
    const { burst } = USAGE_PLANS[operation];
    const now = this.nowMs();
    const bucket = this.buckets.get(operation) ?? { tokens: burst, updatedAt: now };
    const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(burst, bucket.tokens + elapsedSeconds * this.appliedRate(operation));
    bucket.updatedAt = now;
    this.buckets.set(operation, bucket);
    // The epsilon absorbs float error, e.g. 0.0167 × 60 s summing to 0.99999…
    if (bucket.tokens < 1 - 1e-9) return false;
    bucket.tokens = Math.max(0, bucket.tokens - 1);
    return true;
  }
}
