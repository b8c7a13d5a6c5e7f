/**
 * The Costi screen's reads and writes (issue 31): every SKU of the seller with its unit cost,
 * where it comes from and its state; the seller confirms an invoice's cost or types their own.
 * The invoices, verdicts and SKUs are read whole and matched now (a verdict or an invoice given
 * since counts at once); the rows are then paged by SKU.
 */
import { ReasonedRefusal, type Refusal } from '../errors';
import { LineVerdicts, type LineVerdictRecord } from '../documents/invoice-match';
import type { UncostedSku } from '../claims/uncosted';
import { isValidUnitAmount, type InvoiceSource, type SkuValue } from '../sync/sku-values';
import {
  UNIT_COST_PAGE_SIZE,
  type InvoiceSourceView,
  type UnitCostDecided,
  type UnitCostDecision,
  type UnitCostPage,
  type UnitCostQuery,
  type UnitCostView,
} from './contract';
import {
  confirmedValue,
  correctedValue,
  costRow,
  invoiceCosts,
  type CostInvoice,
  type CostRow,
  type InvoiceCost,
} from './unit-costs';

/** A SKU of the seller's shipments, with the codes the matcher uses. */
export interface SellerSku {
  sku: string;
  title: string | null;
  asin: string | null;
  fnsku?: string | null;
}

export interface CostDeps {
  listInvoices(userId: string): Promise<CostInvoice[]>;
  listVerdicts(userId: string): Promise<LineVerdictRecord[]>;
  listSkus(userId: string): Promise<SellerSku[]>;
  /** The SKUs Amazon reimbursed that the last audit could not check for lack of a cost. */
  listUncosted(userId: string): Promise<UncostedSku[]>;
  listValues(userId: string): Promise<SkuValue[]>;
  putValue(userId: string, value: SkuValue): Promise<void>;
  /** The dashboard's figures follow the unit values. */
  afterChange(userId: string): Promise<void>;
  now(): number;
}

const COST_REFUSALS = {
  amount_invalid: { kind: 'invalid_input', messageKey: 'unitCostInvalid' },
  cost_changed: { kind: 'conflict', messageKey: 'unitCostChanged' },
} as const satisfies Record<string, Refusal>;

export class CostRefused extends ReasonedRefusal<keyof typeof COST_REFUSALS> {
  constructor(reason: keyof typeof COST_REFUSALS) {
    super(reason, COST_REFUSALS);
  }
}

interface Costs {
  skus: Map<string, SellerSku>;
  values: Map<string, SkuValue>;
  derived: Map<string, InvoiceCost>;
  reimbursed: Map<string, UncostedSku>;
}

async function costsOf(deps: CostDeps, userId: string): Promise<Costs> {
  const [invoices, verdicts, listed, held, uncosted] = await Promise.all([
    deps.listInvoices(userId),
    deps.listVerdicts(userId),
    deps.listSkus(userId),
    deps.listValues(userId),
    deps.listUncosted(userId),
  ]);
  const skus = new Map<string, SellerSku>();
  for (const s of listed) if (!skus.has(s.sku)) skus.set(s.sku, s);
  // A SKU Amazon reimbursed that no shipment holds: listed too, so it can get a cost.
  const reimbursed = new Map(uncosted.map((s) => [s.sku, s]));
  for (const s of uncosted) {
    if (!skus.has(s.sku)) skus.set(s.sku, { sku: s.sku, title: null, asin: null, fnsku: s.fnsku });
  }
  const values = new Map(held.map((v) => [v.sku, v]));
  const toMatch = [...skus.values()].map((s) => ({
    sku: s.sku,
    title: s.title,
    asin: s.asin,
    fnsku: s.fnsku ?? null,
    missing: 0,
  }));
  const today = new Date(deps.now()).toISOString().slice(0, 10);
  const derived = invoiceCosts(invoices, toMatch, new LineVerdicts(verdicts), today);
  return { skus, values, derived, reimbursed };
}

function sourceView(source: InvoiceSource): InvoiceSourceView {
  return {
    document_id: source.documentId,
    invoice_index: source.invoiceIndex,
    number: source.number,
    date: source.date,
    line: source.line,
  };
}

function view(row: CostRow, reimbursed: UncostedSku | undefined): UnitCostView {
  return {
    sku: row.sku,
    title: row.title,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    invoice: row.invoice ? sourceView(row.invoice) : null,
    counts: row.counts,
    proposal: row.proposal
      ? {
          amount: row.proposal.amount,
          currency: row.proposal.currency,
          invoice: {
            ...sourceView(row.proposal.invoice),
            description: row.proposal.invoice.description,
          },
        }
      : null,
    reimbursed: reimbursed
      ? {
          reimbursements: reimbursed.reimbursements,
          units: reimbursed.units,
          latest_approval: reimbursed.latestApproval,
        }
      : null,
  };
}

function viewOf(costs: Costs, sku: string): UnitCostView {
  const row = costRow(
    sku,
    costs.skus.get(sku)?.title ?? null,
    costs.values.get(sku),
    costs.derived.get(sku),
  );
  return view(row, costs.reimbursed.get(sku));
}

/** The SKU a cursor names (the last of the previous page), or undefined. */
function afterSku(cursor: string | undefined): string | undefined {
  return cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;
}

/**
 * A page of the caller's SKUs (of their shipments, those Amazon reimbursed that the audit could
 * not check, and any they gave a value), by SKU.
 */
export async function unitCostPage(
  deps: CostDeps,
  userId: string,
  query: UnitCostQuery,
): Promise<UnitCostPage> {
  const costs = await costsOf(deps, userId);
  const all = [...new Set([...costs.skus.keys(), ...costs.values.keys()])].sort();
  const after = afterSku(query.cursor);
  const start = after === undefined ? 0 : all.findIndex((sku) => sku > after);
  const limit = query.limit ?? UNIT_COST_PAGE_SIZE;
  const page = start < 0 ? [] : all.slice(start, start + limit);
  const last = page.at(-1);
  const more = start >= 0 && start + limit < all.length;
  return {
    costs: page.map((sku) => viewOf(costs, sku)),
    next_cursor:
      more && last !== undefined ? Buffer.from(last, 'utf8').toString('base64url') : null,
    total: all.length,
  };
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** The seller confirms the invoice cost shown, or holds their own: the SKU's row after it. */
export async function decideUnitCost(
  deps: CostDeps,
  userId: string,
  decision: UnitCostDecision,
): Promise<UnitCostDecided> {
  const costs = await costsOf(deps, userId);
  const derived = costs.derived.get(decision.sku);
  const now = new Date(deps.now()).toISOString();
  let value: SkuValue;
  if (decision.action === 'confirm') {
    const shown = derived?.invoice;
    if (
      !derived ||
      shown?.documentId !== decision.document_id ||
      shown.invoiceIndex !== decision.invoice_index ||
      shown.line !== decision.line
    ) {
      throw new CostRefused('cost_changed');
    }
    value = confirmedValue(derived, now);
  } else {
    const currency = decision.currency.trim().toUpperCase();
    if (!isValidUnitAmount(decision.amount) || !ISO_CURRENCY.test(currency)) {
      throw new CostRefused('amount_invalid');
    }
    value = correctedValue(decision.sku, decision.amount, currency, derived, now);
  }
  await deps.putValue(userId, value);
  costs.values.set(value.sku, value);
  await deps.afterChange(userId);
  return { cost: viewOf(costs, decision.sku) };
}
