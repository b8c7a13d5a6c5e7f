/**
 * How every server function is bundled (esbuild through CDK's NodejsFunction), in one place so
 * the bundle benchmark (test/bench/lambda-bundles.bench.ts) builds exactly what is deployed.
 * It imports nothing, so the benchmark loads it without the CDK.
 *
 * The AWS SDK v3 (`@aws-sdk/*`) is left out of the bundles: the Lambda Node.js runtime ships
 * it, which is also CDK's own default for Node.js 18 and later. Bundle sizes are therefore what
 * is uploaded, and at cold start the SDK clients load from the runtime.
 */
export const NODE_MAJOR = 24;

export const BUNDLING = {
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  target: `node${NODE_MAJOR}`,
  /** Output file name inside the asset; `index.handler` is the Lambda handler. */
  outFile: 'index.mjs',
  mainFields: ['module', 'main'],
  // ESM output still meets CommonJS dependencies that call require() on Node built-ins.
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /**
   * nodemailer is for the local stack's SMTP inbox only (lambdas/adapters/mail.ts imports it
   * dynamically when SMTP_HOST is set, which it never is in AWS, where mail goes through SES).
   * tesseract.js (the document reader's OCR, lambdas/adapters/ocr/tesseract.ts) loads its
   * WebAssembly core and worker script from its own files, and its language data are 14 MB:
   * never in a bundle; the OCR is loaded on the first scan and, where it is missing, scans are
   * kept with no text read, as before.
   */
  externalModules: ['@aws-sdk/*', 'nodemailer', 'tesseract.js'],
  /**
   * Dependencies replaced in the bundles by small modules of our own (lib/bundling-shims/, each
   * with its reason), because in a Lambda they are dead weight. Paths are relative to the
   * project root, esbuild's working directory in CDK and in the benchmark. Code run from source
   * (tests, the local stack through tsx) keeps the real packages.
   */
  alias: {
    // The @sp-api-sdk API classes' default HTTP client; ours (fetch) is always passed instead.
    axios: './lib/bundling-shims/axios.ts',
  },
} as const;
