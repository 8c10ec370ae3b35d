/**
 * How a memory file reads in the prompt: its own text, then each file it imports under a heading naming
 * the file and the `@path` line that brought it in (depth first, the order they appear). The system prompt
 * and nested-memory reminders both use it, so an import reads the same wherever it shows.
 */
import type { MemoryFile } from '../../contracts/environment';

/** The file's text and its imports, trailing whitespace trimmed. */
export function memoryText(file: Pick<MemoryFile, 'content' | 'imports'>): string {
  const parts = [file.content.trimEnd()];
  for (const imported of file.imports ?? []) {
    parts.push(`### Imported by ${imported.importedFrom}:${imported.line}: ${imported.path}`, imported.content.trimEnd());
  }
  return parts.filter((p) => p !== '').join('\n\n');
}

/**
 * How deep the folder a memory file belongs to lies: `/a/b/CLAUDE.md` and `/a/b/.claude/CLAUDE.md` both
 * belong to `/a/b`. Separators of both kinds count, so the order is the same for Windows paths.
 */
export function memoryFolderDepth(file: string): number {
  const parts = file.split(/[\\/]+/).filter((p) => p !== '');
  parts.pop();
  if (parts.at(-1) === '.claude') parts.pop();
  return parts.length;
}
