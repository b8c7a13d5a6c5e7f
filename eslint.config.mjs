// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import local from './eslint-rules/no-hardcoded-jsx-text.mjs';

const featuresDir = path.resolve('web/src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
  : [];

/** Each web feature may import shared code but never another feature. */
const featureZones = features.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      'web/dist/**',
      '.local/**',
      '.local-*/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        // The web app's tsconfig maps its `@domain/…` alias.
        typescript: {
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            // Server code never reaches into the web app, and the web app never into adapters.
            { target: './lambdas', from: './web' },
            { target: './web/src', from: './lambdas/adapters' },
            { target: './web/src', from: './lambdas/wiring' },
            { target: './web/src', from: './lambdas/handlers' },
            { target: './lambdas/domain', from: './lambdas/adapters' },
            { target: './lambdas/domain', from: './lambdas/wiring' },
            { target: './lambdas/domain', from: './lambdas/handlers' },
            // The domain holds the rules and the words it writes (its messages); the HTTP
            // middleware of lambdas/shared builds on it, never the reverse.
            {
              target: './lambdas/domain',
              from: './lambdas/shared',
              message:
                'The domain keeps its messages in lambdas/domain/messages.ts; shared builds on the domain.',
            },
            // The middleware of lambdas/shared (plan, quota and admin guards, http) takes its
            // ports from wiring: it never imports an adapter.
            {
              target: './lambdas/shared',
              from: './lambdas/adapters',
              message: 'Shared middleware gets its ports from wiring, not from an adapter.',
            },
            // The CDK app never reaches into the web app's source: what both need (the
            // prerendered paths) is a plain data module in lib/ that the web app reads.
            {
              target: './lib',
              from: './web/src',
              message: 'Read shared data from a plain module in lib/ (or the build output).',
            },
            // Wiring assembles adapters for handlers; an adapter never reaches back into it.
            { target: './lambdas/adapters', from: './lambdas/wiring' },
            { target: './lambdas/adapters', from: './lambdas/handlers' },
            { target: './lambdas/wiring', from: './lambdas/handlers' },
            { target: './lambdas/domain', from: './lambdas/wiring' },
            { target: './web/src', from: './lambdas/wiring' },
            // Features are pages the app assembles: they never reach back into it (its routes,
            // router, providers); what they share lives in lib/, components/ and i18n/.
            { target: './web/src/features', from: './web/src/app' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['lambdas/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@aws-sdk/*',
                'aws-sdk',
                'aws-cdk-lib',
                'aws-cdk-lib/*',
                '@aws-lambda-powertools/*',
              ],
              message: 'Domain code imports no SDK: pass an adapter in instead.',
            },
            {
              group: [
                'node:fs',
                'fs',
                'node:http',
                'http',
                'node:https',
                'https',
                'node:net',
                'net',
              ],
              message: 'Domain code does no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    plugins: { local },
    rules: { 'local/no-hardcoded-jsx-text': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
