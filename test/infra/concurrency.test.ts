import { FUNCTIONS, HEAVY_CONCURRENCY } from '../../lib/functions';
import { PROD_CONTEXT, synth } from './support/synth';

/**
 * Issue 19: the heavy routes have a concurrency ceiling in prod, so a burst of uploads, imports,
 * report requests or submissions never takes the account's pool the sign-in triggers draw on.
 */

const HEAVY = ['case-documents', 'feedback-schedule', 'submit-reimbursement', 'sync-fba'];

/** Reserved concurrency of each catalogue function in a synthesized app stack, by name. */
function reservations(context: Record<string, unknown>): Map<string, number | undefined> {
  const { application } = synth({ context });
  const functions = Object.values(application.findResources('AWS::Lambda::Function')) as {
    Properties: { Description?: string; ReservedConcurrentExecutions?: number };
  }[];
  return new Map(
    FUNCTIONS.map((spec) => {
      const found = functions.find((f) => f.Properties.Description === spec.description);
      if (!found) throw new Error(`No function for ${spec.name}`);
      return [spec.name, found.Properties.ReservedConcurrentExecutions];
    }),
  );
}

describe('reserved concurrency', () => {
  it('prod gives each heavy route a ceiling and leaves the sign-in triggers on the shared pool', () => {
    const reserved = reservations(PROD_CONTEXT);

    for (const name of HEAVY) expect(reserved.get(name)).toBeGreaterThan(0);
    for (const spec of FUNCTIONS.filter((s) => s.cognitoTrigger)) {
      expect(reserved.get(spec.name)).toBeUndefined();
    }
    // Far below what an account keeps unreserved (Lambda needs 100 of the default 1,000).
    const total = [...reserved.values()].reduce<number>((sum, n) => sum + (n ?? 0), 0);
    expect(total).toBeLessThanOrEqual(100);
  });

  it('a dev stage reserves nothing unless asked (a new account may not allow any reservation)', () => {
    const reserved = reservations({});
    expect([...reserved.values()].every((n) => n === undefined)).toBe(true);
    expect(reservations({ reserveConcurrency: 'true' }).get('case-documents')).toBe(
      HEAVY_CONCURRENCY.documentReader,
    );
  });
});
