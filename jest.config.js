/** Jest projects: fast unit tests, integration tests against the local emulators, CDK assertions. */
const transform = {
  '^.+\\.(t|j)sx?$|unpdf/dist/pdfjs\\.mjs$': [
    '@swc/jest',
    { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true } } },
  ],
};

/**
 * pdf.js (`unpdf/pdfjs`) ships as ESM only: jest, which runs CommonJS, reads the same file
 * through swc.
 */
const pdfjs = {
  moduleNameMapper: { '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs' },
  transformIgnorePatterns: ['/node_modules/(?!unpdf/)'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      ...pdfjs,
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
      ...pdfjs,
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
      ...pdfjs,
      setupFiles: ['<rootDir>/test/jest.setup.ts'],
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/infra/timeouts.ts'],
    },
  ],
};
