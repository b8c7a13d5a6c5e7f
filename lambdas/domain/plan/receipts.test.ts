import {
  BillingRefused,
  nextReceipt,
  normalizeBilling,
  receiptNumber,
  receiptStatus,
  receiptYear,
} from './receipts';

describe('receipt numbers', () => {
  it('are the year and a six-digit sequence', () => {
    expect(receiptNumber(2026, 1)).toBe('2026-000001');
    expect(receiptNumber(2026, 123456)).toBe('2026-123456');
  });

  it('follow the last one issued, without gaps', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(nextReceipt(now, 0)).toEqual({ year: 2026, sequence: 1, number: '2026-000001' });
    expect(nextReceipt(now, 41)).toEqual({ year: 2026, sequence: 42, number: '2026-000042' });
  });

  it('count the year as it is in Italy: 31 December 23:30 UTC is already the new year', () => {
    expect(receiptYear(Date.parse('2026-12-31T22:59:00Z'))).toBe(2026);
    expect(receiptYear(Date.parse('2026-12-31T23:30:00Z'))).toBe(2027);
  });

  it('never start from zero', () => {
    expect(() => receiptNumber(2026, 0)).toThrow();
  });
});

describe('billing details given at checkout', () => {
  it('are tidied, the VAT id upper-case without spaces', () => {
    expect(
      normalizeBilling({
        name: '  Rossi   Import srl ',
        address: ' Via Roma 1 \n\n 20121  Milano ',
        vatId: 'it 0123 456 7890',
      }),
    ).toEqual({
      name: 'Rossi Import srl',
      address: 'Via Roma 1\n20121 Milano',
      vatId: 'IT01234567890',
    });
  });

  it('need no VAT id for a private person', () => {
    expect(normalizeBilling({ name: 'Mario Rossi', address: 'Via Roma 1', vatId: '' })).toEqual({
      name: 'Mario Rossi',
      address: 'Via Roma 1',
    });
  });

  it.each([
    [{ name: ' ', address: 'Via Roma 1' }, 'billing_name'],
    [{ name: 'x'.repeat(121), address: 'Via Roma 1' }, 'billing_name'],
    [{ name: 'Rossi srl', address: '' }, 'billing_address'],
    [{ name: 'Rossi srl', address: 'Via Roma 1', vatId: '01234567890' }, 'billing_vat_id'],
  ])('refuse %j (%s)', (input, reason) => {
    expect(() => normalizeBilling(input)).toThrow(BillingRefused);
    try {
      normalizeBilling(input);
    } catch (error) {
      expect((error as BillingRefused).reason).toBe(reason);
    }
  });
});

describe('a refunded payment', () => {
  it('keeps its receipt, shown as refunded', () => {
    expect(receiptStatus(undefined)).toBe('paid');
    expect(receiptStatus('disputed')).toBe('paid');
    expect(receiptStatus('refunded')).toBe('refunded');
    expect(receiptStatus('reversed')).toBe('refunded');
  });
});
