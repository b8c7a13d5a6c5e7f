import { DOWNLOAD_URL_SECONDS, UPLOAD_URL_SECONDS } from '../cases/contract';
import { debugPath, isOwnDebugPath } from '../cases/documents';
import { CaseRefused } from '../cases/refusals';
import type { Language } from '../language';
import { DEBUG_EXTENSIONS, type DebugUploadRequest } from './contract';
import {
  checkUpload,
  EXTENSION_FILE_TYPE,
  FILE_TYPE_MIME,
  fileExtension,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  type AllowedExtension,
} from './file-type';
import type { DocumentDeps } from './ports';

/** How long a test file is kept: the storage test is a check of the moment, not an archive. */
export const DEBUG_FILE_MAX_AGE_MS = 86_400_000;

function ownDebugPath(userId: string, path: string | undefined): string {
  if (!isOwnDebugPath(userId, path ?? '')) throw new CaseRefused('not_owner');
  return path as string;
}

/** The parts of a test file's path, `{userId}/{ms}-{name}` (the user id holds hyphens too). */
function debugPathParts(path: string): { uploadedAt: number; fileName: string } {
  const name = path.slice(path.indexOf('/') + 1);
  const dash = name.indexOf('-');
  return { uploadedAt: Number(name.slice(0, dash)), fileName: name.slice(dash + 1) };
}

const expired = (deps: DocumentDeps, path: string) =>
  deps.now() - debugPathParts(path).uploadedAt > DEBUG_FILE_MAX_AGE_MS;

/**
 * A presigned upload of a test file (spec 2.12: PDF, PNG, JPEG). Like every diagnostic route,
 * only for admins and only where the stage turns the debug tools on (each route checks).
 */
export async function debugUploadUrl(
  deps: DocumentDeps,
  userId: string,
  body: DebugUploadRequest,
  language: Language,
) {
  await deps.guards.requireDebugTools(userId, language);
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

/**
 * The caller's test files, or a presigned download of one (`path`). A file older than
 * `DEBUG_FILE_MAX_AGE_MS` is deleted instead of listed or served; one whose bytes are not what
 * its extension says (the PUT is the browser's, so anything could have been sent) is deleted
 * and refused.
 */
export async function debugFiles(
  deps: DocumentDeps,
  userId: string,
  path: string | undefined,
  language: Language,
) {
  await deps.guards.requireDebugTools(userId, language);
  if (path) {
    const own = ownDebugPath(userId, path);
    if (expired(deps, own)) {
      await deps.storage.deleteObject(own);
      throw new CaseRefused('upload_not_found');
    }
    const bytes = await deps.storage.readObject(own);
    if (!bytes) throw new CaseRefused('upload_not_found');
    const { fileName } = debugPathParts(own);
    const check = checkUpload({ fileName, bytes });
    if (!check.ok) {
      await deps.storage.deleteObject(own);
      throw new CaseRefused(check.reason === 'too_large' ? 'too_large' : 'content_mismatch');
    }
    return {
      url: await deps.storage.presignDownload(own, fileName, DOWNLOAD_URL_SECONDS),
      expiresIn: DOWNLOAD_URL_SECONDS,
    };
  }
  const files = (await deps.storage.listTopLevel(userId)).filter((file) =>
    isOwnDebugPath(userId, file.key),
  );
  const old = files.filter((file) => expired(deps, file.key));
  await Promise.all(old.map((file) => deps.storage.deleteObject(file.key)));
  return {
    files: files
      .filter((file) => !old.includes(file))
      .map((file) => ({
        path: file.key,
        size: file.size,
        last_modified: file.lastModified,
      })),
  };
}

/** Deletes one of the caller's test files. */
export async function deleteDebugFile(
  deps: DocumentDeps,
  userId: string,
  path: string | undefined,
  language: Language,
) {
  await deps.guards.requireDebugTools(userId, language);
  await deps.storage.deleteObject(ownDebugPath(userId, path));
  return { ok: true as const };
}
