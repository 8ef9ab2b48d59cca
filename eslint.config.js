// Lint rules for the whole tree, run by `npm test` (zero warnings allowed).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import stylistic from '@stylistic/eslint-plugin';

export default tseslint.config(
  {ignores: ['dist/**', 'dist.*/**', '.tmp/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', '**/*.d.ts']},
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
    // One layout, written down: the style the tree was written in, enforced (and applied once with --fix) rather
    // than re-flowed by a formatter, so lines stay as long as they read best and diffs stay small.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: {'@stylistic': stylistic},
    rules: {
      '@stylistic/quotes': ['error', 'single', {avoidEscape: true, allowTemplateLiterals: 'always'}],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/object-curly-spacing': ['error', 'never'],
      '@stylistic/arrow-parens': ['error', 'always'],
      '@stylistic/brace-style': ['error', '1tbs', {allowSingleLine: true}],
      '@stylistic/comma-spacing': 'error',
      '@stylistic/key-spacing': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/semi-spacing': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', {max: 1, maxEOF: 0}],
      '@stylistic/eol-last': 'error',
      '@stylistic/no-tabs': 'error',
      '@stylistic/jsx-quotes': ['error', 'prefer-double'],
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
