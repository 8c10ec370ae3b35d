/** Bundles the mocha suite that runs inside the extension host. mocha stays external (resolved from node_modules). */
import { build } from 'esbuild';
import path from 'node:path';

/** CODEWRIGHT_INTEGRATION_OUT gives a run its own bundle and results file (runs in parallel do not collide). */
export const INTEGRATION_OUT = path.resolve(process.env.CODEWRIGHT_INTEGRATION_OUT ?? path.resolve(__dirname, '../../dist-test/integration'));

export async function buildIntegrationSuite(): Promise<string> {
  await build({
    entryPoints: { index: path.resolve(__dirname, 'suite/index.ts') },
    outdir: INTEGRATION_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    // Bundled ESM packages (the sandbox runtime) read `import.meta.url`; a CJS bundle has none, so it points
    // at the bundle itself, as scripts/build.mjs does for the extension.
    define: { 'import.meta.url': '__codewrightImportMetaUrl' },
    banner: { js: "'use strict';var __codewrightImportMetaUrl = require('url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
  return path.join(INTEGRATION_OUT, 'index.js');
}

if (require.main === module) {
  buildIntegrationSuite().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
