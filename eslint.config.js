// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REACT_IMPORTS = ['react', 'react-dom', 'react-dom/*', 'react/*'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/storybook-static/**',
      '**/coverage/**',
      '**/drizzle/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // No regular expression may take more than linear time on what it is given (request data,
  // cookies, store answers): issue 13, finding 2.
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', '.storybook/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // Strict equality everywhere (issue 16: the golfed cores used ==); `x != null` stays, the
      // one idiom that means "neither null nor undefined".
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Throwing object literals is an anti-pattern we avoid (CONVENTIONS.md).
      // React Router's loaders throw its own responses (redirect(), data()): those only.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx', '**/react/**/*.ts', 'apps/storefront/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    // Each domain package's core stays framework-free: React lives at ./react only.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/*/src/react/**', 'packages/ui-components/**', 'packages/store-server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: REACT_IMPORTS,
              message: 'The core entry must not import React; put React bindings under src/react/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Callbacks passed to page.evaluate() run in the browser.
    files: ['**/e2e/**', '**/e2e-lab/**', '**/lab/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', '**/e2e/**', '**/e2e-lab/**', '**/lab/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
