/**
 * Where memory files are looked for (docs/ARCHITECTURE.md, Memory): the user's `~/.claude/CLAUDE.md`,
 * then every folder from the file system root down to the workspace folder (ancestors first, so closer
 * instructions come later), then the workspace's AGENTS.md. Each folder may hold `CLAUDE.md`,
 * `.claude/CLAUDE.md` and `CLAUDE.local.md`.
 */
import path from 'node:path';
import type { MemoryIo, MemoryLoad } from '../../contracts/environment';
import { loadMemoryFiles, type MemoryCandidate } from './load';

/** The memory files one folder may hold, in the order Claude Code reads them. */
export function folderCandidates(dir: string): MemoryCandidate[] {
  return [
    { path: path.join(dir, 'CLAUDE.md'), type: 'project' },
    { path: path.join(dir, '.claude', 'CLAUDE.md'), type: 'project' },
    { path: path.join(dir, 'CLAUDE.local.md'), type: 'local' },
  ];
}

/** The folder and its ancestors, the file system root first. */
export function foldersFromRoot(dir: string): string[] {
  const folders: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) return folders;
  }
}

/** Every place a memory file of a session in `cwd` may be, in reading order. */
export function memoryCandidates(cwd: string, homeDir: string): MemoryCandidate[] {
  const candidates: MemoryCandidate[] = [
    { path: path.join(homeDir, '.claude', 'CLAUDE.md'), type: 'user' },
    ...foldersFromRoot(cwd).flatMap(folderCandidates),
    { path: path.join(path.resolve(cwd), 'AGENTS.md'), type: 'agents' },
  ];
  // With the home folder on the way up, ~/.claude/CLAUDE.md is both user and project memory: it stays user.
  return candidates.filter((c, i) => candidates.findIndex((o) => o.path === c.path) === i);
}

/** The memory files of a session in `cwd`, read now. */
export function loadSessionMemory(cwd: string, io: MemoryIo): Promise<MemoryLoad> {
  return loadMemoryFiles(memoryCandidates(cwd, io.homeDir), io);
}
