import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    // Many unit tests start processes (ripgrep, git, the CLI, MCP fixture servers): 5 s is tight on a busy
    // CI machine. No test asserts on this limit; a hung test still fails.
    testTimeout: 20_000,
  },
});
