/**
 * Finances v2024-06-19 `listTransactions` transactions (../shared/spapi-models/
 * finances_2024-06-19.json), read for what the customer-return rules need: refunds to buyers
 * (transactionType `Refund`), their order (relatedIdentifiers ORDER_ID), day (postedDate),
 * marketplace (marketplaceDetails) and items (ProductContext: sku, quantityShipped,
 * fulfillmentNetwork, AFN being Amazon's network, i.e. FBA; the item's totalAmount). Any
 * transaction is checked against the model's shape, so one that does not fit is reported with
 * its place in the list, never guessed; a refund must also name its order and each item's SKU
 * and quantity.
 */
import * as z from 'zod';
import type { ReportProblem } from '../cases/reimbursements';

const currency = z.object({
  currencyCode: z.string().regex(/^[A-Za-z]{3}$/),
  currencyAmount: z.number().finite(),
});

const context = z.looseObject({
  contextType: z.string(),
  sku: z.string().optional(),
  asin: z.string().optional(),
  quantityShipped: z.number().int().optional(),
  fulfillmentNetwork: z.string().optional(),
});

const item = z.looseObject({
  description: z.string().optional(),
  totalAmount: currency.optional(),
  contexts: z.array(context).optional(),
});

/** A transaction as the model describes it (fields we do not read are let through). */
export const transactionSchema = z.looseObject({
  transactionType: z.string().min(1),
  transactionId: z.string().optional(),
  description: z.string().optional(),
  postedDate: z.iso.datetime({ offset: true }),
  relatedIdentifiers: z
    .array(z.object({ relatedIdentifierName: z.string(), relatedIdentifierValue: z.string() }))
    .optional(),
  totalAmount: currency,
  marketplaceDetails: z
    .object({ marketplaceId: z.string().optional(), marketplaceName: z.string().optional() })
    .optional(),
  sellingPartnerMetadata: z.looseObject({ marketplaceId: z.string().optional() }).optional(),
  items: z.array(item).optional(),
});

export interface RefundItem {
  sku: string;
  quantity: number;
  /** 'AFN' for FBA, 'MFN' for the seller's own; null when the transaction does not say. */
  fulfillmentNetwork: string | null;
  /** The item's amount as posted (negative: taken back from the seller); null when absent. */
  amount: number | null;
  currency: string | null;
}

export interface Refund {
  /** The transaction's place in the list, from 1. */
  index: number;
  orderId: string;
  /** The day it was posted (UTC). */
  postedDay: string;
  marketplaceId: string | null;
  items: RefundItem[];
}

export interface TransactionsRead {
  refunds: Refund[];
  /** The marketplace of each order any transaction names (to place replacements). */
  marketplaceByOrder: Map<string, string>;
  problems: ReportProblem[];
}

const orderIdOf = (ids: { relatedIdentifierName: string; relatedIdentifierValue: string }[]) =>
  ids.find((id) => id.relatedIdentifierName === 'ORDER_ID')?.relatedIdentifierValue.trim();

/**
 * Reads transactions one at a time (`line` in a problem is the transaction's place in the list).
 * Returns a function to feed, and the result it fills.
 */
export function transactionsReader(
  /** Which orders' marketplaces to keep (all unless given: a seller has tens of thousands). */
  keepMarketplaceOf: (orderId: string) => boolean = () => true,
): {
  read: (value: unknown, index: number) => void;
  result: TransactionsRead;
} {
  const result: TransactionsRead = { refunds: [], marketplaceByOrder: new Map(), problems: [] };
  const read = (value: unknown, index: number) => {
    const reject = (why: string) =>
      result.problems.push({ line: index, message: `transaction ${index} unreadable: ${why}` });
    const parsed = transactionSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reject(`${issue?.path.join('.') || 'transaction'}: ${issue?.message ?? 'invalid'}`);
      return;
    }
    const tx = parsed.data;
    const orderId = orderIdOf(tx.relatedIdentifiers ?? []);
    const marketplaceId =
      tx.marketplaceDetails?.marketplaceId ?? tx.sellingPartnerMetadata?.marketplaceId ?? null;
    if (orderId && marketplaceId && keepMarketplaceOf(orderId))
      result.marketplaceByOrder.set(orderId, marketplaceId);
    if (tx.transactionType.toLowerCase() !== 'refund') return;
    if (!orderId) {
      reject('a refund with no ORDER_ID in relatedIdentifiers');
      return;
    }
    const items: RefundItem[] = [];
    for (const [at, it] of (tx.items ?? []).entries()) {
      const product = it.contexts?.find((c) => c.contextType === 'ProductContext');
      if (!product?.sku || product.quantityShipped === undefined) {
        reject(`items.${at}: a refunded item with no ProductContext sku and quantityShipped`);
        return;
      }
      items.push({
        sku: product.sku,
        quantity: Math.abs(product.quantityShipped),
        fulfillmentNetwork: product.fulfillmentNetwork?.toUpperCase() ?? null,
        amount: it.totalAmount?.currencyAmount ?? null,
        currency: it.totalAmount?.currencyCode.toUpperCase() ?? null,
      });
    }
    if (items.length === 0) {
      reject('a refund with no items');
      return;
    }
    result.refunds.push({
      index,
      orderId,
      postedDay: new Date(tx.postedDate).toISOString().slice(0, 10),
      marketplaceId,
      items,
    });
  };
  return { read, result };
}

/**
 * The elements of a JSON array, each as its own text, without parsing the whole array (a
 * seller's 18 months of transactions hold hundreds of thousands). Throws when the text is no
 * array.
 */
export function* jsonArrayElements(text: string): Generator<string> {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  };
  skipSpace();
  if (text.charCodeAt(i) === 0xfeff) {
    i += 1;
    skipSpace();
  }
  if (text[i] !== '[') throw new Error('not a JSON array');
  i += 1;
  for (;;) {
    skipSpace();
    if (text[i] === ']') return;
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i += 1) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i += 1;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth -= 1;
      } else if (c === ',' && depth === 0) break;
    }
    if (i >= text.length) throw new Error('not a JSON array: it does not end');
    yield text.slice(start, i);
    if (text[i] === ',') i += 1;
  }
}

/** Reads a `transactions.json` text: one JSON array of transactions. */
export function readTransactions(
  text: string,
  keepMarketplaceOf?: (orderId: string) => boolean,
): TransactionsRead {
  const { read, result } = transactionsReader(keepMarketplaceOf);
  let index = 0;
  for (const element of jsonArrayElements(text)) {
    index += 1;
    let value: unknown;
    try {
      value = JSON.parse(element);
    } catch {
      result.problems.push({ line: index, message: `transaction ${index} unreadable: not JSON` });
      continue;
    }
    read(value, index);
  }
  return result;
}
