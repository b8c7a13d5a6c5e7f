import fs from 'node:fs';
import path from 'node:path';
// s3rver ships no types; the small surface used here is typed below.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

/** CORS so the browser can PUT and GET with presigned URLs straight to the bucket. */
function corsXml(origins: string[]) {
  const rules = origins
    .map(
      (origin) => `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/** Starts s3rver in-process with the documents bucket, its files kept under the stack's folder. */
export async function startS3(opts: {
  host: string;
  port: number;
  dataDir: string;
  bucket: string;
  webOrigins: string[];
}) {
  const directory = path.join(opts.dataDir, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: opts.host,
    silent: true,
    directory,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.webOrigins)] }],
  });
  await server.run();
  return { endpoint: `http://${opts.host}:${opts.port}`, stop: () => server.close() };
}
