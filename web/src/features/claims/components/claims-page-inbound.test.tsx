/// <reference types="jest" />
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import itClaims from '../../../i18n/it/claims.json';
import type { ClaimView } from '../api/claims';
import { ClaimsPage } from './claims-page';

const page: { claims: ClaimView[] } = { claims: [] };

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn(), ApiError: class {} }));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));
jest.mock('../api/claims', () => ({
  setClaimFiled: jest.fn(),
  useClaimPages: () => ({
    pages: [{ claims: page.claims, cursor: null, open_with_amazon: 0 }],
    error: undefined,
    isLoading: false,
    hasMore: false,
    loadingMore: false,
    loadMore: jest.fn(),
    mutate: jest.fn(),
  }),
  useRemovalPages: () => ({
    pages: [{ removals: [], cursor: null }],
    error: undefined,
    isLoading: false,
    hasMore: false,
    loadingMore: false,
    loadMore: jest.fn(),
    mutate: jest.fn(),
  }),
}));

beforeAll(() => i18n.addResourceBundle('it', 'claims', itClaims));

const base: ClaimView = {
  id: 'inbound_shipment:FBA15XYZ:',
  kind: 'inbound_shipment',
  state: 'filed',
  reference: 'FBA15XYZ',
  orders: [],
  marketplace: 'APJ6JRA9NG5V4',
  sku: null,
  fnsku: null,
  units: 3,
  amount_paid: 0,
  amount_expected: 24.5,
  difference: 24.5,
  currency: 'EUR',
  cost_source: 'sku_value',
  cost_invoice: null,
  filed_at: null,
  window_opens: '2026-11-01',
  window_closes: '2099-12-31',
  window_source: 'amazon_inbound_2024',
  window_last_chance: '2100-07-01',
  window_estimated: true,
  case_status: 'Inviato',
  case_path: '/cases/FBA15XYZ',
  demo: false,
  paid_orders: [],
  paid_so_far: null,
  evidence: [],
  note: null,
  outcome: null,
  text: null,
  found_at: '2026-11-02T10:00:00.000Z',
};

test('an inbound shipment is listed among the claims and opens its case, not a text of its own', () => {
  page.claims = [
    base,
    {
      ...base,
      id: 'warehouse_lost:L1:MUG',
      kind: 'warehouse_lost',
      state: 'claim_now',
      reference: 'L1',
      sku: 'MUG',
      window_source: 'amazon_europe_2025',
      window_last_chance: null,
      window_estimated: false,
      case_status: null,
      case_path: null,
    },
  ];
  const shown: unknown[] = [];
  render(
    <MemoryRouter>
      <ClaimsPage
        renderCaseAction={(shipment) => {
          shown.push(shipment);
          return <button type="button">{`Prepara contestazione · ${shipment.shipment_id}`}</button>;
        }}
      />
    </MemoryRouter>,
  );
  const [inbound, audit] = screen.getAllByTestId('claim-row');
  const row = within(inbound!);
  expect(row.getByText('Spedizione in entrata: unità mancanti')).toBeTruthy();
  expect(row.getByText('FBA15XYZ')).toBeTruthy();
  expect(row.getByText('Aperto con Amazon')).toBeTruthy();
  // Counted from the first sync that saw it closed: the deadline is to be confirmed.
  expect(row.getByText(/\(da confermare\)/)).toBeTruthy();
  // Its case's action (the cases feature's, joined by the route) on the row, with the shipment.
  expect(row.getByRole('button', { name: 'Prepara contestazione · FBA15XYZ' })).toBeTruthy();
  expect(shown).toEqual([
    {
      shipment_id: 'FBA15XYZ',
      discrepancy: 3,
      marketplace_id: 'APJ6JRA9NG5V4',
      demo: false,
      claim: { state: 'open' },
    },
  ]);
  expect(row.queryByRole('button', { name: 'Dettagli' })).toBeNull();
  // The other kinds keep their own details.
  expect(within(audit!).getByRole('button', { name: 'Dettagli' })).toBeTruthy();
  expect(within(audit!).queryByRole('button', { name: /Prepara contestazione/ })).toBeNull();
  // The kind filter offers inbound shipments.
  const kinds = screen.getByRole('combobox', { name: 'Tipo' });
  expect(
    within(kinds).getByRole('option', { name: 'Spedizione in entrata: unità mancanti' }),
  ).toBeTruthy();
  // And the deadline: the claims closing within a week or a month.
  const due = screen.getByRole('combobox', { name: 'Scadenza' });
  expect(
    within(due)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Tutti', 'Scade entro 7 giorni', 'Scade entro 30 giorni']);
});
