/// <reference types="jest" />
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import itCases from '../../../i18n/it/cases.json';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { signIn } from '../../../test-support/render';
import { SupplierLibrary } from './supplier-library';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));
const api = jest.mocked(apiRequest);

// The documents page's strings, in Italian (the shared set-up loads the other screens').
beforeAll(() => i18n.addResourceBundle('it', 'cases', itCases));

const rossi = { id: 'vat-IT01234567890', name: 'Ceramiche Rossi S.r.l.', vat: 'IT01234567890' };

function invoicePage(attachedToSecond: string | null) {
  return {
    supplier: { ...rossi, invoice_count: 1 },
    invoices: [
      {
        document_id: 'doc-1',
        index: 0,
        filename: 'fattura_rossi.pdf',
        size: 1000,
        shipment_id: 'FBA1',
        number: '2026/118',
        date: '2026-08-20',
        lines: 2,
        shipments: [
          {
            shipment_id: 'FBA1',
            shipment_name: 'Milano settembre',
            skus: [{ sku: 'TAZ-1', missing: 1, invoiced: 48 }],
            to_confirm: [],
            evidence: true,
            complete: true,
            document_id: 'doc-1',
          },
          {
            shipment_id: 'FBA2',
            shipment_name: 'Piacenza ottobre',
            skus: [{ sku: 'BORR-1', missing: 3, invoiced: 2 }],
            to_confirm: [],
            evidence: true,
            complete: false,
            document_id: attachedToSecond,
          },
        ],
      },
    ],
    next_cursor: null,
  };
}

describe('supplier library', () => {
  it('pages the suppliers, opens one on its invoices and attaches an invoice to another case', async () => {
    signIn('library-seller');
    let attached: string | null = null;
    api.mockImplementation(async (path: string, init?: { method?: string; body?: unknown }) => {
      if (path === '/suppliers') {
        return { suppliers: [{ ...rossi, invoice_count: 1 }], next_cursor: 'after-rossi' };
      }
      if (path === '/suppliers?cursor=after-rossi') {
        return {
          suppliers: [{ id: 'unknown', name: null, vat: null, invoice_count: 2 }],
          next_cursor: null,
        };
      }
      if (path === '/suppliers/vat-IT01234567890/invoices') return invoicePage(attached);
      if (path === '/documents/doc-1/attach' && init?.method === 'POST') {
        expect(init.body).toEqual({ shipmentId: 'FBA2' });
        attached = 'doc-2';
        return { ok: true, document: {}, case: { shipment_id: 'FBA2' } };
      }
      throw new Error(`unexpected ${path}`);
    });
    render(<SupplierLibrary />);

    const card = (await screen.findByRole('heading', { name: 'Ceramiche Rossi S.r.l.' })).closest(
      'article',
    )!;
    expect(card.textContent).toContain('P.IVA IT01234567890 · 1 fattura');
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri fornitori' }));
    await screen.findByRole('heading', { name: 'Fornitore non riconosciuto' });
    expect(screen.queryByRole('button', { name: 'Mostra altri fornitori' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Mostra fatture' }));
    await within(card).findByRole('heading', { name: /Fattura n\. 2026\/118 del/ });
    const rows = within(card).getAllByTestId('covered-shipment');
    expect(rows[0]!.textContent).toContain('Allegata al caso');
    expect(rows[1]!.textContent).toContain('BORR-1: in fattura 2, mancanti 3');
    expect(rows[1]!.textContent).toContain('Copre in parte');

    fireEvent.click(
      within(rows[1]!).getByRole('button', {
        name: 'Allega al caso: fattura 2026/118, spedizione Piacenza ottobre',
      }),
    );
    await waitFor(() =>
      expect(within(card).getAllByTestId('covered-shipment')[1]!.textContent).toContain(
        'Allegata al caso',
      ),
    );
    expect(jest.mocked(notify.success)).toHaveBeenCalledWith({
      title: 'Fattura allegata al caso',
      description: 'Spedizione Piacenza ottobre',
    });
  });

  it('shows a line that only resembles an item as to be confirmed, and confirms it', async () => {
    signIn('confirming-seller');
    let confirmed = false;
    const moka = {
      shipment_id: 'FBA3',
      shipment_name: 'Torrazza novembre',
      skus: [{ sku: 'MOKA-EL-2TZ', missing: 18, invoiced: 0 }],
      to_confirm: [
        {
          sku: 'MOKA-EL-2TZ',
          title: 'Moka elettrica 2 tazze',
          line: 1,
          description: 'Caffettiera elettrica 2TZ',
          quantity: 10,
        },
      ],
      evidence: false,
      complete: false,
      document_id: null,
    };
    api.mockImplementation(async (path: string, init?: { method?: string; body?: unknown }) => {
      if (path === '/suppliers')
        return { suppliers: [{ ...rossi, invoice_count: 1 }], next_cursor: null };
      if (path === '/suppliers/vat-IT01234567890/invoices') {
        const page = invoicePage('doc-2');
        const shipment = confirmed
          ? { ...moka, skus: [{ ...moka.skus[0]!, invoiced: 10 }], to_confirm: [], evidence: true }
          : moka;
        return { ...page, invoices: [{ ...page.invoices[0]!, shipments: [shipment] }] };
      }
      if (path === '/suppliers/line-verdicts' && init?.method === 'POST') {
        expect(init.body).toEqual({
          documentId: 'doc-1',
          invoiceIndex: 0,
          line: 1,
          sku: 'MOKA-EL-2TZ',
          verdict: 'confirmed',
        });
        confirmed = true;
        return { ok: true, sku: 'MOKA-EL-2TZ', verdict: 'confirmed', description: 'x' };
      }
      throw new Error(`unexpected ${path}`);
    });
    render(<SupplierLibrary />);
    const card = (await screen.findByRole('heading', { name: 'Ceramiche Rossi S.r.l.' })).closest(
      'article',
    )!;
    fireEvent.click(within(card).getByRole('button', { name: 'Mostra fatture' }));
    const row = await within(card).findByTestId('covered-shipment');
    await within(row).findByText('Da confermare');
    expect(row.textContent).toContain('MOKA-EL-2TZ: in fattura 0, mancanti 18');
    expect(row.textContent).toContain(
      'La riga «Caffettiera elettrica 2TZ» (10 unità) somiglia a MOKA-EL-2TZ (Moka elettrica 2 tazze)',
    );
    // Neither "covers" nor offered for attaching while the line is only a resemblance.
    expect(row.textContent).not.toContain('Copre');
    expect(within(row).queryByRole('button', { name: /Allega/ })).toBeNull();

    fireEvent.click(
      within(row).getByRole('button', {
        name: 'È questo articolo: MOKA-EL-2TZ, riga «Caffettiera elettrica 2TZ»',
      }),
    );
    await waitFor(() =>
      expect(within(card).getByTestId('covered-shipment').textContent).toContain(
        'MOKA-EL-2TZ: in fattura 10, mancanti 18',
      ),
    );
    expect(within(card).queryByText('Da confermare')).toBeNull();
    expect(within(card).getByRole('button', { name: /Allega al caso/ })).toBeTruthy();
    expect(jest.mocked(notify.success)).toHaveBeenCalledWith({
      title: 'Riga confermata: da ora conta per MOKA-EL-2TZ, anche nelle prossime fatture',
    });
  });

  it('says where suppliers come from when there are none yet', async () => {
    signIn('new-seller');
    api.mockImplementation(async () => ({ suppliers: [], next_cursor: null }));
    render(<SupplierLibrary />);
    await screen.findByText(/Nessun fornitore per ora/);
  });
});
