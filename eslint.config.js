// ESLint flat config. typescript-eslint runs on TypeScript 5.9 (the project's compiler) so the
// type-aware promise rules work; react-hooks' rules-of-hooks and exhaustive-deps are errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import voltguard from './scripts/eslint/serverLayers.js';

export default tseslint.config(
  { ignores: ['.tsbuild/**', 'dist/**', 'dist-server/**', 'node_modules/**', 'test-results/**', 'screenshots/**', 'data/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Migrations are frozen history: Kysely's guide types them against Kysely<any> so they never
    // depend on today's schema types.
    files: ['server/store/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The type worlds (tsconfig/*.json) also refuse these imports; the lint message says why.
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/server/**', '**/workers/**', '**/machines/**', '**/streams/**', 'node:*'],
              message: 'domain/ is shared by browser and server: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // Imports between server folders point down the layers (docs/architecture.md).
    files: ['server/**/*.ts'],
    plugins: { voltguard },
    rules: { 'voltguard/server-layers': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/machines/**', '**/streams/**', '**/workers/**'],
              message: 'server code must not import browser code; share it through domain/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'streams/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', 'node:*'], message: 'browser code must not import server code; share it through domain/.' }],
          // The one time-zone rule (issue 15): wall-clock text comes from the project zone.
          paths: [
            {
              name: 'date-fns',
              importNames: ['format', 'parse', 'formatISO', 'lightFormat'],
              message: 'times are shown in the project time zone: use formatTime / parseProjectTime of src/app/time/projectTime.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|getTimezoneOffset)$/]',
          message: 'the browser zone is not the project zone: use src/app/time/projectTime.',
        },
      ],
    },
  },
  {
    // Server wall-clock text and calendar days come from the project zone, never the process's.
    files: ['server/**/*.ts'],
    ignores: ['server/simulator/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(getHours|getDate|getDay|getMonth|getFullYear|setHours|toLocaleString|toLocaleDateString|toLocaleTimeString|getTimezoneOffset)$/][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'a server-local calendar field: use domain/timeZone with the project zone (timeZoneOf).',
        },
      ],
    },
  },
  {
    // A spec's `test` is tests/e2e/fixtures.ts's: its passed tests skip Playwright's discarded screenshots.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "take `test` from './fixtures' (it skips the screenshots a passed test throws away).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
