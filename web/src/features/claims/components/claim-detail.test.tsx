/// <reference types="jest" />
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import itClaims from '../../../i18n/it/claims.json';
import type { ClaimView } from '../api/claims';
import { ClaimDetail } from './claims-page';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

beforeAll(() => i18n.addResourceBundle('it', 'claims', itClaims));

function claim(value: Partial<ClaimView>): ClaimView {
  return {
    id: 'removal_lost_in_transit:R-1:SKU-1',
    kind: 'removal_lost_in_transit',
    state: 'claim_now',
    reference: 'R-1',
    orders: ['R-1'],
    marketplace: 'APJ6JRA9NG5V4',
    sku: 'SKU-1',
    fnsku: null,
    units: 3,
    amount_paid: 0,
    amount_expected: null,
    difference: null,
    currency: null,
    cost_source: null,
    cost_invoice: null,
    filed_at: null,
    window_opens: '2026-11-01',
    window_closes: '2026-12-31',
    window_source: 'unconfirmed',
    window_last_chance: null,
    window_estimated: false,
    case_status: null,
    case_path: null,
    demo: false,
    paid_orders: [],
    paid_so_far: null,
    evidence: ['tracking_number'],
    note: null,
    outcome: null,
    text: null,
    found_at: '2026-11-20T10:00:00.000Z',
    ...value,
  };
}

function show(value: ClaimView) {
  render(
    <MemoryRouter>
      <ClaimDetail claim={value} onChange={() => undefined} />
    </MemoryRouter>,
  );
}

describe('a claim names its own evidence, window source and amount source', () => {
  it('a removal lost in transit asks for the tracking number, its window to be confirmed', () => {
    show(claim({}));
    expect(screen.getByText(/il numero di tracciamento della rimozione/)).toBeTruthy();
    expect(screen.getByText(/da confermare: nessuna pagina Amazon da citare/)).toBeTruthy();
    expect(screen.queryByText(/il tuo costo di acquisto/)).toBeNull();
    expect(screen.queryByText(/Amazon Europa, gennaio 2025/)).toBeNull();
  });

  it('a grouped return Amazon paid in part says which orders were paid and how much', () => {
    show(
      claim({
        kind: 'customer_return_not_returned',
        orders: ['402-1', '402-2', '402-3'],
        paid_orders: ['402-2'],
        paid_so_far: { amount: 21.5, currency: 'EUR' },
      }),
    );
    expect(screen.getByTestId('claim-partial').textContent).toMatch(
      /^Amazon ha già rimborsato l'ordine 402-2 \(21,50\s€\): il reclamo resta aperto per gli altri ordini/,
    );
  });

  it('a customer return names the orders and the refund as where the amount comes from', () => {
    show(
      claim({
        kind: 'customer_return_damaged',
        evidence: ['order_ids', 'returns_report_line'],
        window_source: 'amazon_europe_2025',
        cost_source: 'refund',
        amount_expected: 24.5,
        difference: 24.5,
        currency: 'EUR',
      }),
    );
    expect(
      screen.getByText(/i numeri d'ordine, la riga del report dei resi dei clienti/),
    ).toBeTruthy();
    expect(screen.getByText(/l'importo che Amazon ha rimborsato al cliente/)).toBeTruthy();
    expect(screen.getByText(/Amazon Europa, gennaio 2025/)).toBeTruthy();
  });

  it('an underpaid reimbursement names the invoice proving the cost, its date as the screen writes dates', () => {
    show(
      claim({
        kind: 'underpaid_reimbursement',
        reference: '9300000001',
        orders: [],
        evidence: ['supplier_invoice'],
        window_source: 'sellers_reports',
        units: 2,
        amount_paid: 25,
        amount_expected: 64,
        difference: 39,
        currency: 'EUR',
        cost_source: 'invoice',
        cost_invoice: {
          document_id: 'doc-1',
          name: 'it03214560987_ft412.xml',
          number: 'FT-2026/412',
          date: '2026-11-09',
        },
      }),
    );
    expect(screen.getByTestId('claim-cost-source').textContent).toContain(
      'fattura del fornitore it03214560987_ft412.xml (n. FT-2026/412 del 09 nov 2026)',
    );
    expect(screen.getByRole('button', { name: 'Scarica la fattura' })).toBeTruthy();
    expect(screen.queryByText(/non abbiamo una fattura del fornitore/)).toBeNull();
  });
});
