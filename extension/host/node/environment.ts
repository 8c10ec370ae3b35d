/**
 * Plain-Node EnvironmentPort: OS facts, a git snapshot and the memory files (core/engines/memory/). The result feeds
 * the system prompt, which must stay byte-identical for prompt caching, so callers take one snapshot per
 * session; only the memory files are read again each turn (`memory()`), and unchanged files give the same bytes.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { loadSessionMemory } from '../../core/engines/memory/walk';
import type { EnvironmentInfo, EnvironmentPort, MemoryFile, MemoryLoad } from '../../core/contracts/environment';
import { NodeMemoryIo } from './memoryIo';

export interface NodeEnvironmentOptions {
  cwd: string;
  /** Where `~/.claude/CLAUDE.md` is looked for; defaults to the OS home folder. */
  homeDir?: string;
  now?: () => Date;
  /** Each git command is killed after this long, so a huge or locked repo cannot stall a session's start. */
  gitTimeoutMs?: number;
}

/** Git status beyond this goes to the model as a count: a big checkout would otherwise fill every request. */
export const MAX_GIT_STATUS_CHARS = 2_000;
/** A memory file is cut here; it is resent with every request. */
export { MAX_MEMORY_FILE_CHARS } from '../../core/engines/memory/load';
const RECENT_COMMITS = 5;

export class NodeEnvironment implements EnvironmentPort {
  private readonly cwd: string;
  private readonly homeDir: string;
  private readonly now: () => Date;
  private readonly gitTimeoutMs: number;
  readonly memoryIo: NodeMemoryIo;

  constructor(options: NodeEnvironmentOptions) {
    this.cwd = path.resolve(options.cwd);
    this.homeDir = path.resolve(options.homeDir ?? os.homedir());
    this.now = options.now ?? (() => new Date());
    this.gitTimeoutMs = options.gitTimeoutMs ?? 5_000;
    this.memoryIo = new NodeMemoryIo(this.homeDir);
  }

  async info(): Promise<EnvironmentInfo> {
    const [git, memoryFiles] = await Promise.all([this.gitSnapshot(), this.memoryFiles()]);
    return {
      cwd: this.cwd,
      platform: process.platform,
      osVersion: `${os.type()} ${os.release()}`,
      date: localDate(this.now()),
      ...git,
      memoryFiles,
    };
  }

  private async gitSnapshot(): Promise<Pick<EnvironmentInfo, 'isGitRepo' | 'gitBranch' | 'gitStatus' | 'recentCommits'>> {
    if ((await this.git(['rev-parse', '--is-inside-work-tree'])) !== 'true') return { isGitRepo: false };
    const [branch, status, log] = await Promise.all([
      this.branch(),
      // Color settings of `always` in the user's config would put escape codes into the prompt.
      this.git(['-c', 'color.status=false', 'status', '--short']),
      this.git(['log', '--oneline', '--no-color', '-n', String(RECENT_COMMITS)]),
    ]);
    return {
      isGitRepo: true,
      ...(branch ? { gitBranch: branch } : {}),
      ...(status !== undefined ? { gitStatus: truncateStatus(status) } : {}),
      // A repository without commits has no log; that is not an error worth reporting.
      ...(log ? { recentCommits: log } : {}),
    };
  }

  private async branch(): Promise<string | undefined> {
    const current = await this.git(['branch', '--show-current']);
    if (current) return current;
    const sha = await this.git(['rev-parse', '--short', 'HEAD']);
    return sha ? `HEAD detached at ${sha}` : undefined;
  }

  /** stdout without the trailing newline, or undefined when git is missing, fails or times out. */
  private git(args: readonly string[]): Promise<string | undefined> {
    return new Promise((resolve) => {
      execFile(
        'git',
        args,
        {
          cwd: this.cwd,
          timeout: this.gitTimeoutMs,
          maxBuffer: 4 * 1024 * 1024,
          // Reading status must not take the index lock the user's own git commands may need right now.
          env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
          windowsHide: true,
        },
        (error, stdout) => resolve(error ? undefined : stdout.replace(/\s+$/, '')),
      );
    });
  }

  /** user, every folder from the file system root down to the workspace, agents; each with its imports. */
  async memory(): Promise<MemoryLoad> {
    return loadSessionMemory(this.cwd, this.memoryIo);
  }

  private async memoryFiles(): Promise<MemoryFile[]> {
    return (await this.memory()).files;
  }
}

/** Whole lines up to the cap, then how many lines were left out. */
export function truncateStatus(status: string): string {
  if (status.length <= MAX_GIT_STATUS_CHARS) return status;
  const lines = status.split('\n');
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length + 1 > MAX_GIT_STATUS_CHARS) break;
    kept.push(line);
    size += line.length + 1;
  }
  const omitted = lines.length - kept.length;
  return `${kept.join('\n')}\n… ${omitted} more ${omitted === 1 ? 'line' : 'lines'} not shown (run git status for all of them)`;
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
