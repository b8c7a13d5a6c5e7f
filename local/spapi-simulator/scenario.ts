import fs from 'node:fs';
import { z } from 'zod';
import {
  parseFeedbackDate,
  parseIsoDateTime,
  shiftFeedbackDate,
  shiftIsoDate,
  shiftIsoDateTime,
} from './dates';
import { MARKETPLACES, marketplaceForCountry } from './marketplaces';

/** Statuses a shipment can have in a getShipments response (the model's `ShipmentStatus`). */
export const SHIPMENT_STATUSES = [
  'WORKING',
  'SHIPPED',
  'RECEIVING',
  'CANCELLED',
  'DELETED',
  'CLOSED',
  'ERROR',
  'IN_TRANSIT',
  'DELIVERED',
  'CHECKED_IN',
] as const;

const isoDateTime = z.string().refine((s) => parseIsoDateTime(s) !== undefined, {
  message: 'expected an ISO 8601 date-time with offset, e.g. 2026-11-01T00:00:00Z',
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

const quantity = z.number().int().min(0).max(2147483647);

const marketplaceId = z.string().refine((id) => MARKETPLACES.has(id), {
  message: `unknown marketplace id; known: ${[...MARKETPLACES.keys()].join(', ')}`,
});

// Lengths are the model's (fulfillmentInboundV0 `Address`) so a scenario cannot produce a
// response Amazon would never send.
const address = z.strictObject({
  Name: z.string().min(1).max(50),
  AddressLine1: z.string().min(1).max(180),
  AddressLine2: z.string().max(60).optional(),
  DistrictOrCounty: z.string().max(25).optional(),
  City: z.string().min(1).max(30),
  StateOrProvinceCode: z.string().optional(),
  CountryCode: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code'),
  PostalCode: z.string().min(1).max(30),
});

const shipmentItem = z.strictObject({
  SellerSKU: z.string().min(1),
  FulfillmentNetworkSKU: z.string().min(1).optional(),
  QuantityShipped: quantity,
  QuantityReceived: quantity.optional(),
  QuantityInCase: quantity.optional(),
});

const shipment = z.strictObject({
  ShipmentId: z.string().min(1),
  ShipmentName: z.string(),
  ShipmentStatus: z.enum(SHIPMENT_STATUSES),
  DestinationFulfillmentCenterId: z.string().min(1),
  MarketplaceId: marketplaceId,
  LastUpdatedDate: isoDateTime,
  LabelPrepType: z.enum(['NO_LABEL', 'SELLER_LABEL', 'AMAZON_LABEL']).optional(),
  AreCasesRequired: z.boolean().default(false),
  ConfirmedNeedByDate: isoDate.optional(),
  BoxContentsSource: z.enum(['NONE', 'FEED', '2D_BARCODE', 'INTERACTIVE']).optional(),
  ShipFromAddress: address,
  items: z.array(shipmentItem).default([]),
});

const inventorySummary = z.strictObject({
  sellerSku: z.string().min(1),
  fnSku: z.string().min(1),
  asin: z.string().min(1),
  productName: z.string(),
  condition: z.string().default('NewItem'),
  totalQuantity: quantity.optional(),
  lastUpdatedTime: isoDateTime.optional(),
  inventoryDetails: z
    .strictObject({
      fulfillableQuantity: quantity.optional(),
      inboundWorkingQuantity: quantity.optional(),
      inboundShippedQuantity: quantity.optional(),
      inboundReceivingQuantity: quantity.optional(),
    })
    .optional(),
});

const feedbackRow = z.strictObject({
  Date: z.string().refine((s) => parseFeedbackDate(s) !== undefined, {
    message: 'expected a date as YYYY-MM-DD, DD/MM/YYYY, DD/MM/YY or an ISO date-time',
  }),
  Rating: z.number().int().min(1).max(5),
  Comments: z.string(),
  Response: z.string().default(''),
  'Order ID': z
    .string()
    .regex(/^\d{3}-\d{7}-\d{7}$/, 'expected an order id like 171-1234567-1234567'),
  'Rater Email': z.string(),
});

/**
 * One line of the FBA reimbursements report (GET_FBA_REIMBURSEMENTS_DATA) with Amazon's column
 * names: a reimbursement Amazon approved, a partial one, or a reversal of an earlier one.
 */
export const reimbursementRow = z.strictObject({
  'approval-date': isoDateTime,
  'reimbursement-id': z.string().regex(/^\d{6,15}$/, 'expected a numeric reimbursement id'),
  'case-id': z.string().default(''),
  'amazon-order-id': z.string().default(''),
  reason: z.string().min(1),
  sku: z.string().min(1),
  fnsku: z.string().default(''),
  asin: z.string().default(''),
  'product-name': z.string().default(''),
  condition: z.string().default('NewItem'),
  'currency-unit': z.string().regex(/^[A-Z]{3}$/, 'expected a currency code like EUR'),
  'amount-per-unit': z.number().default(0),
  'amount-total': z.number(),
  'quantity-reimbursed-cash': z.number().int().default(0),
  'quantity-reimbursed-inventory': z.number().int().default(0),
  'original-reimbursement-id': z.string().default(''),
  'original-reimbursement-type': z.string().default(''),
});

/**
 * One line of the inventory ledger, detailed view (GET_LEDGER_DETAIL_VIEW_DATA), with Amazon's
 * column names. A receipt of an inbound shipment has Event Type "Receipts" and the shipment id
 * as Reference ID. `Date` is written here as an ISO date-time (so it moves with
 * `datesRelativeTo`); the report prints it as Amazon's flat file does (MM/DD/YYYY).
 */
export const ledgerRow = z.strictObject({
  Date: isoDateTime,
  FNSKU: z.string().default(''),
  ASIN: z.string().default(''),
  MSKU: z.string().min(1),
  Title: z.string().default(''),
  'Event Type': z.enum([
    'Receipts',
    'Shipments',
    'CustomerReturns',
    'WhseTransfers',
    'Adjustments',
    'VendorReturns',
  ]),
  'Reference ID': z.string().default(''),
  Quantity: z.number().int(),
  'Fulfillment Center': z.string().default(''),
  Disposition: z.string().default('SELLABLE'),
  Reason: z.string().default(''),
  Country: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code'),
  'Reconciled Quantity': z.number().int().default(0),
  'Unreconciled Quantity': z.number().int().default(0),
});

const orderId = z
  .string()
  .regex(/^\d{3}-\d{7}-\d{7}$/, 'expected an order id like 171-1234567-1234567');

/** One line of GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA, with Amazon's column names. */
export const customerReturnRow = z.strictObject({
  'return-date': isoDateTime,
  'order-id': orderId,
  sku: z.string().min(1),
  asin: z.string().default(''),
  fnsku: z.string().default(''),
  'product-name': z.string().default(''),
  quantity: z.number().int().min(1),
  'fulfillment-center-id': z.string().default(''),
  'detailed-disposition': z.string().min(1),
  reason: z.string().default(''),
  status: z.string().default('Unit returned to inventory'),
  'license-plate-number': z.string().default(''),
  'customer-comments': z.string().default(''),
});

/** One line of GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA. */
export const replacementRow = z.strictObject({
  'shipment-date': isoDateTime,
  sku: z.string().min(1),
  asin: z.string().default(''),
  'fulfillment-center-id': z.string().default(''),
  'original-fulfillment-center-id': z.string().default(''),
  quantity: z.number().int().min(1),
  'replacement-reason-code': z.string().default(''),
  'replacement-amazon-order-id': orderId,
  'original-amazon-order-id': orderId,
});

/** One line of GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA. */
export const removalOrderRow = z.strictObject({
  'request-date': isoDateTime,
  'order-id': z.string().min(1),
  'order-type': z.enum(['Return', 'Disposal', 'Liquidations']),
  'order-status': z.string().default('Completed'),
  'last-updated-date': isoDateTime,
  sku: z.string().min(1),
  fnsku: z.string().default(''),
  disposition: z.string().default('Sellable'),
  'requested-quantity': quantity,
  'cancelled-quantity': quantity.default(0),
  'disposed-quantity': quantity.default(0),
  'shipped-quantity': quantity.default(0),
  'in-process-quantity': quantity.default(0),
  'removal-fee': z.number().default(0),
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected a currency code like EUR'),
});

/** One line of GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA. */
export const removalShipmentRow = z.strictObject({
  'request-date': isoDateTime,
  'order-id': z.string().min(1),
  'shipment-date': isoDateTime,
  sku: z.string().min(1),
  fnsku: z.string().default(''),
  disposition: z.string().default('Sellable'),
  'shipped-quantity': quantity,
  carrier: z.string().default(''),
  'tracking-number': z.string().default(''),
  'removal-order-type': z.enum(['Return', 'Disposal', 'Liquidations']).default('Return'),
});

/**
 * A Finances v2024-06-19 `Transaction` as listTransactions returns it: checked here for the
 * fields the simulator reads (posted date, marketplace); the response is checked against
 * Amazon's model by the simulator's tests.
 */
export const financeTransaction = z.looseObject({
  transactionType: z.string().min(1),
  postedDate: isoDateTime,
  marketplaceDetails: z.looseObject({ marketplaceId: marketplaceId.optional() }).optional(),
});

const scenarioSchema = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    datesRelativeTo: isoDateTime.optional(),
    seller: z.strictObject({
      sellingPartnerId: z
        .string()
        .regex(/^A[0-9A-Z]{5,20}$/, 'expected a selling partner id like A3...'),
      storeName: z.string().min(1),
      marketplaceIds: z.array(marketplaceId).min(1),
    }),
    connection: z.strictObject({
      countryCode: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code'),
    }),
    inbound: z
      .strictObject({
        pageSize: z.number().int().min(1).max(1000).default(20),
        itemsPageSize: z.number().int().min(1).max(1000).default(10),
        shipments: z.array(shipment).default([]),
      })
      .prefault({}),
    inventory: z.strictObject({ summaries: z.array(inventorySummary).default([]) }).prefault({}),
    feedbackReport: z.strictObject({ rows: z.array(feedbackRow).default([]) }).prefault({}),
    reimbursementsReport: z
      .strictObject({ rows: z.array(reimbursementRow).default([]) })
      .prefault({}),
    ledgerReport: z.strictObject({ rows: z.array(ledgerRow).default([]) }).prefault({}),
    customerReturnsReport: z
      .strictObject({ rows: z.array(customerReturnRow).default([]) })
      .prefault({}),
    replacementsReport: z.strictObject({ rows: z.array(replacementRow).default([]) }).prefault({}),
    removalOrdersReport: z
      .strictObject({ rows: z.array(removalOrderRow).default([]) })
      .prefault({}),
    removalShipmentsReport: z
      .strictObject({ rows: z.array(removalShipmentRow).default([]) })
      .prefault({}),
    finances: z
      .strictObject({
        pageSize: z.number().int().min(1).max(1000).default(100),
        transactions: z.array(financeTransaction).default([]),
      })
      .prefault({}),
    faults: z
      .strictObject({
        throttleEveryNthCall: z.number().int().min(1).optional(),
        serverErrorEveryNthCall: z.number().int().min(1).optional(),
        /** listTransactions answers 403, as for a token without the finance role. */
        financeForbidden: z.boolean().optional(),
      })
      .default({}),
    rateScale: z.number().positive().max(1_000_000).default(1),
  })
  .superRefine((s, ctx) => {
    const country = marketplaceForCountry(s.connection.countryCode);
    if (!country || !s.seller.marketplaceIds.includes(country.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['connection', 'countryCode'],
        message: `${s.connection.countryCode} is not the country of one of seller.marketplaceIds`,
      });
    }
    reportDuplicates(
      ctx,
      s.inbound.shipments.map((sh) => sh.ShipmentId),
      ['inbound', 'shipments'],
      'ShipmentId',
    );
    reportDuplicates(
      ctx,
      s.inventory.summaries.map((inv) => inv.sellerSku),
      ['inventory', 'summaries'],
      'sellerSku',
    );
  });

function reportDuplicates(
  ctx: z.RefinementCtx,
  values: string[],
  path: (string | number)[],
  field: string,
): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, index, field],
        message: `duplicate ${value}`,
      });
    }
    seen.add(value);
  });
}

/** A validated scenario, with defaults filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
/** A scenario as written in a file (defaults optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioShipment = Scenario['inbound']['shipments'][number];
export type ScenarioShipmentItem = ScenarioShipment['items'][number];
export type ScenarioInventorySummary = Scenario['inventory']['summaries'][number];
export type FeedbackRow = Scenario['feedbackReport']['rows'][number];
export type ReimbursementRow = Scenario['reimbursementsReport']['rows'][number];
export type LedgerRow = Scenario['ledgerReport']['rows'][number];
export type FinanceTransaction = Scenario['finances']['transactions'][number];

/** One problem in a scenario, located by its JSON path (`inbound.shipments[3].LastUpdatedDate`). */
export interface ScenarioIssue {
  path: string;
  message: string;
}

/** A scenario that cannot be used; the message names every problem and where it is. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  constructor(
    message: string,
    readonly issues: ScenarioIssue[] = [],
  ) {
    super(message);
  }
}

function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) {
      out += out ? `.${key}` : key;
    } else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(root)';
}

/** Options for {@link parseScenario}. */
export interface ParseScenarioOptions {
  /** Resolves `datesRelativeTo` against this instant; without it the dates stay as written. */
  now?: Date;
  /** Names the source in error messages (a file path). */
  source?: string;
}

/**
 * Validates a scenario document.
 *
 * @throws ScenarioError naming each problem by its JSON path.
 */
export function parseScenario(json: unknown, options: ParseScenarioOptions = {}): Scenario {
  const result = scenarioSchema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: jsonPath(issue.path),
      message: issue.message.replace(
        /^Invalid input: expected (\w+), received undefined$/,
        'required ($1)',
      ),
    }));
    const where = options.source ? ` ${options.source}` : '';
    const lines = issues.map((i) => `  ${i.path}: ${i.message}`);
    throw new ScenarioError(`Invalid scenario${where}:\n${lines.join('\n')}`, issues);
  }
  return options.now ? resolveScenarioDates(result.data, options.now) : result.data;
}

/**
 * Reads and validates a scenario file.
 *
 * @throws ScenarioError when the file cannot be read, is not JSON or is not a valid scenario.
 */
export function loadScenarioFile(
  file: string,
  options: Omit<ParseScenarioOptions, 'source'> = {},
): Scenario {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioError(`Cannot read scenario file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ScenarioError(`Scenario file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return parseScenario(json, { ...options, source: file });
}

/**
 * Moves every date of a scenario that declares `datesRelativeTo` by `now − datesRelativeTo`,
 * so that a file written once keeps its shipments inside the 18-month lookback forever.
 * A scenario without `datesRelativeTo` is returned unchanged.
 */
export function resolveScenarioDates(scenario: Scenario, now: Date): Scenario {
  if (scenario.datesRelativeTo === undefined) return scenario;
  const anchor = parseIsoDateTime(scenario.datesRelativeTo);
  if (!anchor) throw new ScenarioError('datesRelativeTo: not an ISO date-time');
  const delta = now.getTime() - anchor.getTime();
  const { datesRelativeTo: _anchor, ...rest } = scenario;
  return {
    ...rest,
    inbound: {
      ...scenario.inbound,
      shipments: scenario.inbound.shipments.map((s) => ({
        ...s,
        LastUpdatedDate: shiftIsoDateTime(s.LastUpdatedDate, delta),
        ...(s.ConfirmedNeedByDate !== undefined
          ? { ConfirmedNeedByDate: shiftIsoDate(s.ConfirmedNeedByDate, delta) }
          : {}),
      })),
    },
    inventory: {
      summaries: scenario.inventory.summaries.map((inv) =>
        inv.lastUpdatedTime === undefined
          ? inv
          : { ...inv, lastUpdatedTime: shiftIsoDateTime(inv.lastUpdatedTime, delta) },
      ),
    },
    feedbackReport: {
      rows: scenario.feedbackReport.rows.map((row) => ({
        ...row,
        Date: shiftFeedbackDate(row.Date, delta),
      })),
    },
    reimbursementsReport: {
      rows: scenario.reimbursementsReport.rows.map((row) => ({
        ...row,
        'approval-date': shiftIsoDateTime(row['approval-date'], delta),
      })),
    },
    ledgerReport: {
      rows: scenario.ledgerReport.rows.map((row) => ({
        ...row,
        Date: shiftIsoDateTime(row.Date, delta),
      })),
    },
    customerReturnsReport: { rows: shiftRows(scenario.customerReturnsReport.rows, delta) },
    replacementsReport: { rows: shiftRows(scenario.replacementsReport.rows, delta) },
    removalOrdersReport: { rows: shiftRows(scenario.removalOrdersReport.rows, delta) },
    removalShipmentsReport: { rows: shiftRows(scenario.removalShipmentsReport.rows, delta) },
    finances: {
      ...scenario.finances,
      transactions: scenario.finances.transactions.map((tx) => ({
        ...tx,
        postedDate: shiftIsoDateTime(tx.postedDate, delta),
      })),
    },
  };
}

/** Report rows with every `…-date` column moved by `delta`. */
function shiftRows<T extends object>(rows: T[], delta: number): T[] {
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          key.endsWith('-date') && typeof value === 'string'
            ? shiftIsoDateTime(value, delta)
            : value,
        ]),
      ) as T,
  );
}
