/// <reference types="jest" />
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import type { CaseDocument } from '@domain/cases/contract';
import itCases from '../../i18n/it/cases.json';
import { apiRequest } from '../../lib/api-client';
import { signIn } from '../../test-support/render';
import { uploadDocument } from './api/documents';
import { DocumentTypeSection } from './components/document-type-section';
import { useCaseDetail } from './use-case-detail';

jest.mock('../../lib/api-client', () => ({ apiRequest: jest.fn() }));
jest.mock('../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));
jest.mock('./api/documents', () => ({
  ...jest.requireActual<object>('./api/documents'),
  uploadDocument: jest.fn(),
}));
const api = jest.mocked(apiRequest);
const upload = jest.mocked(uploadDocument);

beforeAll(async () => {
  i18n.addResourceBundle('it', 'cases', itCases);
  await i18n.changeLanguage('it');
});

/** A photographed packing list as the upload's confirm returns it: stored, being read. */
const beingRead: CaseDocument = {
  id: 'doc-9',
  shipment_id: 'FBA1',
  doc_type: 'distinta_imballaggio',
  path: 'u/shipments/FBA1/distinta-foto.jpg',
  filename: 'distinta-foto.jpg',
  size: 61_000,
  created_at: '2026-11-29T10:00:00.000Z',
  reading: null,
  reading_pending: true,
  warnings: [],
};

function PackingListSlot() {
  const detail = useCaseDetail('FBA1');
  return (
    <DocumentTypeSection
      shipmentId="FBA1"
      docType="distinta_imballaggio"
      required
      role="produttore"
      locked={false}
      documents={detail.documents}
      onChanged={detail.reload}
    />
  );
}

describe('a photo uploaded on the case sheet', () => {
  it('is shown being read as soon as the upload confirms, before the sheet is read again', async () => {
    signIn('photo-seller');
    let detailReads = 0;
    api.mockImplementation(async (path: string) => {
      if (path.startsWith('/cases?') || path === '/cases') {
        return { changed: true, reset: true, cursor: null, version: 'v1', cases: [] };
      }
      if (path === '/cases/FBA1') {
        detailReads += 1;
        // The first read answers; the one after the upload never comes back (a slow network).
        if (detailReads > 1) return new Promise(() => undefined);
        return { case: null, documents: [], filing: null, draft: null };
      }
      // The documents list the sheet polls while a document is being read: not yet answered.
      return new Promise(() => undefined);
    });
    upload.mockResolvedValue({ ok: true, document: beingRead, case: {} as never });

    const { container } = render(<PackingListSlot />);
    await waitFor(() => expect(detailReads).toBe(1));
    const input = container.querySelector('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['photo'], 'distinta-foto.jpg', { type: 'image/jpeg' })] },
    });

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByTestId('document-reading').textContent).toMatch(/^Lettura in corso/),
    );
    expect(screen.getByText('distinta-foto.jpg')).toBeTruthy();
  });
});
