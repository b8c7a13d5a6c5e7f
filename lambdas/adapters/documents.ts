import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import * as z from 'zod';
import { stagingPath } from '../domain/cases/documents';
import { awsEnv, loadConfig } from '../shared/config';

const env = loadConfig(awsEnv.extend({ DOCUMENTS_BUCKET: z.string().min(1) }));

const s3 = new S3Client({
  region: env.AWS_REGION,
  endpoint: env.AWS_ENDPOINT_URL_S3,
  // The local emulator serves buckets by path only; AWS serves both.
  forcePathStyle: Boolean(env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/** Every stored document of a user starts with their id (spec section 3, stored documents). */
export function userPrefix(userId: string): string {
  return `${userId}/`;
}

/** Every key that can hold a user's bytes: their documents, and their uploads not yet confirmed. */
function userPrefixes(userId: string): string[] {
  return [userPrefix(userId), stagingPath(userPrefix(userId))];
}

/**
 * Deletes every file of a user for good: every version of every key and every delete marker
 * (the bucket is versioned, so a plain delete would leave the bytes behind as a noncurrent
 * version for 30 days). A listing page (up to 1000 entries) at a time, so any number of files
 * works and a retry after a failure picks up what is left.
 * @returns how many object versions were deleted.
 */
export async function deleteUserDocuments(userId: string): Promise<number> {
  let deleted = 0;
  for (const prefix of userPrefixes(userId)) deleted += await deleteUnder(prefix);
  return deleted;
}

async function deleteUnder(prefix: string): Promise<number> {
  try {
    return await deleteEveryVersionUnder(prefix);
  } catch (error) {
    // The local S3 emulator keeps no versions and does not serve version listings; AWS never
    // answers a version listing this way, so a real failure is never mistaken for it.
    if (!isUnversionedStore(error)) throw error;
    return deleteCurrentUnder(prefix);
  }
}

function isUnversionedStore(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'MethodNotAllowed' || name === 'NotImplemented';
}

async function deleteEveryVersionUnder(prefix: string): Promise<number> {
  let deleted = 0;
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectVersionsCommand({
        Bucket: env.DOCUMENTS_BUCKET,
        Prefix: prefix,
        KeyMarker: keyMarker,
        VersionIdMarker: versionIdMarker,
      }),
    );
    const versions = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].flatMap((v) =>
      v.Key ? [{ Key: v.Key, VersionId: v.VersionId }] : [],
    );
    await deleteObjects(versions);
    deleted += page.Versions?.length ?? 0;
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
  } while (keyMarker);
  return deleted;
}

async function deleteCurrentUnder(prefix: string): Promise<number> {
  let deleted = 0;
  let continuationToken: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: env.DOCUMENTS_BUCKET,
        Prefix: prefix,
        ContinuationToken: continuationToken,
      }),
    );
    const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    await deleteObjects(objects);
    deleted += objects.length;
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
  return deleted;
}

/** DeleteObjects takes up to 1000 keys (with or without versions) per request. */
async function deleteObjects(objects: { Key: string; VersionId?: string | undefined }[]) {
  for (let start = 0; start < objects.length; start += 1000) {
    const result = await s3.send(
      new DeleteObjectsCommand({
        Bucket: env.DOCUMENTS_BUCKET,
        Delete: { Objects: objects.slice(start, start + 1000), Quiet: true },
      }),
    );
    if (result.Errors?.length) {
      throw new Error(`${result.Errors.length} documents could not be deleted; retry later`);
    }
  }
}

/** The bucket's name, as document paths are prefixed with it in api-cases (spec 7.5). */
export const DOCUMENTS_BUCKET = env.DOCUMENTS_BUCKET;

/**
 * A presigned PUT for one upload. Content-Type and Content-Length are signed, so the browser
 * must send exactly the declared type and size.
 */
export async function presignUpload(
  key: string,
  contentType: string,
  size: number,
  expiresIn: number,
): Promise<string> {
  return getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: env.DOCUMENTS_BUCKET,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** A presigned GET, downloading under the given file name. */
export async function presignDownload(
  key: string,
  fileName: string,
  expiresIn: number,
): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: env.DOCUMENTS_BUCKET,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\]/g, '_')}"`,
    }),
    { expiresIn },
  );
}

/** The whole object (uploads are at most 20 MB), or undefined when there is none. */
export async function readObject(key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key }));
    return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
      return undefined;
    throw error;
  }
}

/** An object's size in bytes, or undefined when there is none. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** An object's bytes as a stream of chunks, for files read once from start to end. */
export async function* streamObject(key: string): AsyncGenerator<Uint8Array> {
  const object = await s3.send(new GetObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key }));
  const body = object.Body as AsyncIterable<Uint8Array> | undefined;
  if (!body) return;
  for await (const chunk of body) yield chunk;
}

/** Writes one object with the given bytes. */
export async function writeObject(
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: env.DOCUMENTS_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: contentType,
    }),
  );
}

/**
 * Copies one object within the bucket, on the storage side (the bytes never pass through the
 * function), keeping its content type.
 */
export async function copyObject(from: string, to: string): Promise<void> {
  await s3.send(
    new CopyObjectCommand({
      Bucket: env.DOCUMENTS_BUCKET,
      CopySource: `${env.DOCUMENTS_BUCKET}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
    }),
  );
}

/** Deletes one object; deleting a missing object is not an error (S3 semantics). */
export async function deleteObject(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: key }));
}

/** The objects directly under a user's folder (not in its subfolders), at most 1000. */
export async function listTopLevel(
  userId: string,
): Promise<{ key: string; size: number; lastModified: string | null }[]> {
  const page = await s3.send(
    new ListObjectsV2Command({
      Bucket: env.DOCUMENTS_BUCKET,
      Prefix: userPrefix(userId),
      Delimiter: '/',
    }),
  );
  return (page.Contents ?? []).flatMap((o) =>
    o.Key
      ? [{ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified?.toISOString() ?? null }]
      : [],
  );
}
