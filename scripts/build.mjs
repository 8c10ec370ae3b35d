// Builds the bundles: the extension and the CLI (Node, CJS) and the webview (browser IIFE plus its CSS).
// Usage: node scripts/build.mjs [--watch] [--production] [--clean]
// --clean empties dist/ first, so a package holds no stale files (source maps of an earlier dev build).
import { copyFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const configs = [
  {
    ...common,
    entryPoints: { extension: 'extension/extension.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: { cli: 'extension/cli/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...common,
    entryPoints: { webview: 'webview/main.tsx' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  },
];

// web-tree-sitter is bundled as ESM, which reads `import.meta.url`; a CJS bundle has none, so the Node
// bundles get one pointing at themselves.
for (const c of configs) {
  if (c.platform !== 'node') continue;
  c.define = { ...c.define, 'import.meta.url': '__codewrightImportMetaUrl' };
  // "use strict" first, or the bundle's own directive would no longer be the first statement.
  const shim = "'use strict';var __codewrightImportMetaUrl = require('url').pathToFileURL(__filename).href;";
  c.banner = { ...c.banner, js: c.banner?.js ? `${c.banner.js}\n${shim}` : shim };
}

// esbuild escapes non-ASCII in strings and identifiers but keeps comments as written, and one "—" in a
// kept doc comment makes V8 hold the whole bundle's source as a two-byte string: 12 MB instead of 6 for
// dist/cli.js (docs/ARCHITECTURE.md, Memory). Escaping what is left (only comments) keeps it one byte.
const asciiOutput = {
  name: 'ascii-output',
  setup(build) {
    build.initialOptions.write = false;
    build.onEnd(async (result) => {
      for (const file of result.outputFiles ?? []) {
        mkdirSync(path.dirname(file.path), { recursive: true });
        const text = file.path.endsWith('.js') ? file.text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : file.contents;
        writeFileSync(file.path, text);
      }
    });
  },
};
for (const c of configs) if (c.platform === 'node') c.plugins = [...(c.plugins ?? []), asciiOutput];

// The Bash permission analysis parses commands with tree-sitter (wasm): both .wasm files sit next to the
// bundles, where extension/host/node/bashParser.ts looks first.
const require = createRequire(import.meta.url);
if (process.argv.includes('--clean')) rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
for (const wasm of ['web-tree-sitter/tree-sitter.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm']) {
  copyFileSync(require.resolve(wasm), `dist/${wasm.slice(wasm.indexOf('/') + 1)}`);
}

// The OS sandbox for Bash (@anthropic-ai/sandbox-runtime) finds its seccomp helper next to the bundle that
// imports it (`<bundle dir>/vendor/seccomp/<arch>/apply-seccomp`, found through the import.meta.url above).
const seccomp = path.join(path.dirname(require.resolve('@anthropic-ai/sandbox-runtime/package.json')), 'vendor', 'seccomp');
for (const arch of ['x64', 'arm64']) {
  cpSync(path.join(seccomp, arch), `dist/vendor/seccomp/${arch}`, { recursive: true });
}

if (watch) {
  for (const c of configs) await (await esbuild.context(c)).watch();
} else {
  await Promise.all(configs.map((c) => esbuild.build(c)));
}
