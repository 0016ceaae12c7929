import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// The web app's lib in tiers (each name a folder or a .ts file): lib code imports its own folder or
// file and the tiers above its own in this list, never one of its own tier.
const webLibTiers = {
  'web-lib-base': ['cancellation', 'config', 'copy-text', 'dates', 'documents', 'hooks', 'load-once', 'local-date-time', 'navigation', 'stores', 'telemetry'],
  'web-lib-client': ['api-client', 'i18n', 'query-client'],
  'web-lib-service': ['alerts', 'auth', 'demo-content', 'download', 'favorites', 'thumbnails'],
  'web-lib-composite': ['search'],
};
const webLibTierNames = Object.keys(webLibTiers);
const webElementsOf = (...types) => ({ to: { element: { types: { anyOf: types } } } });

// API code outside modules/ (cli, previews, demo, test support) reaches a module through its index.ts only.
const apiModuleEntryOnly = {
  regex: '(^|/)modules/[^/]+/(?!index\\.ts$)',
  message: 'Import a module only through its public entry (modules/<module>/index.ts); export what you need there.',
};
const apiDemoEntryOnly = {
  regex: '(^|/)demo/(?!seed\\.plugin\\.ts$)',
  message: 'Production code never imports demo content; only the seed plugin does.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-output/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Migrations are frozen in time and must not depend on today's table types (Kysely's advice).
    files: ['apps/api/src/platform/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // ---- API boundaries (docs/architecture.md): modules meet only through each other's index.ts,
  // the platform never reaches up into a module, and demo content stays out of production code. ----
  {
    files: ['apps/api/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.ts$)|/modules/[^/]+/(?!index\\.ts$)',
              message: "Import another module only through its public entry (../<module>/index.ts); move what you need there, or into the platform.",
            },
            { regex: '(^|/)demo/', message: 'Production code never imports demo content; only the seed plugin does.' },
          ],
        },
      ],
    },
  },
  {
    // The registries beside the module folders (content-kinds.ts) also take modules from their index.ts.
    files: ['apps/api/src/modules/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./[^/]+/(?!index\\.ts$)', message: 'Import a module only through its public entry (./<module>/index.ts).' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|demo|previews|auth|web|cli)/',
              message: 'The platform sits beneath the modules and features: it never imports them (let them register into it instead).',
            },
          ],
        },
      ],
    },
  },
  {
    // One exception to the rule above: schema.ts composes the Database from the tables each owner
    // declares in its `*.tables.ts`, and takes their types only (docs/architecture.md, rule 3).
    files: ['apps/api/src/platform/db/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|demo|previews|auth|web|cli)/(?!([^/]+/)?[^/]+\\.tables\\.ts$)',
              message: 'The platform sits beneath the modules and features: schema.ts takes only their *.tables.ts files.',
            },
            { regex: '\\.tables\\.ts$', allowTypeImports: true, message: 'schema.ts takes the owners’ table files for their types only (import type).' },
          ],
        },
      ],
    },
  },
  {
    // The seed plugin (registered in app.ts) and the seed command are the demo's only ways in.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/{modules,platform,demo,test}/**', 'apps/api/src/cli/seed-demo.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [apiDemoEntryOnly] }] },
  },
  {
    // The features beside the modules (and the demo and test support) take a module from its index.ts
    // too. Listed after the block above: the later block's patterns replace the earlier's, so it repeats them.
    files: ['apps/api/src/{cli,previews}/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/cli/seed-demo.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [apiModuleEntryOnly, apiDemoEntryOnly] }] },
  },
  {
    files: ['apps/api/src/{demo,test}/**/*.ts', 'apps/api/src/cli/seed-demo.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [apiModuleEntryOnly] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // ---- Web app boundaries (docs/architecture.md): the app shell wires features; a feature imports
  // only itself, shared components and lib; lib never reaches up, and each lib tier imports only the
  // tiers before it, so lib has no cycles. A new lib folder must be given a tier here. ----
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      // `mode: 'file'` (single-file elements) is the one form version 7 matches files with, though it calls it legacy.
      'boundaries/legacy-warnings': false,
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-app', pattern: 'apps/web/src/main.tsx', mode: 'file' },
        { type: 'web-test-support', pattern: 'apps/web/src/test' },
        { type: 'web-locales', pattern: 'apps/web/src/locales' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-component', pattern: 'apps/web/src/components/*' },
        ...Object.entries(webLibTiers).flatMap(([type, names]) => names.flatMap((name) => [
            { type, pattern: `apps/web/src/lib/${name}` },
            { type, pattern: `apps/web/src/lib/${name}.{ts,tsx}`, mode: 'file' },
          ]),
        ),
      ],
      'boundaries/files': [{ category: 'test', pattern: ['**/*.test.{ts,tsx}', 'apps/web/src/**/testing/**'] }],
    },
    rules: {
      // Every file belongs to one of the elements above: a lib folder without a tier fails.
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'web-app' } }, allow: webElementsOf('web-app', 'web-feature', 'web-component', 'web-locales', ...webLibTierNames) },
            { from: { element: { type: 'web-test-support' } }, allow: webElementsOf('web-test-support', 'web-app', 'web-locales', ...webLibTierNames) },
            { from: { file: { categories: 'test' } }, allow: webElementsOf('web-test-support', 'web-app', 'web-locales', ...webLibTierNames) },
            { from: { element: { type: 'web-feature' } }, allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } } } },
            { from: { element: { type: 'web-feature' } }, allow: webElementsOf('web-component', ...webLibTierNames) },
            { from: { element: { type: 'web-component' } }, allow: webElementsOf('web-component', ...webLibTierNames) },
            ...webLibTierNames.map((tier, index) => ({ from: { element: { type: tier } }, allow: webElementsOf(...webLibTierNames.slice(0, index)) })),
          ],
        },
      ],
    },
  },
  {
    // The API checks its answers against the contracts; the browser takes only their types, and its
    // values from the contract modules that hold no zod schema, so zod stays out of the bundle.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(zod|@portal/contracts/(admin-documents|cad|documents|downloads|errors|favorites|health|previews|software|users|web-config))$',
              allowTypeImports: true,
              message: 'Import types only; take values from a zod-free contract module (favorite-ids, preview-kinds, …).',
            },
          ],
        },
      ],
    },
  },
);
