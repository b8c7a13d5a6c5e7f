import { Duration, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { statefulRemoval } from '../removal';
import { UPLOAD_STAGING_PREFIX } from '../../lambdas/domain/cases/documents';

export interface StorageProps {
  prefix: string;
  /** Browser origins that may use presigned URLs on the documents bucket. */
  corsOrigins: readonly string[];
  /**
   * Retain both buckets on deletion (prod). Otherwise they are deleted with the stack, which
   * CloudFormation can only do once they are empty (no auto-delete custom resource on purpose).
   */
  retain: boolean;
}

/**
 * The sellers' documents bucket (the spec's `supplier_docs`) and the bucket that receives the
 * access logs of every bucket and of CloudFront.
 */
export class Storage extends Construct {
  /** The spec's name for the bucket; AWS names are global, so the real name is generated. */
  static readonly DOCUMENTS_LOGICAL_NAME = 'supplier_docs';

  readonly documentsBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;

  /**
   * The documents bucket has a name derived from the stage, account and region (like CDK's own
   * asset buckets) so the stateless stack can address it, and IAM policies can name it, without
   * a cross-stack reference. The account number also keeps others from claiming the name first.
   */
  static documentsBucketName(scope: Construct, prefix: string): string {
    const stack = Stack.of(scope);
    return `${prefix}-docs-${stack.account}-${stack.region}`;
  }

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const removalPolicy = statefulRemoval(props.retain);

    this.logsBucket = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // CloudFront standard logging still writes through bucket ACLs, so ACLs stay enabled with
      // the bucket owner owning every object.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          // Security logs are kept for at least 90 days (spec, section 9); a year covers audits.
          expiration: Duration.days(365),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy,
    });

    this.documentsBucket = new s3.Bucket(this, 'Documents', {
      bucketName: Storage.documentsBucketName(this, props.prefix),
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [
        {
          id: 'expire-replaced-versions',
          // Versions protect against an accidental overwrite or delete; a month is long enough
          // to notice and restore.
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          id: 'expire-unconfirmed-uploads',
          // The browser's uploads land here; confirm copies the checked bytes to the document's
          // path, so anything still here after a day was never confirmed.
          prefix: UPLOAD_STAGING_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // The browser uploads and downloads with presigned URLs straight to S3.
      cors: [
        {
          allowedOrigins: [...props.corsOrigins],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['content-type', 'content-length', 'content-md5', 'x-amz-*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      removalPolicy,
    });
  }
}
