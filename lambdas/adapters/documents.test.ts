import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';

// The adapter reads its configuration at import: the bucket as in AWS, versioned.
process.env.DOCUMENTS_BUCKET = 'rimborsi-docs';
process.env.AWS_REGION = 'eu-west-1';
delete process.env.AWS_ENDPOINT_URL_S3;

const s3 = mockClient(S3Client);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deleteUserDocuments } = require('./documents') as typeof import('./documents');

afterEach(() => s3.reset());
afterAll(() => s3.restore());

const USER = 'user-1';

/** Every key, version and delete marker the deletion asked S3 to remove, in order. */
function deletedVersions(): string[] {
  return s3
    .commandCalls(DeleteObjectsCommand)
    .flatMap((call) => call.args[0].input.Delete?.Objects ?? [])
    .map((o) => `${o.Key}@${o.VersionId}`);
}

describe('deleting a seller\u2019s files from the versioned bucket', () => {
  it('removes every version and delete marker of every key, page after page', async () => {
    // Nothing waits under the upload staging prefix.
    s3.on(ListObjectVersionsCommand).resolves({ IsTruncated: false });
    s3.on(ListObjectVersionsCommand, { Prefix: `${USER}/` })
      .resolvesOnce({
        IsTruncated: true,
        NextKeyMarker: `${USER}/shipments/S1/b.pdf`,
        NextVersionIdMarker: 'v-b1',
        Versions: [
          { Key: `${USER}/shipments/S1/a.pdf`, VersionId: 'v-a2', IsLatest: true },
          { Key: `${USER}/shipments/S1/a.pdf`, VersionId: 'v-a1', IsLatest: false },
          { Key: `${USER}/shipments/S1/b.pdf`, VersionId: 'v-b1', IsLatest: false },
        ],
        // b.pdf was deleted earlier: only its marker is current, its bytes are a noncurrent version.
        DeleteMarkers: [{ Key: `${USER}/shipments/S1/b.pdf`, VersionId: 'dm-b', IsLatest: true }],
      })
      .resolvesOnce({
        IsTruncated: false,
        Versions: [{ Key: `${USER}/shipments/S2/c.png`, VersionId: 'v-c1', IsLatest: true }],
      });
    s3.on(DeleteObjectsCommand).resolves({});

    const deleted = await deleteUserDocuments(USER);

    expect(deletedVersions()).toEqual([
      `${USER}/shipments/S1/a.pdf@v-a2`,
      `${USER}/shipments/S1/a.pdf@v-a1`,
      `${USER}/shipments/S1/b.pdf@v-b1`,
      `${USER}/shipments/S1/b.pdf@dm-b`,
      `${USER}/shipments/S2/c.png@v-c1`,
    ]);
    expect(deleted).toBe(4);
    // The second page starts where the first ended.
    expect(s3).toHaveReceivedCommandWith(ListObjectVersionsCommand, {
      Bucket: 'rimborsi-docs',
      Prefix: `${USER}/`,
      KeyMarker: `${USER}/shipments/S1/b.pdf`,
      VersionIdMarker: 'v-b1',
    });
    // Never a listing of anybody else's files.
    for (const call of s3.commandCalls(ListObjectVersionsCommand)) {
      expect(call.args[0].input.Prefix).toMatch(new RegExp(`(^|/)${USER}/$`));
    }
    expect(s3).not.toHaveReceivedCommand(ListObjectsV2Command);
  });

  it('fails, for the seller to retry, when S3 keeps some versions', async () => {
    s3.on(ListObjectVersionsCommand).resolves({
      IsTruncated: false,
      Versions: [{ Key: `${USER}/shipments/S1/a.pdf`, VersionId: 'v-a1' }],
    });
    s3.on(DeleteObjectsCommand).resolves({
      Errors: [{ Key: `${USER}/shipments/S1/a.pdf`, Code: 'AccessDenied' }],
    });

    await expect(deleteUserDocuments(USER)).rejects.toThrow(/could not be deleted/);
  });

  it('never mistakes a refused version listing for a bucket without versions', async () => {
    s3.on(ListObjectVersionsCommand).rejects(
      new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: {} }),
    );

    await expect(deleteUserDocuments(USER)).rejects.toThrow();
    expect(s3).not.toHaveReceivedCommand(DeleteObjectsCommand);
  });
});
