import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';
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

/** Every object key of a user starts with their id (spec section 3, stored documents). */
export function userPrefix(userId: string): string {
  return `${userId}/`;
}

/**
 * Deletes every file of a user, a listing page (up to 1000 keys) at a time, so any number of
 * files works and a retry after a failure picks up what is left.
 */
export async function deleteUserDocuments(userId: string): Promise<number> {
  let deleted = 0;
  let continuationToken: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: env.DOCUMENTS_BUCKET,
        Prefix: userPrefix(userId),
        ContinuationToken: continuationToken,
      }),
    );
    const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (objects.length > 0) {
      const result = await s3.send(
        new DeleteObjectsCommand({
          Bucket: env.DOCUMENTS_BUCKET,
          Delete: { Objects: objects, Quiet: true },
        }),
      );
      if (result.Errors?.length) {
        throw new Error(`${result.Errors.length} documents could not be deleted; retry later`);
      }
      deleted += objects.length;
    }
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
  return deleted;
}
