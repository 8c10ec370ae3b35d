import { defineConfig } from 'vitest/config';
import { UI_POLL_MS, UI_TIMEOUT_MS } from '../support/uiTimeouts';

// A person's path through the real workbench (code-server + Chromium). One file at a time: each test file
// starts its own code-server, and this machine has two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // UI assertions poll until their state shows (test/support/ui.ts).
    expect: { poll: { timeout: UI_TIMEOUT_MS, interval: UI_POLL_MS } },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
