/// <reference types="jest" />
import { render, screen } from '@testing-library/react';
import { StatCards } from './stat-cards';

const figures = {
  recovered: { amounts: [{ currency: 'EUR', amount: 24.9 }], units: 0 },
  potential_units: 0,
  open_shipments: 0,
  open_cases: 0,
  resolved_cases: 0,
  estimated_value: { amount: null, currency: 'EUR', units_valued: 0, units_unvalued: 0 },
  recoverable: [
    { kind: 'customer_return_not_returned', currency: 'EUR', amount: 19.9, claims: 1 },
    { kind: 'customer_return_damaged', currency: null, amount: null, claims: 2 },
    { kind: 'replacement_not_returned', currency: null, amount: null, claims: 1 },
    { kind: 'removal_lost_in_transit', currency: 'EUR', amount: 30, claims: 1 },
    { kind: 'removal_short', currency: 'EUR', amount: 4.5, claims: 1 },
  ],
};

it('names every kind of claim still recoverable, customer returns and removals included', () => {
  render(<StatCards figures={figures} />);
  const lines = screen.getByTestId('stat-recoverable').querySelectorAll('li');
  expect([...lines].map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
    'Resi rimborsati e non restituiti: 19,90 €',
    'Resi danneggiati da Amazon: 2 reclami, importo da confermare',
    'Sostituzioni senza reso: 1 reclamo, importo da confermare',
    'Rimozioni perse in transito: 30,00 €',
    'Rimozioni incomplete: 4,50 €',
  ]);
  expect(screen.getByTestId('stat-recovered').textContent).toContain('24,90');
});
