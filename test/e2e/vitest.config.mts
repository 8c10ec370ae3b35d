import { defineConfig } from 'vitest/config';

// A person's path through the real workbench (code-server + Chromium). One file at a time: each test file
// starts its own code-server, and this machine has two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
