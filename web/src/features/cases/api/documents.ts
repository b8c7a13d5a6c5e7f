import {
  documentConfirmResponse,
  documentDeleteResponse,
  documentDownloadUrlResponse,
  documentUploadUrlResponse,
  type CaseRole,
  type DocType,
  type DocumentConfirmResponse,
} from '@domain/cases/contract';
import { ApiError, ApiNetworkError, apiRequest } from '../../../lib/api-client';
import { refreshCases, rememberCase } from './cases';

export type UploadInput = {
  shipmentId: string;
  role: CaseRole;
  docType: DocType;
  file: File;
};

/**
 * Spec 5 upload: the server signs a PUT for this exact name, type and size, the browser sends
 * the bytes straight to storage, then the server reads the object back (real type, size,
 * reader) before it records anything. A refusal at any step surfaces as an ApiError with the
 * server's message.
 */
export async function uploadDocument({
  shipmentId,
  role,
  docType,
  file,
}: UploadInput): Promise<DocumentConfirmResponse> {
  const signed = await apiRequest('/documents/upload-url', {
    method: 'POST',
    body: {
      shipmentId,
      role,
      docType,
      fileName: file.name,
      size: file.size,
      contentType: file.type || undefined,
    },
    schema: documentUploadUrlResponse,
  });

  let put: Response;
  try {
    // Content-Length is set by the browser from the body, which is the file the server signed.
    put = await fetch(signed.uploadUrl, {
      method: signed.method,
      headers: { 'Content-Type': signed.headers['Content-Type'] },
      body: file,
    });
  } catch (error) {
    throw new ApiNetworkError(error instanceof Error ? error.message : String(error));
  }
  if (!put.ok) throw new ApiError(put.status, 'upload_failed', put.statusText);

  const confirmed = await apiRequest('/documents/confirm', {
    method: 'POST',
    body: { shipmentId, role, docType, path: signed.path },
    schema: documentConfirmResponse,
  });
  rememberCase(confirmed.case);
  void refreshCases();
  return confirmed;
}

export { downloadDocument } from '../../../lib/download';

/**
 * "Download the attachments" (issue 29): every document of the case, one after the other, each
 * saved under its own name (read through its presigned GET, then saved from the page).
 */
export async function downloadAllDocuments(
  documents: readonly { id: string; filename: string }[],
): Promise<void> {
  for (const item of documents) {
    const { url, filename } = await apiRequest(
      `/documents/${encodeURIComponent(item.id)}/download-url`,
      { schema: documentDownloadUrlResponse },
    );
    let response: Response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new ApiNetworkError(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new ApiError(response.status, 'download_failed', response.statusText);
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    // Browsers take several downloads from one click when they come a moment apart.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export async function deleteDocument(documentId: string): Promise<void> {
  await apiRequest(`/documents/${encodeURIComponent(documentId)}`, {
    method: 'DELETE',
    schema: documentDeleteResponse,
  });
  void refreshCases();
}
