import * as z from 'zod';

/**
 * The storage test of the /debug/storage page (spec 2.12, 3, 7.4): the caller's own files at the
 * debug path `{userId}/{timestamp}-{filename}`, never a case document.
 *
 *   POST   /api/debug/storage   DebugUploadRequest → presigned PUT (`uploadUrl`, `headers`, `path`)
 *   GET    /api/debug/storage                      → `{ files: [{ path, size, last_modified }] }`
 *   GET    /api/debug/storage?path=…               → presigned GET (`url`, `expiresIn`)
 *   DELETE /api/debug/storage?path=…               → `{ ok: true }`
 */

/** The page's formats (spec 2.12: PDF, PNG, JPEG). */
export const DEBUG_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;

export const debugUploadRequest = z.object({
  fileName: z.string().min(1).max(255),
  size: z.number().int().positive(),
});
export type DebugUploadRequest = z.infer<typeof debugUploadRequest>;

/** Which of the caller's debug files (absent on the listing). */
export const debugStorageQuery = z.object({ path: z.string().optional() });
