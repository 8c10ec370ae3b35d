/**
 * What `plugin marketplace add <source>` was given: a folder (or its `.claude-plugin/marketplace.json`), a git
 * URL (`https://…`, `git@…`, `ssh://…`, `file://…`) or GitHub's `owner/repo`. Also where a git-backed source
 * is cloned from, and running git for it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { MarketplaceSource } from '../../../core/engines/marketplaces/schemas';
import { runGit } from '../git';
import { PluginError } from './pluginFiles';

const GIT_URL = /^(https?:\/\/|ssh:\/\/|git:\/\/|file:\/\/|git@[^:]+:)/;
const GITHUB_REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** The source a command-line argument names; a path is resolved against `cwd`. */
export async function marketplaceSourceFromArg(arg: string, cwd: string): Promise<MarketplaceSource> {
  const trimmed = arg.trim();
  if (GIT_URL.test(trimmed)) return { source: 'git', url: trimmed };
  const abs = path.resolve(cwd, trimmed.startsWith('~/') ? path.join(process.env.HOME ?? '', trimmed.slice(2)) : trimmed);
  const info = await stat(abs).catch(() => undefined);
  if (info?.isDirectory()) return { source: 'directory', path: abs };
  if (info?.isFile() && path.basename(abs) === 'marketplace.json') return { source: 'directory', path: path.dirname(path.dirname(abs)) };
  if (!info && GITHUB_REPO.test(trimmed) && !trimmed.startsWith('.')) return { source: 'github', repo: trimmed };
  throw new PluginError(`${trimmed} is neither a folder, a git URL nor a GitHub owner/repo.`);
}

/** The URL to clone for a git-backed source; undefined for a folder. */
export function cloneUrl(source: { source: string; url?: string; repo?: string }): string | undefined {
  if (source.source === 'github' && source.repo) return `https://github.com/${source.repo}.git`;
  if ((source.source === 'git' || source.source === 'url') && source.url) return source.url;
  return undefined;
}

/** A short description of a source for listings. */
export function describeSource(source: MarketplaceSource): string {
  if (source.source === 'directory' || source.source === 'file') return source.path;
  if (source.source === 'github') return `github:${source.repo}`;
  return source.url;
}

/** The folder of a directory source; undefined for the others. */
export function sourceFolder(source: MarketplaceSource): string | undefined {
  return source.source === 'directory' || source.source === 'file' ? source.path : undefined;
}

/** The branch or tag a git source asks for. */
export function sourceRef(source: MarketplaceSource): string | undefined {
  return source.source === 'git' || source.source === 'github' ? source.ref : undefined;
}

/** Runs git, turning a non-zero exit into a PluginError that says what was being done. */
export async function gitOrFail(args: string[], cwd: string, doing: string): Promise<string> {
  const result = await runGit(args, cwd);
  if (result.code !== 0) {
    const detail = result.stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${result.code}`;
    throw new PluginError(`Could not ${doing}: ${detail}`);
  }
  return result.stdout.trim();
}

/** Clones `url` (at `ref` when given) into `dest`, shallow. */
export async function cloneInto(url: string, dest: string, ref?: string): Promise<void> {
  const args = ['clone', '--depth', '1', ...(ref ? ['--branch', ref] : []), '--', url, dest];
  await gitOrFail(args, path.dirname(dest), `clone ${url}`);
}

/** The commit checked out in `dir`, or undefined when it is not a git repository. */
export async function headCommit(dir: string): Promise<string | undefined> {
  const result = await runGit(['rev-parse', 'HEAD'], dir).catch(() => undefined);
  return result?.code === 0 ? result.stdout.trim() : undefined;
}
