import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { getProfile } from '../adapters/dynamo/profiles';
import { listStoredShipments } from '../adapters/dynamo/shipments';
import { listSkuValues, putSkuValue } from '../adapters/dynamo/sku-values';
import { getUncostedSkus } from '../adapters/dynamo/uncosted-skus';
import { listAllSupplierInvoices, listLineVerdicts } from '../adapters/dynamo/supplier-library';
import type { CostDeps, SellerSku } from '../domain/costs/cost-page';
import { isRealMode } from '../domain/sync/shipment-list';

/** The SKUs of the caller's shipments (real ones only once the account is live). */
async function listSkus(userId: string): Promise<SellerSku[]> {
  const [profile, shipments] = await Promise.all([getProfile(userId), listStoredShipments(userId)]);
  const real = isRealMode(profile?.mode);
  return shipments
    .filter((s) => !real || !s.demo)
    .flatMap((s) => s.items.map((i) => ({ sku: i.sku, title: i.title, asin: i.asin })));
}

/** The Costi screen against the table: the supplier library, the verdicts and the unit values. */
export const unitCostDependencies: CostDeps = {
  listInvoices: async (userId) =>
    (await listAllSupplierInvoices(userId)).map((row) => ({
      documentId: row.document_id,
      invoiceIndex: row.invoice_index,
      number: row.number,
      date: row.date,
      currency: row.currency ?? null,
      creditNote: row.credit_note === true,
      lines: row.lines,
    })),
  listVerdicts: listLineVerdicts,
  listSkus,
  listUncosted: getUncostedSkus,
  listValues: listSkuValues,
  putValue: putSkuValue,
  afterChange: afterDashboardDataChanged,
  now: () => Date.now(),
};
