/// <reference types="jest" />
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import itClaims from '../../../i18n/it/claims.json';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import type { RemovalView } from '../api/claims';
import { RemovalCountForm } from './removals-to-count';

jest.mock('../../../lib/api-client', () => ({
  apiRequest: jest.fn(),
  ApiError: class ApiError extends Error {},
}));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

beforeAll(() => i18n.addResourceBundle('it', 'claims', itClaims));
beforeEach(() => jest.clearAllMocks());

const removal: RemovalView = {
  removal_order_id: 'RMV-IT-0001',
  request_date: '2026-10-01',
  shipped_on: '2026-10-03',
  parcels: [{ shipped_on: '2026-10-03', carrier: 'BRT', tracking: '0123456789012' }],
  skus: [
    { sku: 'MOKA 9 TAZZE', fnsku: null, shipped: 3 },
    { sku: 'CACAO', fnsku: 'X00CACAO', shipped: 1 },
  ],
  received: null,
  counted_at: null,
};

function show() {
  const onCounted = jest.fn();
  render(<RemovalCountForm removal={removal} onCounted={onCounted} />);
  return onCounted;
}

const field = (sku: string) => screen.getByLabelText(new RegExp(`Unità arrivate di ${sku}`));

describe('the seller records what a removal brought back', () => {
  it('shows the removal as Amazon shipped it, with a field per SKU naming what was shipped', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Rimozione RMV-IT-0001' })).toBeTruthy();
    expect(screen.getByText(/BRT 0123456789012/)).toBeTruthy();
    expect(screen.getByText(/Data di consegna: da confermare/)).toBeTruthy();
    expect(
      screen.getByLabelText('Unità arrivate di MOKA 9 TAZZE (Amazon ne ha spedite 3)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Unità arrivate di CACAO (Amazon ne ha spedita 1)')).toBeTruthy();
  });

  it('sends nothing while a SKU is empty, not a whole number, or above what was shipped', async () => {
    show();
    fireEvent.change(field('MOKA 9 TAZZE'), { target: { value: '4' } });
    fireEvent.change(field('CACAO'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra il conteggio' }));
    expect(await screen.findByText('Scrivi un numero intero da 0 a 3.')).toBeTruthy();
    expect(screen.getByText('Scrivi un numero intero da 0 a 1.')).toBeTruthy();
    fireEvent.change(field('MOKA 9 TAZZE'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra il conteggio' }));
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('records the units per SKU, says when the claim comes, and re-reads the list', async () => {
    (apiRequest as jest.Mock).mockResolvedValue({
      removal: { ...removal, received: { 'MOKA 9 TAZZE': 2, CACAO: 0 }, counted_at: 'x' },
    });
    const onCounted = show();
    fireEvent.change(field('MOKA 9 TAZZE'), { target: { value: '2' } });
    fireEvent.change(field('CACAO'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra il conteggio' }));
    await waitFor(() => expect(onCounted).toHaveBeenCalled());
    expect(apiRequest).toHaveBeenCalledWith('/removals/RMV-IT-0001/received', {
      method: 'PUT',
      body: {
        received: [
          { sku: 'MOKA 9 TAZZE', units: 2 },
          { sku: 'CACAO', units: 0 },
        ],
      },
      schema: expect.anything(),
    });
    expect(notify.success).toHaveBeenCalledWith({
      title: expect.stringMatching(/^Conteggio registrato: se mancano unità, il reclamo compare/),
    });
  });
});
