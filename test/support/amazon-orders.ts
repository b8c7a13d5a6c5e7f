/**
 * Amazon's records of buyers' refunds and of removals, as the SP-API simulator takes them
 * (`POST /__sim/orders`, `POST /__sim/reimbursements`): what the integration and browser tests of
 * customer-return and removal claims post.
 */

const DAY = 86_400_000;
const IT = 'APJ6JRA9NG5V4';

/** A Finances v2024-06-19 refund of one unit of `sku`, fulfilled by Amazon (IT), posted at `at`. */
export const refundTransaction = (order: string, sku: string, at: string, amount: number) => ({
  sellingPartnerMetadata: {
    sellingPartnerId: 'A2CASAMOKA7IT',
    accountType: 'PAYABLE',
    marketplaceId: IT,
  },
  relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
  transactionType: 'Refund',
  transactionId: `T-${order}`,
  transactionStatus: 'RELEASED',
  description: 'Refund Order',
  postedDate: at,
  totalAmount: { currencyCode: 'EUR', currencyAmount: -amount },
  marketplaceDetails: { marketplaceId: IT, marketplaceName: 'Amazon.it' },
  items: [
    {
      description: sku,
      totalAmount: { currencyCode: 'EUR', currencyAmount: -amount },
      contexts: [
        { contextType: 'ProductContext', sku, quantityShipped: 1, fulfillmentNetwork: 'AFN' },
      ],
    },
  ],
});

/**
 * A removal (return to the seller) of `units` of `sku` requested at `requested`, shipped two days
 * later by BRT with `tracking`: its removal order and removal shipment report lines.
 */
export function removalRows(
  order: string,
  sku: string,
  requested: string,
  units: number,
  tracking: string,
) {
  const shipped = new Date(Date.parse(requested) + 2 * DAY).toISOString();
  return {
    removalOrders: [
      {
        'request-date': requested,
        'order-id': order,
        'order-type': 'Return',
        'last-updated-date': shipped,
        sku,
        'requested-quantity': units,
        'shipped-quantity': units,
        currency: 'EUR',
      },
    ],
    removalShipments: [
      {
        'request-date': requested,
        'order-id': order,
        'shipment-date': shipped,
        sku,
        'shipped-quantity': units,
        carrier: 'BRT',
        'tracking-number': tracking,
      },
    ],
  };
}

/** A reimbursements report line paying `units` of `sku` of an order (or removal order) at `at`. */
export const orderReimbursement = (
  id: string,
  order: string,
  sku: string,
  reason: 'CustomerReturn' | 'Removal_Order_Lost',
  units: number,
  amount: number,
  at: string,
) => ({
  'approval-date': at,
  'reimbursement-id': id,
  'amazon-order-id': order,
  reason,
  sku,
  'currency-unit': 'EUR',
  'amount-per-unit': Math.round((amount / units) * 100) / 100,
  'amount-total': amount,
  'quantity-reimbursed-cash': units,
});

/** Posts rows to one of the simulator's `__sim` endpoints; throws unless it takes them. */
export async function postToSimulator(endpoint: string, route: string, body: unknown) {
  const res = await fetch(`${endpoint}/__sim/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200)
    throw new Error(`__sim/${route} answered ${res.status}: ${await res.text()}`);
}

/** `days` days before today, at `hour` UTC (a whole day's distance, whatever the hour now). */
export function daysAgo(days: number, hour = 10): string {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour) - days * DAY,
  ).toISOString();
}
