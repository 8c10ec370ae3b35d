/**
 * Reads memory files and what they import (docs/ARCHITECTURE.md, Memory). Pure over `MemoryIo`, so the
 * host decides how files are read. An import that cannot be followed (missing, too deep, a cycle) is a
 * `ConfigProblem` naming the importing file and line; the rest loads.
 */
import type { ConfigProblem } from '../../base/configProblems';
import type { MemoryFile, MemoryImport, MemoryIo, MemoryLoad } from '../../contracts/environment';
import { findImports, resolveImport } from './imports';

/** A place a memory file may be, in the order the files are read. */
export interface MemoryCandidate {
  path: string;
  type: MemoryFile['type'];
}

/** Imports are followed this many hops from the memory file; one more is refused (Claude Code's limit). */
export const MAX_IMPORT_DEPTH = 5;
/** Each file (memory file or import) is cut here; memory is resent with every request. */
export const MAX_MEMORY_FILE_CHARS = 40_000;

/** The text as the prompt carries it: cut at the cap with a note saying how much was left out. */
export function capMemoryText(text: string, file: string): string {
  if (text.length <= MAX_MEMORY_FILE_CHARS) return text;
  const left = text.length - MAX_MEMORY_FILE_CHARS;
  return `${text.slice(0, MAX_MEMORY_FILE_CHARS)}\n\n[Truncated: ${left} more characters of ${file} not shown.]`;
}

/**
 * The candidates that exist, each with its imports. A file already included (as a memory file or an
 * import) is not included again; missing candidates are skipped silently, they are only places to look.
 */
export async function loadMemoryFiles(candidates: readonly MemoryCandidate[], io: MemoryIo): Promise<MemoryLoad> {
  const seen = new Set<string>();
  const files: MemoryFile[] = [];
  const problems: ConfigProblem[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.path)) continue;
    const text = await io.readText(candidate.path);
    if (text === undefined) continue;
    seen.add(candidate.path);
    const imports: MemoryImport[] = [];
    await followImports({ io, seen, imports, problems }, candidate.path, text, [candidate.path]);
    files.push({ ...candidate, content: capMemoryText(text, candidate.path), ...(imports.length ? { imports } : {}) });
  }
  return { files, problems };
}

interface ImportWalk {
  io: MemoryIo;
  seen: Set<string>;
  imports: MemoryImport[];
  problems: ConfigProblem[];
}

/** Adds `text`'s imports depth first; `chain` is the files from the memory file down to `file`. */
async function followImports(walk: ImportWalk, file: string, text: string, chain: readonly string[]): Promise<void> {
  for (const ref of findImports(text)) {
    const target = resolveImport(ref.spec, file, walk.io.homeDir);
    const problem = (message: string) => walk.problems.push({ kind: 'memory', path: file, line: ref.line, message });
    if (chain.includes(target)) {
      problem(`Import cycle: @${ref.spec} leads back to ${target}, which is already being imported; skipped.`);
      continue;
    }
    // Imported twice (by two files, not in a cycle): once is enough.
    if (walk.seen.has(target)) continue;
    if (chain.length > MAX_IMPORT_DEPTH) {
      problem(`Import too deep: @${ref.spec} would be ${chain.length} imports away from ${chain[0]} (at most ${MAX_IMPORT_DEPTH}); skipped.`);
      continue;
    }
    const content = await walk.io.readText(target);
    if (content === undefined) {
      problem(`Imported file not found: @${ref.spec} (${target}); skipped.`);
      continue;
    }
    if (content.includes('\0')) {
      problem(`Imported file is not text: @${ref.spec} (${target}); skipped.`);
      continue;
    }
    walk.seen.add(target);
    walk.imports.push({ path: target, importedFrom: file, line: ref.line, content: capMemoryText(content, target) });
    await followImports(walk, target, content, [...chain, target]);
  }
}
