/**
 * Nested memory (docs/ARCHITECTURE.md, Memory): a CLAUDE.md in a subfolder of the workspace is not in the
 * system prompt; when a tool first touches a path under that folder, the file is read (with its imports)
 * and handed to the model once per session, as Claude Code does. One tracker per agent: a sub-agent gets a
 * fork with a set of its own, since what it was shown never reached the main agent.
 */
import path from 'node:path';
import type { ConfigProblem } from '../../base/configProblems';
import type { MemoryFile, MemoryIo } from '../../contracts/environment';
import { loadMemoryFiles } from './load';
import { folderCandidates } from './walk';

export interface NestedMemoryOptions {
  /** The workspace folder; its own memory files (and those above it) are in the system prompt already. */
  root: string;
  io: MemoryIo;
  /** Told about imports that could not be followed. */
  onProblems?: (problems: readonly ConfigProblem[]) => void;
}

export class NestedMemory {
  /** Memory files shown in this session, by path. */
  private readonly shown = new Set<string>();
  private readonly root: string;

  constructor(private readonly opts: NestedMemoryOptions) {
    this.root = path.resolve(opts.root);
  }

  /** A tracker for a sub-agent: same workspace and files, nothing shown yet. */
  fork(): NestedMemory {
    return new NestedMemory(this.opts);
  }

  /**
   * The memory files of the folders between the workspace and `target` (a file or a folder, absolute or
   * relative to `cwd`) not shown yet in this session, outermost first; they count as shown from now on.
   */
  async touch(target: string, cwd: string = this.root): Promise<MemoryFile[]> {
    const candidates = foldersBetween(this.root, path.resolve(cwd, target))
      .flatMap(folderCandidates)
      .filter((c) => !this.shown.has(c.path));
    if (candidates.length === 0) return [];
    const { files, problems } = await loadMemoryFiles(candidates, this.opts.io);
    for (const f of files) this.shown.add(f.path);
    if (problems.length) this.opts.onProblems?.(problems);
    return files;
  }
}

/**
 * The folders below `root` down to `target` itself (it may be a folder; a file's `CLAUDE.md` simply does not
 * exist). Nothing outside the workspace, and no `.claude` folder: its CLAUDE.md belongs to the folder above.
 */
export function foldersBetween(root: string, target: string): string[] {
  const rel = path.relative(root, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return [];
  const parts = rel.split(path.sep);
  return parts.map((_, i) => path.join(root, ...parts.slice(0, i + 1))).filter((dir) => path.basename(dir) !== '.claude');
}
