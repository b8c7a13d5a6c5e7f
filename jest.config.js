/** Jest projects: fast unit tests, integration tests against the local emulators, CDK assertions. */
const transform = {
  '^.+\\.(t|j)sx?$|unpdf/dist/pdfjs\\.mjs$': [
    '@swc/jest',
    { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true } } },
  ],
};

/**
 * ESM-only packages the server code imports (@middy/core 7, pdf.js as `unpdf/pdfjs`): swc turns
 * them into CommonJS like our own files; everything else in node_modules is loaded as it ships.
 */
/** The web app's `@domain/…` alias (web/tsconfig.json, web/vite.config.ts). */
const aliases = { '^@domain/(.*)$': '<rootDir>/lambdas/domain/$1' };

const esm = {
  moduleNameMapper: {
    '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs',
    ...aliases,
  },
  transformIgnorePatterns: ['/node_modules/(?!(@middy|unpdf|fast-png|iobuffer)/)'],
};

/** The web app's hooks and components: TSX with React's automatic runtime, in jsdom. */
const webTransform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
    },
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: webTransform,
      moduleNameMapper: aliases,
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/web/src/test-support/setup.ts'],
    },
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      ...esm,
      setupFiles: ['<rootDir>/test/jest.setup.ts'],
      testMatch: [
        '<rootDir>/test/unit/**/*.test.ts',
        '<rootDir>/lambdas/**/*.test.ts',
        '<rootDir>/local/**/*.test.ts',
      ],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      ...esm,
      setupFiles: ['<rootDir>/test/jest.setup.ts'],
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/integration/timeouts.ts'],
    },
    {
      displayName: 'infra',
      testEnvironment: 'node',
      transform,
      ...esm,
      setupFiles: ['<rootDir>/test/jest.setup.ts'],
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/infra/timeouts.ts'],
    },
  ],
};
