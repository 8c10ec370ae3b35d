import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { UI_POLL_MS, UI_TIMEOUT_MS } from '../support/uiTimeouts';

// Webview tests drive the real bundle in Chromium: one browser at a time, generous timeouts.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/webview/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/webview/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // UI assertions poll until their state shows (test/support/ui.ts).
    expect: { poll: { timeout: UI_TIMEOUT_MS, interval: UI_POLL_MS } },
  },
});
