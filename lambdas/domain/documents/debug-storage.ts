import { DOWNLOAD_URL_SECONDS, UPLOAD_URL_SECONDS } from '../cases/contract';
import { debugPath, isOwnDebugPath } from '../cases/documents';
import { CaseRefused } from '../cases/refusals';
import type { Language } from '../language';
import { DEBUG_EXTENSIONS, type DebugUploadRequest } from './contract';
import {
  EXTENSION_FILE_TYPE,
  FILE_TYPE_MIME,
  fileExtension,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  type AllowedExtension,
} from './file-type';
import type { DocumentDeps } from './ports';

function ownDebugPath(userId: string, path: string | undefined): string {
  if (!isOwnDebugPath(userId, path ?? '')) throw new CaseRefused('not_owner');
  return path as string;
}

/** A presigned upload of a test file (spec 2.12: PDF, PNG, JPEG). */
export async function debugUploadUrl(
  deps: DocumentDeps,
  userId: string,
  body: DebugUploadRequest,
  language: Language,
) {
  const extension = fileExtension(body.fileName);
  if (!(DEBUG_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new CaseRefused('bad_extension', { formats: 'PDF, PNG, JPEG' });
  }
  if (body.size > MAX_UPLOAD_BYTES) throw new CaseRefused('too_large');
  await deps.guards.requireDailyQuota(userId, 'upload', language);
  const path = debugPath(userId, sanitizeFileName(body.fileName), new Date(deps.now()));
  const contentType = FILE_TYPE_MIME[EXTENSION_FILE_TYPE[extension as AllowedExtension]];
  return {
    uploadUrl: await deps.storage.presignUpload(path, contentType, body.size, UPLOAD_URL_SECONDS),
    method: 'PUT' as const,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.size) },
    path,
  };
}

/** The caller's test files, or a presigned download of one (`path`). */
export async function debugFiles(deps: DocumentDeps, userId: string, path: string | undefined) {
  if (path) {
    const own = ownDebugPath(userId, path);
    return {
      url: await deps.storage.presignDownload(
        own,
        own.slice(own.indexOf('-') + 1),
        DOWNLOAD_URL_SECONDS,
      ),
      expiresIn: DOWNLOAD_URL_SECONDS,
    };
  }
  const files = (await deps.storage.listTopLevel(userId)).filter((file) =>
    isOwnDebugPath(userId, file.key),
  );
  return {
    files: files.map((file) => ({
      path: file.key,
      size: file.size,
      last_modified: file.lastModified,
    })),
  };
}

/** Deletes one of the caller's test files. */
export async function deleteDebugFile(deps: DocumentDeps, userId: string, path?: string) {
  await deps.storage.deleteObject(ownDebugPath(userId, path));
  return { ok: true as const };
}
