/// <reference types="jest" />
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MonthlyChart } from './monthly-chart';

// The chart library draws on a canvas jsdom does not have; the table is what is tested here.
jest.mock('./monthly-chart-canvas', () => ({
  __esModule: true,
  default: () => <div data-testid="monthly-chart-canvas" />,
}));

const months = [
  { month: '2026-10', recovered: [{ currency: 'EUR', amount: 40.1 }], missing_units: 3 },
  { month: '2026-11', recovered: [], missing_units: 1234 },
];

it('gives screen readers the chart as a table, shown on screen with the toggle', async () => {
  render(<MonthlyChart months={months} />);
  const table = screen.getByRole('table', {
    name: 'Rimborsi ottenuti e unità ancora mancanti per mese',
  });
  const rows = within(table).getAllByRole('row');
  expect(rows.map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual([
    'MeseRimborsi ottenutiUnità ancora mancanti',
    'ott 202640,10 €3',
    'nov 20260,00 €1234',
  ]);
  expect(table.parentElement?.className).toBe('sr-only');
  fireEvent.click(screen.getByRole('button', { name: 'Mostra la tabella' }));
  expect(table.parentElement?.className).not.toContain('sr-only');
  expect(
    screen.getByRole('button', { name: 'Nascondi la tabella' }).getAttribute('aria-expanded'),
  ).toBe('true');
  expect(await screen.findByTestId('monthly-chart-canvas')).toBeTruthy();
});
