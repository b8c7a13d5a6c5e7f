/// <reference types="jest" />
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import itHelp from '../../../i18n/it/help.json';
import { ClaimWindowsTable } from './claim-windows-table';

beforeAll(() => i18n.addResourceBundle('it', 'help', itHelp));

describe('the claim windows in the help center', () => {
  it('lists every kind with its window, event, source and the day it was checked', () => {
    render(<ClaimWindowsTable />);
    const table = screen.getByRole('table', { name: 'Finestre per le richieste di rimborso' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 9);

    const inbound = within(table).getByRole('row', { name: /Spedizione in entrata/ });
    expect(inbound.textContent).toContain('Obiettivo: entro 60 giorni');
    expect(inbound.textContent).toContain('Ultima possibilità: entro 183 giorni (6 mesi)');
    expect(inbound.textContent).toContain('da 15 a 60 giorni dalla consegna');
    expect(inbound.textContent).toContain('6 mesi dalla consegna verificata');
    expect(inbound.textContent).toContain('29 nov 2026');

    const returns = within(table).getByRole('row', { name: /Reso rimborsato ma mai restituito/ });
    expect(returns.textContent).toContain('dal giorno 46 al giorno 105');
    expect(returns.textContent).toContain("Rimborso all'acquirente");

    const underpaid = within(table).getByRole('row', { name: /Rimborso inferiore al costo/ });
    expect(underpaid.textContent).toContain('da confermare: nessuna pagina Amazon lo indica');
  });
});
