import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import { moduleBoundariesRule } from './tools/module-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/coverage', '**/*.d.ts'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.mts', '**/*.vue'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.shared.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundariesRule,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Vue single-file components of the dashboard: vue-eslint-parser for the template, the TypeScript parser
  // (typed, via the project service) for <script setup lang="ts">. The rules above (module boundaries,
  // floating promises, type imports) apply to .vue files too; these add Vue's and TypeScript's recommended sets.
  ...vue.configs['flat/recommended'].map((config) => ({ ...config, files: ['apps/dashboard/**/*.vue'] })),
  {
    files: ['apps/dashboard/**/*.vue'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        extraFileExtensions: ['.vue'],
        sourceType: 'module',
        projectService: { allowDefaultProject: ['vitest.shared.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      ...Object.assign({}, ...tseslint.configs.recommended.map((config) => config.rules ?? {})),
    },
  },
  {
    // Test-runner configs share one preset at the workspace root; they are build tooling, not project code,
    // so the import boundary rules (which guard code between projects) do not apply to them.
    files: ['**/vitest.config.mts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  prettier,
);
