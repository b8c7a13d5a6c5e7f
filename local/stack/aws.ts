/**
 * Emulators accept these credentials; fixed ones keep the SDK from searching the machine for real
 * ones. s3rver verifies every request signature (presigned URLs included) against this very pair.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'eu-west-1';
