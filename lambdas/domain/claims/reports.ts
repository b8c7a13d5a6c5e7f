/**
 * Readers of the FBA reports the customer-return and removal rules need (Reports API
 * 2021-06-30, tab-separated flat files, one header row; columns as in
 * ../shared/design/claim-types.md). Columns are found by name, in any order and case; each
 * reader takes one line at a time (the first is the header) and gives a row, a problem with its
 * line number (a line that does not fit the header is never counted) or nothing (a blank line).
 */
import { fields, type ReportProblem } from '../cases/reimbursements';

export type LineReader<T> = (line: string, lineNo: number) => T | { problem: ReportProblem } | null;

/** A cell by column name, trimmed ('' when the report has no such column). */
type Cell = (name: string) => string;

/**
 * A reader of a tab-separated report: `required` columns must be in the header; `build` turns a
 * line's cells into a row, or into the reason it cannot (a string).
 */
export function tableReader<T>(
  required: readonly string[],
  build: (cell: Cell, lineNo: number) => T | string,
): LineReader<T> {
  let at: Map<string, number> | undefined;
  let width = 0;
  let fatal = false;
  return (line, lineNo) => {
    if (at === undefined) {
      const header = line
        .replace(/^\uFEFF/, '')
        .split('\t')
        .map((h) => h.trim().toLowerCase());
      at = new Map(header.map((name, index) => [name, index]));
      width = header.length;
      const missing = required.filter((name) => !at?.has(name));
      if (missing.length === 0) return null;
      fatal = true;
      return { problem: { line: lineNo, message: `missing columns: ${missing.join(', ')}` } };
    }
    if (fatal || line.trim() === '') return null;
    const cells = fields(line);
    // Trailing empty fields beyond the header are harmless; any other count means a shift.
    while (cells.length > width && (cells[cells.length - 1] ?? '').trim() === '') cells.pop();
    if (cells.length !== width) {
      return {
        problem: {
          line: lineNo,
          message: `unreadable: ${cells.length} fields where the header has ${width}`,
        },
      };
    }
    const out = build((name) => (cells[at?.get(name) ?? -1] ?? '').trim(), lineNo);
    if (typeof out === 'string')
      return { problem: { line: lineNo, message: `unreadable: ${out}` } };
    return out;
  };
}

/**
 * A report date as an ISO day: ISO (with a time and offset after it, the day as written) or
 * month/day/year ("09/01/2026"), as Amazon's flat files write them. Undefined when no real day.
 */
export function reportDay(value: string): string | undefined {
  const text = value.trim();
  let day: string | undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text);
  if (iso) day = iso[1];
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/.exec(text);
  if (us)
    day = `${us[3]}-${(us[1] as string).padStart(2, '0')}-${(us[2] as string).padStart(2, '0')}`;
  if (!day || Number.isNaN(Date.parse(day))) return undefined;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : undefined;
}

/** A count of units: a whole number, 0 when empty; undefined when it is no whole number. */
function units(value: string): number | undefined {
  if (value === '') return 0;
  return /^[-+]?\d+$/.test(value) ? Number(value) : undefined;
}

/** Reads the named quantity columns, or says which one is no whole number. */
function counts<K extends string>(
  cell: Cell,
  names: Record<K, string>,
): Record<K, number> | string {
  const out = {} as Record<K, number>;
  for (const key of Object.keys(names) as K[]) {
    const value = units(cell(names[key]));
    if (value === undefined) return `${names[key]} is not a whole number`;
    out[key] = value;
  }
  return out;
}

// GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA

export const CUSTOMER_RETURN_COLUMNS = [
  'return-date',
  'order-id',
  'sku',
  'asin',
  'fnsku',
  'product-name',
  'quantity',
  'fulfillment-center-id',
  'detailed-disposition',
  'reason',
  'status',
  'license-plate-number',
  'customer-comments',
] as const;

export interface CustomerReturnRow {
  line: number;
  returnDate: string;
  orderId: string;
  sku: string;
  fnsku: string | null;
  quantity: number;
  detailedDisposition: string;
  reason: string;
  status: string;
}

export function customerReturnsReader(): LineReader<CustomerReturnRow> {
  return tableReader(
    ['return-date', 'order-id', 'sku', 'quantity', 'detailed-disposition'],
    (cell, line) => {
      const returnDate = reportDay(cell('return-date'));
      if (!returnDate) return 'return-date is not a date';
      if (!cell('order-id')) return 'order-id is empty';
      const n = counts(cell, { quantity: 'quantity' });
      if (typeof n === 'string') return n;
      return {
        line,
        returnDate,
        orderId: cell('order-id'),
        sku: cell('sku'),
        fnsku: cell('fnsku') || null,
        quantity: n.quantity,
        detailedDisposition: cell('detailed-disposition'),
        reason: cell('reason'),
        status: cell('status'),
      };
    },
  );
}

// GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA

export const REPLACEMENT_COLUMNS = [
  'shipment-date',
  'sku',
  'asin',
  'fulfillment-center-id',
  'original-fulfillment-center-id',
  'quantity',
  'replacement-reason-code',
  'replacement-amazon-order-id',
  'original-amazon-order-id',
] as const;

export interface ReplacementRow {
  line: number;
  shipmentDate: string;
  sku: string;
  quantity: number;
  reasonCode: string;
  replacementOrderId: string;
  originalOrderId: string;
}

export function replacementsReader(): LineReader<ReplacementRow> {
  return tableReader(
    ['shipment-date', 'sku', 'quantity', 'replacement-amazon-order-id', 'original-amazon-order-id'],
    (cell, line) => {
      const shipmentDate = reportDay(cell('shipment-date'));
      if (!shipmentDate) return 'shipment-date is not a date';
      if (!cell('original-amazon-order-id')) return 'original-amazon-order-id is empty';
      const n = counts(cell, { quantity: 'quantity' });
      if (typeof n === 'string') return n;
      return {
        line,
        shipmentDate,
        sku: cell('sku'),
        quantity: n.quantity,
        reasonCode: cell('replacement-reason-code'),
        replacementOrderId: cell('replacement-amazon-order-id'),
        originalOrderId: cell('original-amazon-order-id'),
      };
    },
  );
}

// GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA

export const REMOVAL_ORDER_COLUMNS = [
  'request-date',
  'order-id',
  'order-type',
  'order-status',
  'last-updated-date',
  'sku',
  'fnsku',
  'disposition',
  'requested-quantity',
  'cancelled-quantity',
  'disposed-quantity',
  'shipped-quantity',
  'in-process-quantity',
  'removal-fee',
  'currency',
] as const;

export interface RemovalOrderRow {
  line: number;
  requestDate: string;
  orderId: string;
  /** Amazon's order type: Return (back to the seller) or Disposal. */
  orderType: string;
  orderStatus: string;
  lastUpdatedDate: string;
  sku: string;
  fnsku: string | null;
  requested: number;
  cancelled: number;
  disposed: number;
  shipped: number;
  inProcess: number;
}

export function removalOrdersReader(): LineReader<RemovalOrderRow> {
  return tableReader(
    ['request-date', 'order-id', 'order-type', 'sku', 'disposed-quantity', 'shipped-quantity'],
    (cell, line) => {
      const requestDate = reportDay(cell('request-date'));
      if (!requestDate) return 'request-date is not a date';
      const updated = cell('last-updated-date');
      const lastUpdatedDate = updated === '' ? requestDate : reportDay(updated);
      if (!lastUpdatedDate) return 'last-updated-date is not a date';
      if (!cell('order-id')) return 'order-id is empty';
      const n = counts(cell, {
        requested: 'requested-quantity',
        cancelled: 'cancelled-quantity',
        disposed: 'disposed-quantity',
        shipped: 'shipped-quantity',
        inProcess: 'in-process-quantity',
      });
      if (typeof n === 'string') return n;
      return {
        line,
        requestDate,
        orderId: cell('order-id'),
        orderType: cell('order-type'),
        orderStatus: cell('order-status'),
        lastUpdatedDate,
        sku: cell('sku'),
        fnsku: cell('fnsku') || null,
        ...n,
      };
    },
  );
}

// GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA

export const REMOVAL_SHIPMENT_COLUMNS = [
  'request-date',
  'order-id',
  'shipment-date',
  'sku',
  'fnsku',
  'disposition',
  'shipped-quantity',
  'carrier',
  'tracking-number',
  'removal-order-type',
] as const;

export interface RemovalShipmentRow {
  line: number;
  requestDate: string;
  orderId: string;
  shipmentDate: string;
  sku: string;
  fnsku: string | null;
  shipped: number;
  carrier: string;
  trackingNumber: string;
  /** Amazon's removal order type: Return (to the seller), Disposal, Liquidations; '' if absent. */
  orderType: string;
}

export function removalShipmentsReader(): LineReader<RemovalShipmentRow> {
  return tableReader(
    ['request-date', 'order-id', 'shipment-date', 'sku', 'shipped-quantity', 'tracking-number'],
    (cell, line) => {
      const requestDate = reportDay(cell('request-date'));
      if (!requestDate) return 'request-date is not a date';
      const shipmentDate = reportDay(cell('shipment-date'));
      if (!shipmentDate) return 'shipment-date is not a date';
      if (!cell('order-id')) return 'order-id is empty';
      const n = counts(cell, { shipped: 'shipped-quantity' });
      if (typeof n === 'string') return n;
      return {
        line,
        requestDate,
        orderId: cell('order-id'),
        shipmentDate,
        sku: cell('sku'),
        fnsku: cell('fnsku') || null,
        shipped: n.shipped,
        carrier: cell('carrier'),
        trackingNumber: cell('tracking-number'),
        orderType: cell('removal-order-type'),
      };
    },
  );
}

// GET_FBA_REIMBURSEMENTS_DATA, only the lines that name an order (customer returns, removals)

/** A reimbursement of units of an order: what de-duplicates the order-level rules. */
export interface OrderReimbursementRow {
  line: number;
  approvalDate: string;
  orderId: string;
  sku: string;
  reason: string;
  /** Units reimbursed (cash + inventory), signed: negative on a reversal taking units away. */
  units: number;
  reimbursementId: string;
  /** The cash paid (`amount-total`), signed; 0 when the line gives none. */
  amountTotal: number;
  /** `currency-unit`; '' when the line gives none. */
  currency: string;
}

/**
 * The reimbursements report read for its order ids (`amazon-order-id`): lines without one give
 * nothing; the rest of the report is read by `parseReimbursementsReport`.
 */
export function orderReimbursementsReader(): LineReader<OrderReimbursementRow | null> {
  return tableReader(
    ['approval-date', 'amazon-order-id', 'reason', 'sku', 'quantity-reimbursed-total'],
    (cell, line) => {
      if (cell('amazon-order-id') === '') return null;
      const approvalDate = reportDay(cell('approval-date'));
      if (!approvalDate) return 'approval-date is not a date';
      const n = counts(cell, {
        cash: 'quantity-reimbursed-cash',
        inventory: 'quantity-reimbursed-inventory',
        total: 'quantity-reimbursed-total',
      });
      if (typeof n === 'string') return n;
      const split =
        cell('quantity-reimbursed-cash') !== '' || cell('quantity-reimbursed-inventory') !== '';
      const total = cell('amount-total').replace(/,(?=\d{3}(\D|$))/g, '');
      if (total !== '' && !/^-?\d+(\.\d+)?$/.test(total)) return 'amount-total is not a number';
      return {
        line,
        approvalDate,
        orderId: cell('amazon-order-id'),
        sku: cell('sku'),
        reason: cell('reason'),
        units: split ? n.cash + n.inventory : n.total,
        reimbursementId: cell('reimbursement-id'),
        amountTotal: total === '' ? 0 : Number(total),
        currency: cell('currency-unit').toUpperCase(),
      };
    },
  );
}

/** Every row a reader gives for a text, and its problems. */
export function readAll<T>(
  reader: LineReader<T | null>,
  lines: Iterable<string>,
): { rows: T[]; problems: ReportProblem[] } {
  const rows: T[] = [];
  const problems: ReportProblem[] = [];
  let lineNo = 0;
  for (const line of lines) {
    lineNo += 1;
    const out = reader(line, lineNo);
    if (out === null) continue;
    if (typeof out === 'object' && 'problem' in out) problems.push(out.problem);
    else rows.push(out);
  }
  return { rows, problems };
}
