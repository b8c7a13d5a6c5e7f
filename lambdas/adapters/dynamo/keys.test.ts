import { toStoredClaim, type StoredClaim } from '../../domain/claims/model';
import { claimItem, claimKeys } from './keys';

const claim = (state: StoredClaim['state'], kind: StoredClaim['kind'] = 'warehouse_lost') => ({
  ...toStoredClaim(
    {
      kind: 'warehouse_lost',
      sku: 'MUG',
      fnsku: 'X00MUG0001',
      reference: 'L-1',
      units: 1,
      amountPaid: 0,
      amountExpected: 10,
      currency: 'EUR',
      windowOpens: '2026-11-01',
      windowCloses: '2026-12-31',
      state: 'claim_now',
      note: null,
    },
    '2026-11-02T00:00:00.000Z',
  ),
  state,
  kind,
});

describe('the claim item', () => {
  it('is on the index of claims open with Amazon while filed, and only then', () => {
    const filed = claim('filed');
    expect(claimItem('u1', filed)).toMatchObject(claimKeys.filedClaim('u1', filed.id));
    expect(claimItem('u1', claim('filed')).GSI2PK).toBe(claimKeys.filedClaimPartition('u1'));
    for (const state of ['claim_now', 'wait', 'reimbursed', 'closed', 'expired'] as const) {
      expect(claimItem('u1', claim(state)).GSI2PK).toBeUndefined();
    }
  });

  it('leaves an inbound shipment out: its case counts it', () => {
    expect(claimItem('u1', claim('filed', 'inbound_shipment')).GSI2PK).toBeUndefined();
  });
});
