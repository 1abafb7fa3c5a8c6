// Lint rules for the whole workspace, type-checked (no floating or misused promises, no unsafe
// any) and without import cycles. Features may not import each other, on the web
// (bulletproof-react style boundaries; pages in apps/web/src/app/routes compose them) and on the
// server; the web app imports the shared package by subpath only, so the first page load never
// pulls in schema code it does not use. On the server, the ledger core (apps/server/src/ledger)
// is the only code that writes holdings or the journal, and it knows nothing of HTTP or of the
// features that call it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { sizeRules } from './eslint.size.js';

const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersIn('./apps/web/src/features/');
const serverFeatures = foldersIn('./apps/server/src/features/');

const projects = [
  './packages/shared/tsconfig.json',
  './apps/server/tsconfig.json',
  './apps/web/tsconfig.json',
  './apps/web/tsconfig.scripts.json',
  './e2e/tsconfig.json',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.prerender/**',
      '**/.builds/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: {
        project: projects,
        tsconfigRootDir: import.meta.dirname,
        noWarnOnMultipleProjects: true,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A JSX handler may return a promise (react-hook-form's handleSubmit does); a promise
      // anywhere else that expects nothing is still an error.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // Fastify hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
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
      'no-restricted-syntax': [
        'error',
        {
          // An element's or a Button's own title is the browser's tooltip, not SPEC §9's.
          selector:
            "JSXOpeningElement[name.name=/^([a-z][a-z0-9]*|Button)$/] > JSXAttribute[name.name='title']",
          message:
            'Use <Tooltip> (components/ui/tooltip): SPEC §9 tooltips wait 700 ms and show on keyboard focus too.',
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
                'Features do not import each other; a page in app/routes composes them, and shared code goes to components/ or lib/.',
            },
            {
              group: ['@/app/**'],
              message: 'Features do not import pages; the pages in app/routes import features.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Staff screens live with their domain (features/<domain>/staff), the page app/routes/admin.tsx
    // lists them (staffTabs), and what several domains' staff screens share is in
    // components/staff. There is no admin feature to gather them again; a feature reaches no
    // other feature, by alias or by a relative path; and a customer screen never imports staff
    // code, so none of it reaches a customer's bundle.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/web/src',
              from: 'apps/web/src/features/admin',
              message:
                'Staff screens live with their domain in features/<domain>/staff, listed by staffTabs in app/routes/admin.tsx.',
            },
            ...features.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message:
                "A domain's screens, its staff ones too, use no other domain's internals; a page in app/routes composes them.",
            })),
            {
              target: ['apps/web/src/features/*/!(staff)/**', 'apps/web/src/features/*/*.{ts,tsx}'],
              from: ['apps/web/src/features/*/staff/**', 'apps/web/src/components/staff/**'],
              message: 'Customer screens do not import staff code; only app/routes/admin.tsx does.',
            },
          ],
        },
      ],
    },
  },
  {
    // A file put back in features/admin is refused, whatever it holds.
    files: ['apps/web/src/features/admin/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'There is no admin feature: a staff screen goes to features/<domain>/staff and one staffTabs entry (app/routes/admin.tsx).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/ledger/**', 'apps/server/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(valuables|ledgerEntries|transfers|fixedTerms|deliveries)$/]',
          message:
            'Holdings, the journal and money requests change only through the ledger core (apps/server/src/ledger).',
        },
        {
          selector:
            'TemplateElement[value.raw=/(insert\\s+into|update|delete\\s+from)\\s+"?(valuables|ledger_entries|transfers|fixed_terms|deliveries)\\b/i]',
          message:
            'Holdings, the journal and money requests change only through the ledger core (apps/server/src/ledger).',
        },
        {
          selector:
            ':matches(TemplateElement[value.raw=/ledger_\\w+\\s*\\(/], Literal[value=/ledger_\\w+\\s*\\(/])',
          message:
            'The ledger functions are called only by the ledger core, through their descriptors (ledger/functions.ts).',
        },
      ],
    },
  },
  {
    // Inside the ledger core, a function is called in named notation (db/sql-function.ts).
    files: ['apps/server/src/ledger/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(TemplateElement[value.raw=/ledger_\\w+\\s*\\((?!\\s*p_)/], Literal[value=/ledger_\\w+\\s*\\((?!\\s*p_)/])',
          message:
            'Call a ledger function through its descriptor (sqlCall, ledger/functions.ts) or in named notation.',
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
    // The shared layers under the features: they know no feature and no page.
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@secure-vault/shared', message: 'Import a subpath of @secure-vault/shared.' },
          ],
          patterns: [
            {
              group: ['@/features/**', '@/app/**'],
              message:
                'components/ and lib/ sit under the features and pages: they import neither.',
            },
          ],
        },
      ],
    },
  },
  ...serverFeatures.map((feature) => ({
    files: [`apps/server/src/features/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`../${other}/**`, `**/features/${other}/**`]),
              message:
                'Server features do not import each other; move what they share to src/db, src/auth or src/http.',
            },
          ],
        },
      ],
    },
  })),
  // AppError is a domain error (src/errors.ts): services, the ledger, mail and auth raise it
  // without going through the HTTP layer, which only turns it into an answer. A feature's handler
  // is handed its caller by route() (http/route.ts), so it never asks with requireAuth. (The
  // typescript-eslint rule, so the boundaries above keep their own no-restricted-imports.)
  ...[
    { files: ['apps/server/src/**/*.ts'], ignores: ['apps/server/src/http/**'], features: false },
    { files: ['apps/server/src/features/**/*.ts'], ignores: [], features: true },
  ].map(({ files, ignores, features }) => ({
    files,
    ignores: features ? ignores : [...ignores, 'apps/server/src/features/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/errors', '**/http/errors.ts'],
              importNames: ['AppError'],
              message: 'Import AppError from src/errors.ts; http/errors.ts only answers with it.',
            },
            ...(features
              ? [
                  {
                    group: ['**/auth/access', '**/auth/access.ts'],
                    importNames: ['requireAuth'],
                    message:
                      "A handler gets its caller from route(), typed by the contract's access.",
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  {
    // Tests read JSON answers (typed any by inject and fetch) and pass mocks' methods around.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/*/src/test/**', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  // Functions of at most 80 lines, files of at most 300, with a shrinking list of exceptions.
  ...sizeRules,
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
