/// <reference types="jest" />
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import itConnect from '../../../i18n/it/connect.json';
import {
  BillingFields,
  billingDraftOf,
  billingForOrder,
  EMPTY_BILLING,
  type BillingDraft,
} from './billing-fields';

beforeAll(() => i18n.addResourceBundle('it', 'connect', itConnect));

describe('the receipt details asked at checkout', () => {
  it('an order carries no billing when every field is empty, else the fields as typed', () => {
    expect(billingForOrder(EMPTY_BILLING)).toBeUndefined();
    expect(billingForOrder({ name: '  ', address: '\n', vatId: ' ' })).toBeUndefined();
    expect(
      billingForOrder({ name: ' Caffè Rossi ', address: 'Via Roma 1\n20100 Milano', vatId: '' }),
    ).toEqual({ name: 'Caffè Rossi', address: 'Via Roma 1\n20100 Milano' });
    // Incomplete details still go: the server refuses them in the seller's language.
    expect(billingForOrder({ name: '', address: '', vatId: 'IT123' })).toEqual({
      name: '',
      address: '',
      vatId: 'IT123',
    });
  });

  it('the last purchase prefills the fields', () => {
    expect(billingDraftOf(null)).toEqual(EMPTY_BILLING);
    expect(billingDraftOf({ name: 'Rossi', address: 'Via Roma 1', vatId: null })).toEqual({
      name: 'Rossi',
      address: 'Via Roma 1',
      vatId: '',
    });
  });

  it('the fields are labelled and edit the draft', () => {
    function Host() {
      const [value, setValue] = useState<BillingDraft>(EMPTY_BILLING);
      return (
        <>
          <BillingFields value={value} onChange={setValue} />
          <output>{JSON.stringify(billingForOrder(value) ?? null)}</output>
        </>
      );
    }
    render(<Host />);
    expect(screen.getByRole('group', { name: 'Dati per la ricevuta' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ragione sociale o nome e cognome'), {
      target: { value: 'Rossi' },
    });
    fireEvent.change(screen.getByLabelText('Indirizzo'), { target: { value: 'Via Roma 1' } });
    expect(screen.getByRole('status').textContent).toBe(
      JSON.stringify({ name: 'Rossi', address: 'Via Roma 1' }),
    );
  });
});
