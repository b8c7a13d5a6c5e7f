import './support/sync-env';
import { createProfileIfAbsent } from '../../lambdas/adapters/dynamo/profiles';
import { listShipmentPage } from '../../lambdas/adapters/dynamo/shipments';
import { draftCase } from '../../lambdas/domain/cases/draft';
import { formatClosingDate } from '../../lambdas/domain/cases/dispute-text';
import { generateCaseDraftRequest } from '../../lambdas/domain/cases/contract';
import type { DocumentRecord } from '../../lambdas/domain/cases/records';
import { shipmentList } from '../../lambdas/domain/sync/shipment-list';
import { draftDependencies } from '../../lambdas/wiring/draft';
import { closeHarnesses, daysAgo, harness, scenario, shipment } from './support/sync-harness';

/**
 * Only facts we hold reach Amazon: a synced shipment's dispute names Amazon's last ledger
 * receipt (GET_LEDGER_DETAIL_VIEW_DATA from the simulator) or the bound from the first sync that
 * saw it closed, never a "closing date" Amazon did not give; it names the seller, store, Seller
 * ID and marketplace and is signed with the seller's name; its language is the marketplace's.
 */
describe('dispute facts after a sync with ledger receipts', () => {
  afterEach(closeHarnesses);

  it('drafts with the ledger receipt or the first-seen bound, the seller identity, in Italian for Amazon.it', async () => {
    const receipt = daysAgo(12).slice(0, 10);
    const h = await harness(
      scenario({
        inbound: {
          shipments: [
            shipment('FBALEDGER01', [
              { SellerSKU: 'MUG', QuantityShipped: 10, QuantityReceived: 7 },
            ]),
            shipment('FBANOLEDGER', [
              { SellerSKU: 'CUP', QuantityShipped: 6, QuantityReceived: 4 },
            ]),
          ],
        },
        ledgerReport: {
          rows: [
            {
              Date: `${daysAgo(14).slice(0, 10)}T09:00:00Z`,
              MSKU: 'MUG',
              'Event Type': 'Receipts',
              'Reference ID': 'FBALEDGER01',
              Quantity: 4,
              Country: 'IT',
            },
            {
              Date: `${receipt}T15:00:00Z`,
              MSKU: 'MUG',
              'Event Type': 'Receipts',
              'Reference ID': 'FBALEDGER01',
              Quantity: 3,
              Country: 'IT',
            },
          ],
        },
      }),
      { deps: { ledgerPollMs: 100 } },
    );
    const syncStarted = Date.now();
    const run = await h.sync();
    expect(run.status).toBe('succeeded');
    await createProfileIfAbsent({
      id: h.userId,
      mode: 'live',
      email: `${h.userId}@example.com`,
      first_name: 'Giulia',
      last_name: 'Rossi',
      phone: '',
      locale: 'en',
      created_at: new Date().toISOString(),
    });

    const invoice: DocumentRecord = {
      id: 'doc-1',
      user_id: h.userId,
      shipment_id: '',
      doc_type: 'fattura',
      path: 'x',
      filename: 'fattura.pdf',
      size: 10,
      content_type: 'application/pdf',
      created_at: new Date().toISOString(),
      reading: null,
    };
    const deps = {
      ...draftDependencies,
      listDocuments: async (_user: string, shipmentId: string) => [
        { ...invoice, shipment_id: shipmentId },
      ],
    };
    const draft = (shipmentId: string) =>
      // The caller's interface is in English; the dispute follows Amazon.it.
      draftCase(
        deps,
        h.userId,
        generateCaseDraftRequest.parse({ shipment_id: shipmentId, save: false }),
        'en',
      );

    const ledgered = await draft('FBALEDGER01');
    expect(ledgered.language).toBe('it');
    expect(ledgered.text).toContain(
      `- Ultima ricezione registrata da Amazon: ${formatClosingDate(`${receipt}T00:00:00.000Z`, 'it')} (registro dell'inventario FBA)`,
    );
    expect(ledgered.text).not.toMatch(/Data di chiusura|Chiusa entro/);
    expect(ledgered.text).toContain(
      'Dati del venditore\n- Venditore: Giulia Rossi\n- Negozio: Bottega Prova\n- Seller ID: A3INTEGRATION\n- Marketplace: Amazon.it\n',
    );
    expect(ledgered.text.endsWith('Cordiali saluti\nGiulia Rossi\n')).toBe(true);

    const unledgered = await draft('FBANOLEDGER');
    const bound =
      /- Chiusa entro il: (.+) \(limite indicato dalla prima sincronizzazione che l'ha vista chiusa\)/.exec(
        unledgered.text,
      );
    expect(bound).not.toBeNull();
    expect(unledgered.text).not.toMatch(/Data di chiusura|Ultima ricezione/);
    // The bound is a date the sync held, never later than the sync itself.
    const dates = (await listShipmentPage(h.userId, { limit: 10, realMode: true, now: Date.now() }))
      .shipments;
    const stored = dates.find((s) => s.shipmentId === 'FBANOLEDGER');
    expect(stored?.closedBy).toBeDefined();
    expect(Date.parse(stored!.closedBy!)).toBeLessThanOrEqual(Date.now());
    expect(bound?.[1]).toBe(formatClosingDate(stored!.closedBy!, 'it'));
    expect(Date.parse(stored!.closedBy!)).toBeGreaterThan(syncStarted - 11 * 86_400_000);

    // The seller may choose English for the case.
    const english = await draftCase(
      deps,
      h.userId,
      generateCaseDraftRequest.parse({ shipment_id: 'FBALEDGER01', language: 'en', save: false }),
      'it',
    );
    expect(english.text).toContain('- Last receipt recorded by Amazon:');
    expect(english.text).toContain('Kind regards\nGiulia Rossi\n');

    // The list says the same: what each window counts from, and its state.
    const list = shipmentList({
      shipments: dates,
      cases: [],
      skuValues: [],
      realMode: true,
      now: Date.now(),
    });
    const byId = new Map(list.map((s) => [s.shipment_id, s]));
    expect(byId.get('FBALEDGER01')).toMatchObject({
      closed_at: null,
      dates: { ledger_received_at: `${receipt}T00:00:00.000Z` },
      claim: { basis: 'ledger_receipt', state: 'open', estimated: false },
    });
    expect(byId.get('FBANOLEDGER')).toMatchObject({
      closed_at: null,
      dates: { ledger_received_at: null },
      claim: { basis: 'first_seen_closed', state: 'open', estimated: true },
    });
  });
});
