/**
 * The fixture marketplace (test/fixtures/plugin-marketplace/) copied to a temporary folder, optionally made a
 * git repository (git init + commit, no network), and an empty Claude config folder to install into.
 */
import { cpSync, mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gitIn } from '../host/node/gitRepo';
import { pluginPaths, type PluginPaths } from '../../../extension/host/node/plugins/pluginFiles';

export const FIXTURE = path.resolve(__dirname, '../../fixtures/plugin-marketplace');

export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** A copy of the fixture marketplace; with `git`, a committed repository and its file:// URL. */
export function copyMarketplace(opts: { git?: boolean } = {}): { dir: string; url: string } {
  const dir = path.join(tempDir('cw-mkt-'), 'market');
  cpSync(FIXTURE, dir, { recursive: true });
  if (opts.git) {
    gitIn(dir, 'init', '-q', '-b', 'main');
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', 'marketplace');
  }
  return { dir, url: pathToFileURL(dir).href };
}

/** A fresh config folder (what `$CLAUDE_CONFIG_DIR` would name) and its plugin paths. */
export function freshConfig(): PluginPaths {
  return pluginPaths(path.join(tempDir('cw-claude-'), '.claude'));
}
