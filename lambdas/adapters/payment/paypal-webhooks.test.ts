import { readPlanEvent, webhookEventShape } from './paypal-webhooks';

const event = (body: Record<string, unknown>) => webhookEventShape.parse(body);

describe('readPlanEvent', () => {
  test('a refund names its capture through the up link', () => {
    expect(
      readPlanEvent(
        event({
          id: 'WH-1',
          event_type: 'PAYMENT.CAPTURE.REFUNDED',
          resource_type: 'refund',
          resource: {
            id: 'REF1',
            links: [
              { rel: 'self', href: 'https://api-m.paypal.com/v2/payments/refunds/REF1' },
              { rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAP1' },
            ],
          },
        }),
      ),
    ).toEqual({
      id: 'WH-1',
      eventType: 'PAYMENT.CAPTURE.REFUNDED',
      captureId: 'CAP1',
      status: 'refunded',
    });
  });

  test('a refund says how much of its capture has come back so far', () => {
    const refund = (resource: Record<string, unknown>) =>
      readPlanEvent(
        event({
          id: 'WH-6',
          event_type: 'PAYMENT.CAPTURE.REFUNDED',
          resource_type: 'refund',
          resource: {
            links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAP6' }],
            ...resource,
          },
        }),
      );
    // A second refund of 2.00 after 1.00: the running total, not the refund alone.
    expect(
      refund({
        amount: { currency_code: 'EUR', value: '2.00' },
        seller_payable_breakdown: {
          total_refunded_amount: { currency_code: 'EUR', value: '3.00' },
        },
      }),
    ).toMatchObject({ captureId: 'CAP6', refunded: { value: '3.00', currency: 'EUR' } });
    expect(refund({ amount: { currency_code: 'EUR', value: '1.50' } })).toMatchObject({
      refunded: { value: '1.50', currency: 'EUR' },
    });
    expect(refund({})).not.toHaveProperty('refunded');
  });

  test('a reversal delivered as the capture itself, and a dispute by its seller transaction', () => {
    expect(
      readPlanEvent(
        event({
          id: 'WH-2',
          event_type: 'PAYMENT.CAPTURE.REVERSED',
          resource_type: 'capture',
          resource: { id: 'CAP2', status: 'REVERSED' },
        }),
      ),
    ).toMatchObject({ captureId: 'CAP2', status: 'reversed' });
    expect(
      readPlanEvent(
        event({
          id: 'WH-3',
          event_type: 'CUSTOMER.DISPUTE.CREATED',
          resource_type: 'dispute',
          resource: { disputed_transactions: [{ seller_transaction_id: 'CAP3' }] },
        }),
      ),
    ).toMatchObject({ captureId: 'CAP3', status: 'disputed' });
  });

  test('a dispute resolved with the payment still ours gives the plan back; one lost is ignored', () => {
    const resolved = (outcome_code?: string) =>
      readPlanEvent(
        event({
          id: 'WH-7',
          event_type: 'CUSTOMER.DISPUTE.RESOLVED',
          resource_type: 'dispute',
          resource: {
            status: 'RESOLVED',
            ...(outcome_code && { dispute_outcome: { outcome_code } }),
            disputed_transactions: [{ seller_transaction_id: 'CAP7' }],
          },
        }),
      );
    for (const won of ['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED']) {
      expect(resolved(won)).toEqual({
        id: 'WH-7',
        eventType: 'CUSTOMER.DISPUTE.RESOLVED',
        captureId: 'CAP7',
        restores: 'disputed',
      });
    }
    for (const lost of ['RESOLVED_BUYER_FAVOUR', 'ACCEPTED', undefined]) {
      expect(resolved(lost)).toBe('ignored');
    }
  });

  test('other event types are ignored; a plan-ending event without a capture is malformed', () => {
    expect(
      readPlanEvent(event({ id: 'WH-4', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} })),
    ).toBe('ignored');
    expect(
      readPlanEvent(
        event({
          id: 'WH-5',
          event_type: 'PAYMENT.CAPTURE.REFUNDED',
          resource: { links: [{ rel: 'self', href: '/v2/payments/refunds/R' }] },
        }),
      ),
    ).toBe('malformed');
  });
});
