import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserPages } from '../../../lib/swr';
import {
  unitCostDecidedSchema,
  unitCostPageSchema,
  type UnitCostDecision,
  type UnitCostView,
} from '@domain/costs/contract';

export type { UnitCostView } from '@domain/costs/contract';

/** `GET /api/unit-costs` page after page: the seller's SKUs with their unit cost (issue 31). */
export function useUnitCostPages() {
  return useUserPages('/unit-costs', { limit: '50' }, unitCostPageSchema, (p) => p.next_cursor);
}

async function decide(body: UnitCostDecision): Promise<UnitCostView> {
  const answer = await apiRequest('/unit-costs', {
    method: 'PUT',
    body,
    schema: unitCostDecidedSchema,
  });
  await revalidate('/unit-costs', '/shipments', '/dashboard');
  return answer.cost;
}

/** The seller accepts the invoice cost shown (named by its invoice line). */
export function confirmUnitCost(
  sku: string,
  invoice: { document_id: string; invoice_index: number; line: number },
): Promise<UnitCostView> {
  return decide({
    action: 'confirm',
    sku,
    document_id: invoice.document_id,
    invoice_index: invoice.invoice_index,
    line: invoice.line,
  });
}

/** The seller's own unit cost, in the currency given. */
export function correctUnitCost(sku: string, amount: number, currency: string) {
  return decide({ action: 'correct', sku, amount, currency });
}
