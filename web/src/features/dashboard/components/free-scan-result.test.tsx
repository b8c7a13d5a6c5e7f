/// <reference types="jest" />
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DashboardData } from '../api/dashboard';
import { FreeScanResult } from './free-scan-result';

function figures(value: Partial<DashboardData['figures']['estimated_value']>) {
  return {
    potential_units: 7,
    open_shipments: 2,
    open_cases: 0,
    resolved_cases: 0,
    estimated_value: {
      amount: null,
      currency: 'EUR',
      units_valued: 0,
      units_unvalued: 7,
      ...value,
    },
    recovered: { amounts: [], units: 0 },
  };
}

function show(data: DashboardData['figures']) {
  render(
    <MemoryRouter>
      <FreeScanResult figures={data} />
    </MemoryRouter>,
  );
}

describe('what the free first scan found', () => {
  it('gives the totals and, without any unit value, says the worth is to be confirmed', () => {
    show(figures({}));
    expect(screen.getByTestId('free-scan-units').textContent).toBe('7');
    expect(screen.getByTestId('free-scan-shipments').textContent).toBe('2');
    expect(screen.getByTestId('free-scan-value').textContent).toBe('Da confermare');
    expect(screen.getByTestId('free-scan-value-hint').textContent).toBe(
      '7 unità senza valore unitario: apri la spedizione e indicalo',
    );
  });

  it('prices only the units the seller gave a value for, and says the rest is missing', () => {
    show(figures({ amount: 14.9, units_valued: 2, units_unvalued: 5 }));
    expect(screen.getByTestId('free-scan-value').textContent).toMatch(/^Almeno 14,90\s€$/);
    expect(screen.getByTestId('free-scan-value-hint').textContent).toMatch(/^5 unità senza/);
  });

  it('gives the full worth when every missing unit has a value', () => {
    show(figures({ amount: 52.15, units_valued: 7, units_unvalued: 0 }));
    expect(screen.getByTestId('free-scan-value').textContent).toMatch(/^52,15\s€$/);
    expect(screen.queryByTestId('free-scan-value-hint')).toBeNull();
  });

  it('says preparing and filing need the plan and leads to the plan step', () => {
    show(figures({}));
    expect(screen.getByTestId('free-scan-plan').textContent).toMatch(
      /^Per preparare e inviare le contestazioni ad Amazon.*serve il piano/,
    );
    expect(screen.getByRole('link', { name: 'Attiva il piano' }).getAttribute('href')).toBe(
      '/connect-amazon?renew=1',
    );
  });

  it('says so when nothing is missing on the shipments still within their window', () => {
    show({ ...figures({ units_unvalued: 0 }), potential_units: 0, open_shipments: 0 });
    expect(
      screen.getByText(
        'Nessuna unità mancante nelle spedizioni ancora nei termini per chiedere il rimborso.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('free-scan-units')).toBeNull();
  });
});
