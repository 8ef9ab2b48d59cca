// Lint rules for the whole tree, run by `npm test` (zero warnings allowed).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', '**/*.d.ts']},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {projectService: {allowDefaultProject: ['vitest.config.ts']}, tsconfigRootDir: import.meta.dirname},
    },
    plugins: {'react-hooks': reactHooks},
    rules: {
      // The hooks rules catch real bugs in Ink screens: a conditional hook, a stale closure in an effect.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Type-aware where it pays: a promise nobody awaits loses its error (an unhandled rejection ends the CLI).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', {checksVoidReturn: {attributes: false}}],
      // Sanitisers and terminal parsers match control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
    },
  },
  {
    // Tests read JSON bodies of many shapes; a typed cast per assertion would hide more than it shows.
    files: ['test/**/*.{ts,tsx}'],
    rules: {'@typescript-eslint/no-explicit-any': 'off'},
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {globals: {process: 'readonly', console: 'readonly', URL: 'readonly', module: 'readonly'}},
  },
);
