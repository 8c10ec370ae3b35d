// Builds the bundles: the extension and the CLI (Node, CJS) and the webview (browser IIFE plus its CSS).
// Usage: node scripts/build.mjs [--watch] [--production] [--clean] [--analyze]
// --analyze prints what each Node bundle holds, by package (what to make lazy: docs/ARCHITECTURE.md, Host memory).
// --clean empties dist/ first, so a package holds no stale files (source maps of an earlier dev build).
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// sharp's JavaScript is bundled (a lazy chunk), its native half is not: the binary and libvips of each platform
// are npm packages @img/sharp-<platform> and @img/sharp-libvips-<platform>, copied to dist/vendor/img/ below
// (docs/ARCHITECTURE.md, Images and PDFs). Watch builds keep sharp inline and reach them in node_modules.
const SHARP_NATIVE = ['@img/sharp-*'];
/** In the lazy chunk (dist/lazy/sharp.js), sharp's `require("@img/sharp-<platform>/sharp.node")` points at the copy. */
const sharpVendored = {
  name: 'sharp-vendored',
  setup(build) {
    build.onResolve({ filter: /^@img\/sharp-[^/]+\/sharp\.node$/ }, (args) => ({
      path: `../vendor/img/${args.path.split('/')[1]}/index.cjs`,
      external: true,
    }));
    // A binary built from source (never here; the require fails inside sharp's own try): made opaque to the
    // bundler, which would otherwise look for files matching the template and fail the build.
    build.onLoad({ filter: /[\\/]node_modules[\\/]sharp[\\/]dist[\\/]sharp\.cjs$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('require(`../src/build/Release/', 'require((0, String)(`../src/build/Release/').replace(/(require\(\(0, String\)\(`[^`]*`)\)/g, '$1))'),
      loader: 'js',
    }));
  },
};

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
    external: ['vscode', ...SHARP_NATIVE],
  },
  {
    ...common,
    entryPoints: { cli: 'extension/cli/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: SHARP_NATIVE,
    banner: { js: '#!/usr/bin/env node' },
    // The Anthropic SDK builds a `Headers` for every request; Node's global one loads undici (~11 MB). The CLI
    // bundle's free `Headers` and `FormData` (the SDK's) are llm/nodeFetch's, and its requests go through nodeFetch.
    inject: ['extension/llm/nodeFetch/inject.ts'],
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
// dist/cli.js (docs/ARCHITECTURE.md, Host memory). Escaping what is left (only comments) keeps it one byte.
const asciiOutput = {
  name: 'ascii-output',
  setup(build) {
    build.initialOptions.write = false;
    build.onEnd(async (result) => {
      for (const file of result.outputFiles ?? []) {
        mkdirSync(path.dirname(file.path), { recursive: true });
        const text = file.path.endsWith('.js') ? file.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : file.contents;
        writeFileSync(file.path, text);
      }
    });
  },
};
for (const c of configs) if (c.platform === 'node') c.plugins = [...(c.plugins ?? []), asciiOutput];

// zod's barrel of ~45 message locales (360 KB of the CLI bundle) comes in with `z.locales`; only English, the
// default, is ever used, so the barrel is replaced by one exporting `en` alone (docs/ARCHITECTURE.md, Host memory).
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.c?js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      const cjs = args.path.endsWith('.cjs');
      return { path: path.join(args.resolveDir, '../locales', cjs ? 'en-only.cjs' : 'en-only.js'), namespace: 'zod-locales' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      resolveDir: path.dirname(args.path),
      contents: args.path.endsWith('.cjs') ? "const en = require('./en.cjs'); exports.en = en.default ?? en;" : "export { default as en } from './en.js';",
      loader: 'js',
    }));
  },
};
for (const c of configs) c.plugins = [...(c.plugins ?? []), zodEnglishOnly];

// The Claude Agent SDK is a test-only dev dependency under Anthropic's own license: no bundle may hold it.
const noAgentSdk = {
  name: 'no-agent-sdk',
  setup(build) {
    build.onResolve({ filter: /^@anthropic-ai\/claude-agent-sdk(\/|$)/ }, (args) => ({
      errors: [{ text: `${args.path} is a test-only dev dependency (its license is Anthropic's): it must not be bundled (imported from ${args.importer})` }],
    }));
  },
};
for (const c of configs) c.plugins = [...(c.plugins ?? []), noAgentSdk];

// The Bash permission analysis parses commands with tree-sitter (wasm): both .wasm files sit next to the
// bundles, where extension/host/node/bashParser.ts looks first.
const require = createRequire(import.meta.url);
if (process.argv.includes('--clean')) rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
for (const wasm of ['web-tree-sitter/tree-sitter.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm']) {
  copyFileSync(require.resolve(wasm), `dist/${wasm.slice(wasm.indexOf('/') + 1)}`);
}

// The OS sandbox for Bash (@anthropic-ai/sandbox-runtime) looks for its seccomp helper beside the file it was
// bundled into and one folder up (through the import.meta.url above): from dist/lazy/ it finds
// dist/vendor/seccomp/<arch>/apply-seccomp (test/e2e/cliBundle.test.ts fails without it).
const seccomp = path.join(path.dirname(require.resolve('@anthropic-ai/sandbox-runtime/package.json')), 'vendor', 'seccomp');
for (const arch of ['x64', 'arm64']) {
  cpSync(path.join(seccomp, arch), `dist/vendor/seccomp/${arch}`, { recursive: true });
}

// The installed platform's sharp binary and libvips (npm installs only the one that fits this machine); the
// binary finds libvips as its sibling (its rpath is $ORIGIN/../../sharp-libvips-<platform>/lib). Missing (another
// platform's package), images go unscaled: tools/shared/imageLibrary.ts fails soft.
const sharpMain = require.resolve('sharp'); // sharp's exports hide its package.json
const imgDir = path.join(sharpMain.slice(0, sharpMain.lastIndexOf(`${path.sep}sharp${path.sep}`)), '@img');
rmSync('dist/vendor/img', { recursive: true, force: true });
for (const pkg of readdirSync(imgDir).filter((name) => name.startsWith('sharp-'))) {
  cpSync(path.join(imgDir, pkg), `dist/vendor/img/${pkg}`, { recursive: true });
}

// Lazy chunks (docs/ARCHITECTURE.md, Host memory): each `import()` in a Node bundle (the sandbox runtime, the MCP
// SDK, WebFetch's HTML libraries, provider SDKs) becomes its own file in dist/lazy/, which the bundle
// require()s when the import runs. Bundled inline, V8 would still read and pre-parse them at startup: each MB
// of bundle costs about 4 MB of peak RSS before a line of it runs. A chunk splits no further. Watch builds
// keep everything inline.
const lazyEntries = new Map();
function chunkName(file) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  const rel = pkg ? `${pkg[1]}${pkg[2].startsWith('dist/') || pkg[2].startsWith('lib/') ? '' : `-${pkg[2]}`}` : path.relative('extension', file);
  return rel.replace(/\.[cm]?[jt]sx?$/, '').replace(/^@/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
}
const lazyChunks = {
  name: 'lazy-chunks',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.lazy) return undefined;
      const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, importer: args.importer, kind: args.kind, pluginData: { lazy: true } });
      if (resolved.errors.length) return { errors: resolved.errors };
      if (resolved.external || !path.isAbsolute(resolved.path)) return undefined; // Node's own modules
      // sharp's ESM build loads its binary through createRequire, which the bundle cannot redirect (sharpVendored);
      // its CommonJS build requires it plainly.
      const file = resolved.path.replace(/([\\/]node_modules[\\/]sharp[\\/]dist[\\/]index)\.mjs$/, '$1.cjs');
      const name = chunkName(file);
      lazyEntries.set(`lazy/${name}`, file);
      return { path: `./lazy/${name}.js`, external: true };
    });
  },
};

/** The biggest inputs of each output, grouped by npm package (or extension/ folder). */
function printAnalysis(metafile) {
  for (const [out, info] of Object.entries(metafile.outputs)) {
    if (!out.endsWith('.js')) continue;
    const sizes = new Map();
    for (const [file, input] of Object.entries(info.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/').slice(0, 3).join('/');
      sizes.set(pkg, (sizes.get(pkg) ?? 0) + input.bytesInOutput);
    }
    console.log(`${out} (${Math.round(info.bytes / 1024)} KB)`);
    for (const [pkg, bytes] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${String(Math.round(bytes / 1024)).padStart(6)} KB  ${pkg}`);
  }
}
const analyze = process.argv.includes('--analyze');
if (analyze) for (const c of configs) c.metafile = true;

if (watch) {
  for (const c of configs) await (await esbuild.context(c)).watch();
} else {
  const node = configs.filter((c) => c.platform === 'node');
  for (const c of node) c.plugins = [lazyChunks, ...c.plugins];
  const results = await Promise.all(configs.map((c) => esbuild.build(c)));
  if (analyze) for (const r of results.slice(0, 2)) printAnalysis(r.metafile);
  // Shared by both bundles; the extension's chunks also serve the CLI (same dist/, same Node target).
  rmSync('dist/lazy', { recursive: true, force: true });
  const { entryPoints: _e, banner, ...chunkOptions } = node[0];
  const shim = banner.js.split('\n').at(-1);
  await esbuild.build({ ...chunkOptions, banner: { js: shim }, entryPoints: Object.fromEntries(lazyEntries), external: ['vscode'], plugins: [sharpVendored, asciiOutput, zodEnglishOnly, noAgentSdk] });
  // `codewright` on PATH through a symlink to dist/cli.js (README, Headless CLI) runs it by its shebang.
  chmodSync('dist/cli.js', 0o755);
}
