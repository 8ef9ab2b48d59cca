import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: e2e suites spawn processes and servers; keep parallelism modest so timing-sensitive
    // UI tests are not starved.
    maxWorkers: 2,
  },
});
