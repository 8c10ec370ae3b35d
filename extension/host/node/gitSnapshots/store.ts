/**
 * One workspace root's private git store: where it lives, the work tree and pathspec it covers, and the files
 * that make the folder a GIT_DIR of its own. Inside a repository the store borrows the repository's objects
 * (alternates), so nothing already committed or staged is copied, and may start from a copy of its index, so
 * the first capture does not hash every file. Git always runs on the store with the settings below, so the
 * store's blobs are the bytes on disk, whatever the repository or the user's config would convert.
 */
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitOk, runGit, SnapshotGitError, type RunContext } from './runGit';

export interface SnapshotStore {
  /** The workspace folder as given; changes are reported under it. */
  root: string;
  /** The private GIT_DIR. */
  gitDir: string;
  /** The repository's top level, or the root itself outside a repository. */
  worktree: string;
  /** The root relative to the work tree, with a trailing slash; '' at the top. */
  prefix: string;
  /** Restricts every command to the root (relative to the work tree, where git runs). */
  pathspec: string;
  /** The repository's index, when starting from a copy of it is safe. */
  seedFrom?: string;
  /** The repository's index, for the file count of a "too large" message. */
  repoIndex?: string;
}

const CONFIG = [
  'core.untrackedCache=true',
  'core.fsmonitor=false',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.quotePath=false',
  'gc.auto=0',
  'maintenance.auto=false',
];

/** The leading arguments of every git command on a store. */
export function storeArgs(store: SnapshotStore): string[] {
  return [`--git-dir=${store.gitDir}`, `--work-tree=${store.worktree}`, ...CONFIG.flatMap((setting) => ['-c', setting])];
}

/** The GIT_DIR of each root: `storeDir` itself for one root, a folder per root under it for several. */
export function storeDirs(storeDir: string, roots: readonly string[]): string[] {
  if (roots.length === 1) return [storeDir];
  return roots.map((root, i) => path.join(storeDir, `${i}-${path.basename(root).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40) || 'root'}`));
}

// Attributes turned off for every path, so a blob is exactly the file's bytes (no CRLF, LFS or ident rewriting):
// rewind writes the blob back as it is.
const RAW_ATTRIBUTES = '* -text -filter -ident -eol -working-tree-encoding\n';

/** Settings copied from the repository to the store, so git sees the work tree the way the repository does. */
const COPIED = ['core.ignorecase', 'core.filemode', 'core.precomposeunicode', 'core.symlinks'];
const CONFIG_QUERY = '^(core\\.(autocrlf|attributesfile|splitindex|sparsecheckout|ignorecase|filemode|precomposeunicode|symlinks)|index\\.sparse|extensions\\.objectformat)$';

interface RepoInfo {
  toplevel: string;
  prefix: string;
  objects: string;
  index: string;
  exclude: string;
  attributes: string;
  config: Map<string, string>;
  /** Tracked .gitattributes files anywhere in the repository. */
  hasAttributesFiles: boolean;
}

const exists = (file: string) => stat(file).then(() => true, () => false);
const isTrue = (value: string | undefined) => value !== undefined && !/^(false|no|off|0)$/i.test(value);

async function readRepo(root: string, ctx: RunContext): Promise<RepoInfo | undefined> {
  const paths = ['objects', 'index', 'info/exclude', 'info/attributes'].flatMap((p) => ['--git-path', p]);
  const result = await runGit({ ...ctx, cwd: root, args: ['rev-parse', '--show-toplevel', '--show-prefix', ...paths] });
  if (result.code !== 0) {
    if (/not a git repository/i.test(result.stderr)) return undefined;
    throw new SnapshotGitError('failed', result.stderr.trim().split(/\r?\n/)[0] || `git rev-parse failed in ${root}.`);
  }
  const [toplevel = '', prefix = '', objects = '', index = '', exclude = '', attributes = ''] = result.stdout.toString('utf8').split('\n');
  const [config, attributeFiles] = await Promise.all([
    runGit({ ...ctx, cwd: root, args: ['config', '-z', '--get-regexp', CONFIG_QUERY] }),
    gitOk({ ...ctx, cwd: toplevel, args: ['ls-files', '-z', '--', ':(glob)**/.gitattributes'] }),
  ]);
  const settings = new Map<string, string>();
  if (config.code === 0) {
    for (const entry of config.stdout.toString('utf8').split('\0')) {
      if (!entry) continue;
      const newline = entry.indexOf('\n');
      // A key alone (no newline) is a boolean set to true.
      settings.set((newline < 0 ? entry : entry.slice(0, newline)).toLowerCase(), newline < 0 ? 'true' : entry.slice(newline + 1));
    }
  }
  const resolve = (p: string) => path.resolve(root, p);
  return {
    toplevel: path.resolve(toplevel),
    prefix,
    objects: resolve(objects),
    index: resolve(index),
    exclude: resolve(exclude),
    attributes: resolve(attributes),
    config: settings,
    hasAttributesFiles: attributeFiles.length > 0,
  };
}

/**
 * Whether the repository's index entries name the bytes on disk. They do unless something converts content
 * on the way in: attributes (any .gitattributes, info/attributes, the user's attributes file) or core.autocrlf.
 * The split and sparse index formats refer to files of the repository's GIT_DIR, so they are not copied either.
 */
async function canSeed(repo: RepoInfo): Promise<boolean> {
  const { config } = repo;
  if (repo.hasAttributesFiles || isTrue(config.get('core.autocrlf')) || config.has('core.attributesfile')) return false;
  if (isTrue(config.get('core.splitindex')) || isTrue(config.get('core.sparsecheckout')) || isTrue(config.get('index.sparse'))) return false;
  const userAttributes = path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'git', 'attributes');
  if (await exists(userAttributes)) return false;
  const own = await readFile(repo.attributes, 'utf8').catch(() => '');
  if (own.trim()) return false;
  return exists(repo.index);
}

function storeConfig(repo: RepoInfo | undefined): string {
  const sha256 = repo?.config.get('extensions.objectformat')?.toLowerCase() === 'sha256';
  const lines = ['[core]', `\trepositoryformatversion = ${sha256 ? 1 : 0}`, '\tbare = false'];
  for (const key of COPIED) {
    const value = repo?.config.get(key);
    if (value !== undefined) lines.push(`\t${key.slice('core.'.length)} = ${value}`);
  }
  if (!repo && process.platform === 'win32') lines.push('\tfilemode = false');
  if (sha256) lines.push('[extensions]', '\tobjectformat = sha256');
  return `${lines.join('\n')}\n`;
}

/** Finds the root's repository, writes the store's files (keeping an existing index and objects) and seeds it. */
export async function openStore(root: string, gitDir: string, ctx: RunContext): Promise<SnapshotStore> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new SnapshotGitError('failed', `The folder ${root} cannot be read.`);
  const repo = await readRepo(root, ctx);
  await mkdir(path.join(gitDir, 'refs'), { recursive: true });
  await mkdir(path.join(gitDir, 'objects', 'info'), { recursive: true });
  await mkdir(path.join(gitDir, 'info'), { recursive: true });
  const alternates = path.join(gitDir, 'objects', 'info', 'alternates');
  await Promise.all([
    writeFile(path.join(gitDir, 'HEAD'), 'ref: refs/heads/snapshots\n'),
    writeFile(path.join(gitDir, 'config'), storeConfig(repo)),
    writeFile(path.join(gitDir, 'info', 'attributes'), RAW_ATTRIBUTES),
    repo ? writeFile(alternates, `${repo.objects}\n`) : rm(alternates, { force: true }),
    repo ? copyFile(repo.exclude, path.join(gitDir, 'info', 'exclude')).catch(() => writeFile(path.join(gitDir, 'info', 'exclude'), '')) : writeFile(path.join(gitDir, 'info', 'exclude'), ''),
  ]);
  if (!repo) return { root, gitDir, worktree: root, prefix: '', pathspec: '.' };
  const prefix = repo.prefix;
  const store: SnapshotStore = {
    root,
    gitDir,
    worktree: repo.toplevel,
    prefix,
    pathspec: prefix ? `:(literal)${prefix.replace(/\/$/, '')}` : '.',
    repoIndex: repo.index,
  };
  if (await canSeed(repo)) store.seedFrom = repo.index;
  // An index left by an earlier session is our own, of raw bytes: better than the repository's.
  if (store.seedFrom && !(await exists(path.join(gitDir, 'index')))) await copyFile(store.seedFrom, path.join(gitDir, 'index'));
  return store;
}
