/// <reference types="jest" />
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import enClaims from '../../../i18n/en/claims.json';
import itClaims from '../../../i18n/it/claims.json';
import { UncheckedForCostNotice } from './unchecked-notice';

beforeAll(() => {
  i18n.addResourceBundle('it', 'claims', itClaims);
  i18n.addResourceBundle('en', 'claims', enClaims);
});
afterEach(() => void i18n.changeLanguage('it'));

const show = (count: number | null) =>
  render(
    <MemoryRouter>
      <UncheckedForCostNotice count={count} />
    </MemoryRouter>,
  );

test('says how many reimbursements went unchecked for lack of a cost, with the way to Costi', async () => {
  await i18n.changeLanguage('it');
  show(3);
  expect(screen.getByTestId('claims-unchecked-for-cost').textContent).toContain(
    '3 rimborsi di Amazon non sono stati verificati perché manca il costo unitario dello SKU.',
  );
  expect(
    screen.getByRole('link', { name: 'Inserisci i costi in Costi' }).getAttribute('href'),
  ).toBe('/costs');
});

test('in English, one reimbursement', async () => {
  await i18n.changeLanguage('en');
  show(1);
  expect(screen.getByTestId('claims-unchecked-for-cost').textContent).toContain(
    '1 reimbursement from Amazon could not be checked because the SKU has no unit cost.',
  );
  expect(screen.getByRole('link', { name: 'Enter the costs on Costi' })).toBeTruthy();
});

test('says nothing when every reimbursement could be checked', () => {
  show(0);
  expect(screen.queryByTestId('claims-unchecked-for-cost')).toBeNull();
});
