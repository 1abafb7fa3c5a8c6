// Lint rules for the whole workspace. Web features may not import each other (bulletproof-react
// style boundaries), and the web app imports the shared package by subpath only, so the first
// page load never pulls in schema code it does not use. On the server, the ledger core
// (apps/server/src/ledger) is the only code that writes holdings or the journal, and it knows
// nothing of HTTP or of the features that call it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.prerender/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@secure-vault/shared',
              message:
                'Import a subpath (e.g. @secure-vault/shared/paths) to keep page bundles small.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@secure-vault/shared', message: 'Import a subpath of @secure-vault/shared.' },
          ],
          patterns: [
            {
              group: features
                .filter((other) => other !== feature)
                .map((other) => `@/features/${other}/**`),
              message:
                'Features do not import each other; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/ledger/**', 'apps/server/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(valuables|ledgerEntries)$/]',
          message:
            'Holdings and the journal change only through the ledger core (apps/server/src/ledger).',
        },
        {
          selector:
            'TemplateElement[value.raw=/(insert\\s+into|update|delete\\s+from)\\s+"?(valuables|ledger_entries)\\b/i]',
          message:
            'Holdings and the journal change only through the ledger core (apps/server/src/ledger).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/ledger/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '**/features/**', 'fastify', 'fastify-*', '@fastify/*'],
              message:
                'The ledger core raises domain errors (src/errors.ts) and knows nothing of HTTP or of the features that call it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
