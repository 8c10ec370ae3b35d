/**
 * Telling a slash command from a prompt that merely starts with `/` (after Claude Code's rule): only a first
 * token made of command-name characters (letters, digits, `:`, `_`, `-`) counts, so `/usr/bin is slow` and
 * `/ what` go to the model as typed, while `/review` and `/frontend:lint src` are commands.
 */
import { editDistance } from '../../base/text/editDistance';

/** Letters, digits, `:` (folder separator of `/folder:name`), `_`, `-`; a dot is allowed inside (`/v1.2`). */
const COMMAND_NAME = /^[A-Za-z0-9_:-][A-Za-z0-9_:.-]*$/;

export interface ParsedSlashCommand {
  /** Without the slash. */
  name: string;
  /** Everything after the name, trimmed; '' when there is none. */
  args: string;
}

/** The command a prompt invokes, or undefined when the prompt is not a command. */
export function parseSlashCommand(text: string): ParsedSlashCommand | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) return undefined;
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  const name = match?.[1];
  if (!name || !COMMAND_NAME.test(name) || name.endsWith('.')) return undefined;
  return { name, args: (match[2] ?? '').trim() };
}

/**
 * Up to `max` names close to `wanted`: those it starts or is contained in first, then by edit distance (at
 * most a third of the longer name, at least 2), ties by name.
 */
export function closestNames(wanted: string, names: readonly string[], max = 3): string[] {
  const w = wanted.toLowerCase();
  const scored = names
    .map((name) => {
      const n = name.toLowerCase();
      const contains = n.startsWith(w) || (w.length >= 3 && n.includes(w)) || w.startsWith(n);
      const d = editDistance(w, n);
      return { name, score: contains ? -1 : d, ok: contains || d <= Math.max(2, Math.floor(Math.max(w.length, n.length) / 3)) };
    })
    .filter((s) => s.ok)
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, max).map((s) => s.name);
}
