/**
 * What the stored claims' writers outside the audit share (the sync, the migration), apart from
 * the audit's rules so their functions do not bundle them. Pure.
 */
import type { StoredClaim, StoredClaimKind } from './model';

/** Units missing from an inbound shipment: the case of the shipment (/cases) files it. */
export const INBOUND_KIND = 'inbound_shipment' satisfies StoredClaimKind;

/** Whether two claims say the same, whenever each was last written. */
export function sameClaim(a: StoredClaim, b: StoredClaim): boolean {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return canonical(left) === canonical(right);
}

/** JSON with keys sorted: a stored claim comes back with its keys in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
