// node:fs as the MCP conformance suite imports it, plus `globSync` (Node 22) on Node 20: see conformance-preload.mjs.
// The suite calls it as globSync(pattern, { cwd }) and wants paths relative to cwd, as tinyglobby returns them.
import fs from 'node:fs';
import { createRequire } from 'node:module';

export * from 'node:fs';
export default fs;

const tinyglobby = createRequire(import.meta.url)('tinyglobby');
export const globSync = fs.globSync ?? ((pattern, options = {}) => tinyglobby.globSync(pattern, { cwd: options.cwd ?? process.cwd() }));
