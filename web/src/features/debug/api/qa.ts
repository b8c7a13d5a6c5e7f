import { apiRequestRaw, type RawApiResponse } from '../../../lib/api-client';

/**
 * Fixed QA identifiers (spec 2.12): the diagnostic pages touch only the caller's own demo
 * shipments, never real ones (storage has its own debug path). The submit tests run on the first of
 * DEMO003/DEMO002 not yet submitted (a submitted case is locked, and test 1 expects a first
 * submission).
 */
export const QA_STORAGE_SHIPMENT = 'DEMO001';
export const QA_SUBMIT_SHIPMENTS = ['DEMO003', 'DEMO002'] as const;
export const QA_ROLE = 'rivenditore';
/** The logical bucket name paths are prefixed with (spec 7.5). */
export const DOCUMENT_BUCKET = 'supplier_docs';

export type StepRecord = { step: string; status: number; body: unknown };

/** Thrown by a step that answered something else than expected; carries what it answered. */
export class StepFailed extends Error {
  constructor(
    message: string,
    readonly record?: StepRecord,
  ) {
    super(message);
  }
}

export async function call(
  records: StepRecord[],
  step: string,
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<RawApiResponse> {
  const response = await apiRequestRaw(path, options);
  records.push({ step, status: response.status, body: response.body });
  return response;
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** The case id wherever the answer puts it (spec 7.5: case_id, caseId, id, or nested). */
export function caseIdOf(body: unknown): string | undefined {
  for (const candidate of [
    field(body, 'case_id'),
    field(body, 'caseId'),
    field(body, 'id'),
    field(field(body, 'data'), 'id'),
    field(field(body, 'data'), 'case_id'),
    field(field(body, 'case'), 'id'),
  ]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return undefined;
}

export function messageOf(body: unknown): string {
  const message = field(body, 'message');
  return typeof message === 'string' ? message : '';
}

export type UploadedDocument = { id: string; path: string; fileName: string };

/**
 * The browser's PUT to a presigned upload URL as the server answered it (`uploadUrl`, `headers`,
 * `path`); returns the path. Content-Length is set by the browser from the body; the signed
 * Content-Type is sent as is.
 */
export async function putToSignedUrl(
  records: StepRecord[],
  signedBody: unknown,
  file: Blob,
  contentType: string,
): Promise<string> {
  const { uploadUrl, headers, path } = signedBody as {
    uploadUrl: string;
    headers: Record<string, string>;
    path: string;
  };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': headers['Content-Type'] ?? contentType },
    body: file,
  });
  records.push({ step: 'storage PUT', status: put.status, body: put.ok ? null : await put.text() });
  if (!put.ok) throw new StepFailed(`PUT ${put.status}`);
  return path;
}

/**
 * Upload through the documents API (the browser has no storage credentials): a presigned PUT,
 * then the server's confirmation, which reads the file back and records it.
 */
export async function uploadDocument(
  records: StepRecord[],
  input: { shipmentId: string; docType: string; file: Blob; fileName: string; contentType: string },
): Promise<UploadedDocument> {
  const signed = await call(records, 'upload-url', '/documents/upload-url', {
    method: 'POST',
    body: {
      shipmentId: input.shipmentId,
      role: QA_ROLE,
      docType: input.docType,
      fileName: input.fileName,
      size: input.file.size,
      contentType: input.contentType,
    },
  });
  if (signed.status !== 200)
    throw new StepFailed(`upload-url ${signed.status}: ${messageOf(signed.body)}`);
  const path = await putToSignedUrl(records, signed.body, input.file, input.contentType);
  const confirmed = await call(records, 'confirm', '/documents/confirm', {
    method: 'POST',
    body: { shipmentId: input.shipmentId, role: QA_ROLE, docType: input.docType, path },
  });
  if (confirmed.status !== 200) {
    throw new StepFailed(`confirm ${confirmed.status}: ${messageOf(confirmed.body)}`);
  }
  const document = field(confirmed.body, 'document') as
    { id: string; filename: string; path: string } | undefined;
  if (!document?.id) throw new StepFailed('confirm: no document id');
  // Where confirm stored the checked file: the upload key is only a staging place.
  return { id: document.id, path: document.path, fileName: document.filename };
}
