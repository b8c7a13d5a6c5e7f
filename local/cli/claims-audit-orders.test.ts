import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REIMBURSEMENT_COLUMNS } from '../../lambdas/domain/cases/reimbursements';
import {
  CUSTOMER_RETURN_COLUMNS,
  REMOVAL_ORDER_COLUMNS,
  REMOVAL_SHIPMENT_COLUMNS,
  REPLACEMENT_COLUMNS,
} from '../../lambdas/domain/claims/reports';

const ROOT = path.resolve(__dirname, '../..');

function audit(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'local/cli/claims-audit.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

function tsv<C extends string>(columns: readonly C[], rows: Partial<Record<C, string>>[]) {
  return `${[columns.join('\t'), ...rows.map((r) => columns.map((c) => r[c] ?? '').join('\t'))].join('\n')}\n`;
}

const printed = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const IT = 'APJ6JRA9NG5V4';

function refund(order: string, posted: string, sku: string, type = 'Refund') {
  return {
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
    transactionType: type,
    postedDate: `${posted}T10:00:00Z`,
    totalAmount: { currencyCode: 'EUR', currencyAmount: -19.9 },
    marketplaceDetails: { marketplaceId: IT, marketplaceName: 'Amazon.it' },
    items: [
      {
        totalAmount: { currencyCode: 'EUR', currencyAmount: -19.9 },
        contexts: [
          { contextType: 'ProductContext', sku, quantityShipped: 1, fulfillmentNetwork: 'AFN' },
        ],
      },
    ],
  };
}

describe('npm run claims:audit on customer returns and removals', () => {
  it('prints refunds never returned, returns damaged by the carrier and replacements never returned, with their orders and marketplace', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-orders-'));
    fs.writeFileSync(
      path.join(dir, 'transactions.json'),
      JSON.stringify([
        refund('402-1', '2026-08-01', 'CAFFE-1'),
        refund('402-2', '2026-08-01', 'CAFFE-1'),
        refund('402-3', '2026-08-01', 'CAFFE-1'),
        refund('402-9', '2026-07-01', 'CAFFE-1', 'Shipment'),
        { ...refund('402-4', '2026-08-01', 'CAFFE-1'), postedDate: 'ieri' },
      ]),
    );
    const returns = tsv(CUSTOMER_RETURN_COLUMNS, [
      {
        'return-date': '2026-08-10',
        'order-id': '402-2',
        sku: 'CAFFE-1',
        fnsku: 'X00CAFFE',
        'product-name': 'Caffè €',
        quantity: '1',
        'detailed-disposition': 'CARRIER_DAMAGED',
        status: 'Unit returned to inventory',
      },
      { 'return-date': '2026-08-10', 'order-id': '402-5', sku: 'CAFFE-1', quantity: 'uno' },
    ]);
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA.tsv.gz'),
      gzipSync(Buffer.from(returns, 'latin1')),
    );
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA.tsv'),
      tsv(REPLACEMENT_COLUMNS, [
        {
          'shipment-date': '2026-08-01',
          sku: 'CAFFE-1',
          quantity: '1',
          'replacement-amazon-order-id': '402-10',
          'original-amazon-order-id': '402-9',
        },
      ]),
    );
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_REIMBURSEMENTS_DATA.tsv'),
      tsv(REIMBURSEMENT_COLUMNS, [
        {
          'approval-date': '2026-09-20T09:00:00+00:00',
          'reimbursement-id': 'R1',
          'amazon-order-id': '402-3',
          reason: 'CustomerReturn',
          sku: 'CAFFE-1',
          'currency-unit': 'EUR',
          'amount-total': '17.00',
          'quantity-reimbursed-cash': '1',
          'quantity-reimbursed-inventory': '0',
          'quantity-reimbursed-total': '1',
        },
        { 'approval-date': 'ieri', 'reimbursement-id': 'R2', 'amazon-order-id': '402-1' },
      ]),
    );
    const result = audit(dir, '--as-of', '2026-10-01');
    expect(result.status).toBe(0);
    expect(printed(result.stdout)).toEqual([
      {
        kind: 'customer_return_not_returned',
        sku: 'CAFFE-1',
        fnsku: null,
        reference: '402-1',
        units: 1,
        amount_paid: 0,
        amount_expected: 19.9,
        currency: 'EUR',
        window_opens: '2026-09-16',
        window_closes: '2026-11-14',
        state: 'claim_now',
        note: '402-1 CAFFE-1 ×1 refunded 2026-08-01',
        marketplace: IT,
      },
      expect.objectContaining({
        kind: 'customer_return_damaged',
        reference: '402-2',
        fnsku: 'X00CAFFE',
        amount_expected: 19.9,
        marketplace: IT,
        state: 'claim_now',
      }),
      expect.objectContaining({
        kind: 'replacement_not_returned',
        reference: '402-9',
        marketplace: IT,
        window_opens: '2026-09-16',
        state: 'claim_now',
      }),
    ]);
    expect(result.stderr).toContain(
      'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA.tsv.gz:3: unreadable: quantity is not a whole number',
    );
    expect(result.stderr).toContain('transactions.json: transaction 5 unreadable: postedDate');
    // The reimbursements report's unreadable line is said once, by the rest of the audit.
    expect(result.stderr.match(/GET_FBA_REIMBURSEMENTS_DATA\.tsv:3: /g)).toHaveLength(1);
  });

  const removalOrder = {
    'request-date': '2026-08-01',
    'order-id': 'RMV-1',
    'order-type': 'Return',
    'order-status': 'Completed',
    'last-updated-date': '2026-08-06',
    sku: 'CAFFE-1',
    'requested-quantity': '10',
    'disposed-quantity': '0',
    'shipped-quantity': '10',
  };
  const removalShipment = {
    'request-date': '2026-08-01',
    'order-id': 'RMV-1',
    'shipment-date': '2026-08-05',
    sku: 'CAFFE-1',
    'shipped-quantity': '10',
    carrier: 'BRT',
    'tracking-number': 'BRT1',
  };
  function removalsDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-orders-'));
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA.tsv'),
      tsv(REMOVAL_ORDER_COLUMNS, [removalOrder, { ...removalOrder, 'order-id': 'RMV-2' }]),
    );
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA.tsv'),
      tsv(REMOVAL_SHIPMENT_COLUMNS, [removalShipment, { ...removalShipment, 'order-id': 'RMV-2' }]),
    );
    fs.writeFileSync(
      path.join(dir, 'unit-costs.json'),
      JSON.stringify({ 'CAFFE-1': { amount: 4, currency: 'EUR' } }),
    );
    return dir;
  }

  it('prints a removal lost in transit and a short one from what the seller counted in removal-deliveries.json', () => {
    const dir = removalsDir();
    fs.writeFileSync(
      path.join(dir, 'removal-deliveries.json'),
      JSON.stringify({ 'RMV-1': { 'CAFFE-1': 0 }, 'RMV-2': { 'CAFFE-1': 7 } }),
    );
    const result = audit(dir, '--as-of', '2026-08-20');
    expect(result.status).toBe(0);
    expect(printed(result.stdout)).toEqual([
      expect.objectContaining({
        kind: 'removal_lost_in_transit',
        reference: 'RMV-1',
        units: 10,
        amount_expected: 40,
        window_opens: '2026-08-16',
        window_closes: '2026-10-15',
        state: 'claim_now',
        marketplace: null,
      }),
      expect.objectContaining({
        kind: 'removal_short',
        reference: 'RMV-2',
        units: 3,
        amount_expected: 12,
        window_closes: '2026-10-04',
      }),
    ]);
  });

  it('without removal-deliveries.json proposes no removal claim and says how many removals it could not judge', () => {
    const result = audit(removalsDir(), '--as-of', '2026-08-20');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('removal_delivery_not_recorded 2');
  });

  it('explains a removal-deliveries.json or transactions.json it cannot use, and exits 1', () => {
    const dir = removalsDir();
    fs.writeFileSync(
      path.join(dir, 'removal-deliveries.json'),
      JSON.stringify({ 'RMV-1': { 'CAFFE-1': 'zero' } }),
    );
    const bad = audit(dir, '--as-of', '2026-08-20');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(
      'is not a map of removal orders to units received per SKU: RMV-1.CAFFE-1',
    );

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-orders-'));
    fs.writeFileSync(path.join(other, 'transactions.json'), JSON.stringify({ transactions: [] }));
    const notArray = audit(other, '--as-of', '2026-08-20');
    expect(notArray.status).toBe(1);
    expect(notArray.stderr).toContain('transactions.json: not a JSON array');
  });
});
