/**
 * What the `claims:audit` parts share: finding a report file in the folder, and the line printed
 * for a claim of any kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Claim } from '../../lambdas/domain/claims/audit';

/** The file as named, or its `.gz`; undefined when neither exists. */
export function existing(dir: string, name: string): string | undefined {
  for (const candidate of [name, `${name}.gz`]) {
    const file = path.join(dir, candidate);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/** The fields every printed claim has, whatever its kind. */
export function claimLine(claim: Omit<Claim, 'kind'> & { kind: string }) {
  return {
    kind: claim.kind,
    sku: claim.sku,
    fnsku: claim.fnsku,
    reference: claim.reference,
    units: claim.units,
    amount_paid: claim.amountPaid,
    amount_expected: claim.amountExpected,
    currency: claim.currency,
    window_opens: claim.windowOpens,
    window_closes: claim.windowCloses,
    state: claim.state,
    note: claim.note,
  };
}
