/**
 * Makes sure dist/webview.js and dist/webview.css are built from the current sources, so the webview
 * tests run on their own (`npm run test:webview` builds first; a bare `vitest run` may not have).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(REPO_ROOT, 'dist');
const OUTPUTS = [join(DIST, 'webview.js'), join(DIST, 'webview.css')];
const SOURCE_DIRS = [join(REPO_ROOT, 'webview'), join(REPO_ROOT, 'extension', 'protocol')];
/** Files of the bundle outside those folders: the tool names protocol/toolNames.ts re-exports. */
const SOURCE_FILES = [join(REPO_ROOT, 'extension', 'core', 'contracts', 'toolNames.ts')];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function webviewBundleIsStale(): boolean {
  if (!OUTPUTS.every((p) => existsSync(p))) return true;
  const built = Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs));
  return SOURCE_DIRS.some((dir) => newestMtime(dir) > built) || SOURCE_FILES.some((file) => statSync(file).mtimeMs > built);
}

/** Builds only the webview entry, with the options scripts/build.mjs uses for it. */
export async function ensureWebviewBundle(): Promise<void> {
  if (!webviewBundleIsStale()) return;
  await buildWebview('dist', false);
}

/** The webview as `npm run package` ships it (minified, React's production build), into `outdir`. */
export async function buildProductionWebview(outdir: string): Promise<void> {
  await buildWebview(outdir, true);
}

async function buildWebview(outdir: string, production: boolean): Promise<void> {
  await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: { webview: 'webview/main.tsx' },
    outdir,
    bundle: true,
    minify: production,
    sourcemap: production ? false : 'linked',
    legalComments: 'none',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    logLevel: 'warning',
  });
}
