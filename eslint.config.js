import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import vitrina from './eslint-rules/import-cycles.js'

const FEATURES = ['auth', 'platform', 'storefront', 'admin', 'operator']
/** The API's feature modules (apps/api/src/modules/<module>/). */
const API_MODULES = readdirSync(new URL('./apps/api/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-sw/**',
      'data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // packages/contracts depends on zod alone and never on an app.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vitrina/api*', '@vitrina/web*', '**/apps/**'],
              message: 'contracts must not depend on an app',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No import cycles in the web app (ADR 011: a rule of our own, no import plugin).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { vitrina },
    rules: { 'vitrina/no-import-cycle': 'error' },
  },
  {
    // The storefronts' service worker runs in a worker, not a page (ADR 026).
    files: ['apps/web/src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Layers of the web app (bulletproof-react): shared → features → app, and features never import
  // each other. Imports inside src are relative, so each rule matches the climb out of its folder.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
              message:
                'features never import each other: move what they share to components, lib or api',
            },
            { regex: '^(\\.\\./)+app(/|$)', message: 'features never import the app layer' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,api,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message: 'shared code never imports a feature or the app layer',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@vitrina/web*'],
              message: 'the API never imports the web app',
            },
          ],
        },
      ],
    },
  },
  // API modules reach each other only through the other module's index.ts or service.ts (its
  // public face); its routes, repository and helpers are its own. Same climb-out matching as above.
  ...API_MODULES.map((module) => ({
    files: [`apps/api/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@vitrina/web*'],
              message: 'the API never imports the web app',
            },
            {
              regex: `^(\\.\\./)+(modules/)?(${API_MODULES.filter((m) => m !== module).join('|')})/(?!(index|service)\\.js$)`,
              message:
                'a module reaches another only through its index.ts or service.ts: export what is needed there',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**', '**/*.config.{js,ts}', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
)
