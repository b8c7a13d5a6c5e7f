import { documentDownloadUrlResponse } from '@domain/cases/contract';
import { apiRequest } from './api-client';

/**
 * Opens one of the seller's documents (a case's, or an invoice of the supplier library) through
 * a presigned GET (valid 3600 s) in a new tab; the server answers 404 for another seller's id.
 */
export async function downloadDocument(documentId: string): Promise<void> {
  const { url, filename } = await apiRequest(
    `/documents/${encodeURIComponent(documentId)}/download-url`,
    { schema: documentDownloadUrlResponse },
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.target = '_blank';
  document.body.append(link);
  link.click();
  link.remove();
}
