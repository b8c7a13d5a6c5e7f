import { toClaimView } from './contract';
import { setClaimFiled } from './filing';
import { inboundState, toInboundClaim, withCase, type InboundShipment } from './inbound';
import { listClaims, type ClaimListDeps } from './claims-list';
import { reconcileClaims, type StoredClaim } from './model';

/** Delivered (last ledger receipt) on 10 January: target 11 March, last chance 12 July. */
const shipment: InboundShipment = {
  shipmentId: 'FBA15XYZ',
  marketplaceId: 'APJ6JRA9NG5V4',
  closedAt: null,
  lastUpdatedTo: '2026-01-20T00:00:00.000Z',
  ledgerReceivedAt: '2026-01-10T00:00:00.000Z',
  firstSyncedAt: '2026-01-21T08:00:00.000Z',
  discrepancy: 3,
  items: [
    { sku: 'MUG', discrepancy: 2 },
    { sku: 'CUP', discrepancy: 1 },
    { sku: 'PLATE', discrepancy: 0 },
  ],
};
const values = new Map([
  ['MUG', 10],
  ['CUP', 4.5],
]);
const FEB = '2026-02-01T09:00:00.000Z';

const sent = (status: string) => ({
  status,
  unitsRecovered: null,
  reimbursedAmount: null,
  reimbursedCurrency: null,
  updatedAt: '2026-02-02T10:00:00.000Z',
});

describe('an inbound shipment with missing units as a claim', () => {
  it('names the shipment, its missing units, their worth and its window with the last chance', () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB);
    expect(claim).toMatchObject({
      id: 'inbound_shipment:FBA15XYZ:',
      kind: 'inbound_shipment',
      subject: { reference: 'FBA15XYZ', sku: null, fnsku: null },
      units: 3,
      amountPaid: 0,
      amountExpected: 24.5,
      currency: 'EUR',
      costSource: 'sku_value',
      window: {
        opens: '2026-01-10',
        closes: '2026-03-11',
        lastChance: '2026-07-12',
        estimated: false,
        source: 'amazon_inbound_2024',
      },
      state: 'claim_now',
      caseStatus: null,
      foundAt: '2026-01-21T08:00:00.000Z',
    });
    // A re-sync the same day gives the same row.
    expect(toInboundClaim(shipment, undefined, values, FEB)).toEqual(claim);
  });

  it('has no worth when a missing SKU has no unit value (a part is not the whole)', () => {
    const claim = toInboundClaim(shipment, undefined, new Map([['MUG', 10]]), FEB);
    expect(claim).toMatchObject({ amountExpected: null, currency: null, costSource: null });
  });

  it('a window counted from the first sync that saw it closed is to be confirmed', () => {
    const { ledgerReceivedAt: _l, ...unreceived } = shipment;
    expect(toInboundClaim(unreceived, undefined, values, FEB)?.window).toMatchObject({
      opens: '2026-01-20',
      estimated: true,
    });
  });

  it('takes its state from the case status, and from the window without a sent case', () => {
    const window = { opens: '2026-01-10', closes: '2026-03-11', lastChance: '2026-07-12' };
    expect(inboundState(null, window, '2026-02-01')).toBe('claim_now');
    expect(inboundState('ready', window, '2026-02-01')).toBe('claim_now');
    // Past the 60-day target: still the seller's last chance, never called expired.
    expect(inboundState(null, window, '2026-05-01')).toBe('claim_now');
    expect(inboundState(null, window, '2026-07-13')).toBe('expired');
    expect(inboundState('Inviato', window, '2026-02-01')).toBe('filed');
    expect(inboundState('in_lavorazione', window, '2026-07-13')).toBe('filed');
    expect(inboundState('necessario_sollecito', window, '2026-02-01')).toBe('filed');
    expect(inboundState('rimborsato', window, '2026-02-01')).toBe('reimbursed');
    expect(inboundState('rimborsato_parziale', window, '2026-02-01')).toBe('reimbursed');
    expect(inboundState('unita_ritrovate', window, '2026-02-01')).toBe('closed');
    expect(inboundState('chiuso_respinto', window, '2026-02-01')).toBe('closed');
    // A send whose outcome the seller has not confirmed is not said to be filed.
    expect(inboundState('da_verificare', window, '2026-02-01')).toBe('claim_now');
  });

  it('keeps the case status on the row, and what Amazon paid on the case', () => {
    const paid = {
      ...sent('rimborsato'),
      reimbursedAmount: 24.5,
      reimbursedCurrency: 'EUR',
      unitsRecovered: 3,
    };
    const claim = toInboundClaim(shipment, paid, values, FEB)!;
    expect(claim).toMatchObject({
      state: 'reimbursed',
      caseStatus: 'rimborsato',
      outcome: { amount: 24.5, currency: 'EUR', at: '2026-02-02T10:00:00.000Z' },
    });
  });

  it('follows its case between syncs, and is the same row when the case did not move', () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB)!;
    expect(withCase(claim, undefined, FEB)).toBe(claim);
    expect(withCase(claim, sent('Inviato'), FEB)).toMatchObject({
      state: 'filed',
      caseStatus: 'Inviato',
      updatedAt: FEB,
    });
  });

  it('links to its case sheet and carries no text of its own', () => {
    const view = toClaimView(toInboundClaim(shipment, sent('Inviato'), values, FEB)!);
    expect(view).toMatchObject({
      kind: 'inbound_shipment',
      reference: 'FBA15XYZ',
      state: 'filed',
      case_status: 'Inviato',
      case_path: '/cases/FBA15XYZ',
      difference: 24.5,
      window_last_chance: '2026-07-12',
      window_estimated: false,
      text: null,
    });
  });

  it('is filed from its case sheet, never marked from the claims list', async () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB)!;
    const putClaims = jest.fn();
    await expect(
      setClaimFiled(
        { getClaim: async () => claim, putClaims, clock: { now: () => Date.parse(FEB) } },
        'u1',
        claim.id,
        true,
      ),
    ).rejects.toMatchObject({ reason: 'on_case' });
    expect(putClaims).not.toHaveBeenCalled();
  });

  it('is left alone by the audit of the other kinds', () => {
    // Past the 60-day target, within the last chance: the audit's calendar would say expired.
    const claim = toInboundClaim(shipment, undefined, values, '2026-05-01T00:00:00.000Z')!;
    const changed = reconcileClaims([claim], [], [], {
      asOf: '2026-05-01',
      now: '2026-05-01T00:00:00.000Z',
      ledgerRead: true,
    });
    expect(changed).toEqual([]);
  });
});

describe('the claims list with inbound shipments', () => {
  const deps = (stored: StoredClaim[], cases: Record<string, string>) => {
    const putClaims = jest.fn<Promise<void>, [string, readonly StoredClaim[]]>(async () => {});
    const list: ClaimListDeps = {
      mode: async () => 'real',
      page: async () => ({ claims: stored, cursor: null }),
      countFiled: async () => 0,
      uncosted: async () => [],
      costedSkus: async () => [],
      caseOf: async (_user, shipmentId) =>
        cases[shipmentId] ? sent(cases[shipmentId]) : undefined,
      putClaims,
      clock: { now: () => Date.parse(FEB) },
    };
    return { list, putClaims };
  };

  it('shows an inbound row with its case as it stands now, and writes the new state back', async () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB)!;
    const { list, putClaims } = deps([claim], { FBA15XYZ: 'Inviato' });
    const page = await listClaims(list, 'u1', { limit: 25 });
    expect(page.claims.map((c) => [c.reference, c.state, c.case_status])).toEqual([
      ['FBA15XYZ', 'filed', 'Inviato'],
    ]);
    expect(putClaims).toHaveBeenCalledWith('u1', [expect.objectContaining({ state: 'filed' })]);
  });

  it('a row its case moved out of the state asked for is not listed under it', async () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB)!;
    const { list } = deps([claim], { FBA15XYZ: 'Inviato' });
    const page = await listClaims(list, 'u1', { limit: 25, state: 'claim_now' });
    expect(page.claims).toEqual([]);
  });

  it('writes nothing when no case moved', async () => {
    const claim = toInboundClaim(shipment, undefined, values, FEB)!;
    const { list, putClaims } = deps([claim], {});
    const page = await listClaims(list, 'u1', { limit: 25 });
    expect(page.claims.map((c) => c.state)).toEqual(['claim_now']);
    expect(putClaims).not.toHaveBeenCalled();
  });
});
