import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/renderer/**/*.test.ts', 'test/main/**/*.test.ts', 'test/tools/**/*.test.ts', 'test/vision/**/*.test.ts', 'test/sim/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
  },
});
