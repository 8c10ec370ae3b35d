// The test layers, in the order `npm test` runs them, and how to read their counts. One table for
// `npm test` (scripts/test-all.mjs), `npm run test:<layer>` and `npm run test:repeat`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);

/** `build`: the layer runs the built bundles in dist/, so a fresh `npm run build` must come first. */
export const LAYERS = {
  static: { command: [process.execPath, 'scripts/test/static.mjs'], build: false },
  unit: { command: [bin('vitest'), 'run', '--config', 'vitest.config.mts'], build: false },
  webview: { command: [bin('vitest'), 'run', '--config', 'test/webview/vitest.config.mts'], build: true },
  integration: { command: [bin('tsx'), 'test/integration/run.ts'], build: true },
  e2e: { command: [bin('vitest'), 'run', '--config', 'test/e2e/vitest.config.mts'], build: true },
  // The MCP project's conformance suite against the built CLI (scripts/test/conformance.mjs).
  conformance: { command: [process.execPath, 'scripts/test/conformance.mjs'], build: true },
};

export function layerNamed(name) {
  const layer = LAYERS[name];
  if (!layer) {
    console.error(`Unknown test layer "${name}". Layers: ${Object.keys(LAYERS).join(', ')}.`);
    process.exit(2);
  }
  return layer;
}

/** Builds the dev bundles once; exits on failure (every layer that needs them would fail anyway). */
export function build() {
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    console.error('The build failed; no test layer ran.');
    process.exit(r.status ?? 1);
  }
}

/** Runs a layer, echoing its output unless `quiet`; resolves with its exit code and output. */
export function runLayer(name, { quiet = false, extraArgs = [] } = {}) {
  const [cmd, ...command] = layerNamed(name).command;
  const args = [...command, ...extraArgs];
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const take = (stream) => (d) => {
      output += d;
      if (!quiet) stream.write(d);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// eslint-disable-next-line no-control-regex
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Counts from a layer's output: vitest's "Tests  1 failed | 95 passed | 2 skipped (98)" lines, and the
 * "<layer>: N passed, N failed[, N skipped]" line the static and integration runners print.
 */
export function counts(output) {
  const text = strip(output);
  const c = { passed: 0, failed: 0, skipped: 0 };
  for (const m of text.matchAll(/^\s*Tests\s+(.*)$/gm)) {
    for (const part of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      c[part[2] === 'todo' ? 'skipped' : part[2]] += Number(part[1]);
    }
  }
  for (const m of text.matchAll(/^\w+: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)) {
    c.passed += Number(m[1]);
    c.failed += Number(m[2]);
    c.skipped += Number(m[3] ?? 0);
  }
  return c;
}

/** The names of the tests that failed, as each runner prints them. */
export function failures(output) {
  const text = strip(output);
  const names = new Set();
  // vitest: " FAIL  test/webview/chat.test.ts > webview chat > shows ..." (files that failed to load too)
  for (const m of text.matchAll(/^\s*FAIL\s+(.+?)\s*$/gm)) names.add(m[1].replace(/\s+\[.*\]$/, ''));
  // integration (mocha in VS Code) and static: "  ✗ title" / "FAIL title"
  for (const m of text.matchAll(/^\s*✗ (.+)$/gm)) names.add(m[1].trim());
  return [...names];
}
