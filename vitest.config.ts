import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    typecheck: { enabled: true, include: ['test/unit/**/*.test-d.ts'] },
  },
});
