import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Compiles the renderer's .svelte.ts state classes (runes) so their logic is tested as shipped.
  plugins: [svelte()],
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/renderer/**/*.test.ts',
      'test/main/**/*.test.ts',
      'test/tools/**/*.test.ts',
      'test/vision/**/*.test.ts',
      'test/sim/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
    // Two at once on CI's 2 cores: many tests wait on child processes, servers and disks, not the CPU.
    maxWorkers: 2,
  },
});
