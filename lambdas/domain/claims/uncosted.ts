/**
 * The SKUs the audit could not check for lack of a unit cost (issue 31): a pre-order-loss
 * reimbursement Amazon paid for a SKU the seller gave no cost. Kept per seller, replaced on each
 * audit run, so the Costi screen can list them and the claims page can say how many
 * reimbursements went unchecked.
 */

/** One SKU the audit could not check, with what the reimbursements report says of it. */
export interface UncostedSku {
  sku: string;
  fnsku: string | null;
  /** Reimbursements (by reimbursement id) that went unchecked. */
  reimbursements: number;
  /** Cash units they paid for. */
  units: number;
  /** The latest approval day (YYYY-MM-DD). */
  latestApproval: string;
}

/** At most this many SKUs are kept, the most recently reimbursed first. */
export const MAX_UNCOSTED_SKUS = 500;

/** Adds up the unchecked reimbursements per SKU, the newest first, capped. */
export class UncostedTally {
  private readonly bySku = new Map<string, UncostedSku>();

  add(row: { sku: string; fnsku: string | null; approvalDate: string }, units: number): void {
    // Without a SKU no cost can be given: nothing to list.
    if (!row.sku) return;
    const held = this.bySku.get(row.sku);
    if (!held) {
      this.bySku.set(row.sku, {
        sku: row.sku,
        fnsku: row.fnsku,
        reimbursements: 1,
        units,
        latestApproval: row.approvalDate,
      });
      return;
    }
    held.reimbursements += 1;
    held.units += units;
    if (row.approvalDate > held.latestApproval) held.latestApproval = row.approvalDate;
    held.fnsku ??= row.fnsku;
  }

  list(cap = MAX_UNCOSTED_SKUS): UncostedSku[] {
    return [...this.bySku.values()]
      .sort((a, b) =>
        a.latestApproval === b.latestApproval
          ? a.sku.localeCompare(b.sku)
          : a.latestApproval < b.latestApproval
            ? 1
            : -1,
      )
      .slice(0, cap);
  }
}

/** Reimbursements still unchecked: those of SKUs the seller has given no cost since. */
export function uncheckedReimbursements(
  uncosted: readonly UncostedSku[],
  costed: ReadonlySet<string>,
): number {
  return uncosted.reduce((sum, s) => (costed.has(s.sku) ? sum : sum + s.reimbursements), 0);
}
