/// <reference types="jest" />
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { CaseDocument } from '@domain/cases/contract';
import enCases from '../../../i18n/en/cases.json';
import itCases from '../../../i18n/it/cases.json';
import { DocumentTypeSection } from './document-type-section';

jest.mock('../../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('../../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

beforeAll(() => {
  i18n.addResourceBundle('it', 'cases', itCases);
  i18n.addResourceBundle('en', 'cases', enCases);
});

/** A packing list photographed: its date read under the trusted confidence. */
const photographed: CaseDocument = {
  id: 'doc-1',
  shipment_id: 'FBA1',
  doc_type: 'distinta_imballaggio',
  path: 'u/shipments/FBA1/distinta.jpg',
  filename: 'distinta.jpg',
  size: 1000,
  created_at: '2026-09-20T10:00:00.000Z',
  reading: {
    kind: 'ddt',
    quality: 'ok',
    text_chars: 400,
    invoices: [
      {
        number: '318/2026',
        date: '2026-09-15',
        supplier: 'Ceramiche Valdarno',
        lines: 1,
        ocr_confidence: 48,
        unsure: ['date'],
      },
    ],
  },
  warnings: [],
};

function show(document: CaseDocument) {
  return render(
    <DocumentTypeSection
      shipmentId="FBA1"
      docType="distinta_imballaggio"
      required
      role="produttore"
      locked={false}
      documents={[document]}
      onChanged={() => undefined}
    />,
  );
}

describe('a document read from a scan on the case sheet', () => {
  it('says it was read from a scan and which fields to verify, in Italian and English', async () => {
    await i18n.changeLanguage('it');
    const { unmount } = show(photographed);
    expect(screen.getByText(/letto da scansione/).textContent).toContain('Ceramiche Valdarno');
    expect(screen.getByTestId('document-unsure').textContent).toBe(' · da verificare: data');
    unmount();
    await i18n.changeLanguage('en');
    show(photographed);
    expect(screen.getByTestId('document-unsure').textContent).toBe(' · to be checked: date');
    await i18n.changeLanguage('it');
  });

  it('shows nothing of the kind for a document read from its text', async () => {
    await i18n.changeLanguage('it');
    const invoice = photographed.reading?.invoices[0];
    const fromText: CaseDocument = {
      ...photographed,
      reading: photographed.reading && {
        ...photographed.reading,
        invoices: invoice ? [{ ...invoice, ocr_confidence: undefined, unsure: undefined }] : [],
      },
    };
    show(fromText);
    expect(screen.queryByText(/letto da scansione/)).toBeNull();
    expect(screen.queryByTestId('document-unsure')).toBeNull();
  });
});

describe('a scan being read in the background on the case sheet', () => {
  const beingRead: CaseDocument = { ...photographed, reading: null, reading_pending: true };

  it('says "lettura in corso" until the reading arrives, in Italian and English', async () => {
    await i18n.changeLanguage('it');
    const { unmount } = show(beingRead);
    expect(screen.getByTestId('document-reading').textContent).toMatch(/^Lettura in corso/);
    unmount();
    await i18n.changeLanguage('en');
    const again = show(beingRead);
    expect(screen.getByTestId('document-reading').textContent).toMatch(/^Reading in progress/);
    again.unmount();
    await i18n.changeLanguage('it');
    show(photographed);
    expect(screen.queryByTestId('document-reading')).toBeNull();
    expect(screen.getByText(/letto da scansione/).textContent).toContain('1 riga');
  });
});
