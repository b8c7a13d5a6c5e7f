/**
 * The figures of a case, one rule for every screen that shows them (the case sheet, the stat
 * cards, the chart and the recent activity): the units still missing are the shipment's
 * expected − found units less those Amazon already reimbursed (in cash or as inventory). Pure.
 */
export function unitsStillMissing(
  discrepancy: number,
  unitsRecovered: number | null | undefined,
): number {
  return Math.max(0, discrepancy - Math.max(0, unitsRecovered ?? 0));
}

/**
 * The units still missing of a shipment, by SKU where that is known. Before any reimbursement
 * every short item counts as it is. Once Amazon reimbursed units, the case holds only how many
 * (not which SKUs): a shipment short of one SKU still knows it; otherwise the rest is one count
 * with no SKU (`sku: null`), never split by guess.
 */
export function missingBySku(
  items: readonly { sku: string; discrepancy: number }[],
  unitsRecovered: number | null | undefined,
): { sku: string | null; units: number }[] {
  const short = items.filter((item) => item.discrepancy > 0);
  const recovered = Math.max(0, unitsRecovered ?? 0);
  if (recovered === 0) return short.map((item) => ({ sku: item.sku, units: item.discrepancy }));
  const total = short.reduce((sum, item) => sum + item.discrepancy, 0);
  const left = unitsStillMissing(total, recovered);
  if (left === 0) return [];
  return [{ sku: short.length === 1 ? short[0]!.sku : null, units: left }];
}
