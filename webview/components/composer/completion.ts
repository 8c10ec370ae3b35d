/** What the composer completes at the caret: a slash command at the start, or an `@` file mention. */
import type { SlashCommand } from '../../../extension/protocol/messages';

export interface CompletionTrigger {
  kind: 'slash' | 'file';
  query: string;
  /** The range of the draft an accepted item replaces. */
  start: number;
  end: number;
}

export interface CompletionItem {
  key: string;
  label: string;
  /** A slash command's arguments (`<message>`), shown after its name. */
  hint?: string;
  detail?: string;
  insert: string;
}

/** A command name as typed after the slash: `review`, `git:commit`, `my-skill`, `v1.2`. */
const NAME = '[\\w:.-]';

export function completionTrigger(draft: string, caret: number): CompletionTrigger | null {
  const before = draft.slice(0, caret);
  const slash = new RegExp(`^/(${NAME}*)$`).exec(before);
  if (slash) return { kind: 'slash', query: slash[1] ?? '', start: 0, end: caret };
  // `#` ends the match, so a typed range (`@src/a.ts#L5-10`) is left as it is.
  const file = /(^|\s)@([^\s@#]*)$/.exec(before);
  if (file) {
    const start = file.index + (file[1] ?? '').length;
    return { kind: 'file', query: file[2] ?? '', start, end: caret };
  }
  return null;
}

/**
 * Commands whose name starts with the query come first, then those with a later part that does
 * (`/com` finds `git:commit` and `code-review`), each group in the host's order.
 */
export function slashItems(commands: readonly SlashCommand[], query: string): CompletionItem[] {
  const q = query.toLowerCase();
  const rank = (name: string): number => {
    const n = name.toLowerCase();
    if (n.startsWith(q)) return 0;
    return n.split(/[:\-_.]/).slice(1).some((part) => part.startsWith(q)) ? 1 : 2;
  };
  return commands
    .map((c) => ({ c, r: rank(c.name) }))
    .filter(({ r }) => r < 2)
    .sort((a, b) => a.r - b.r)
    .map(({ c }) => ({
      key: c.name,
      label: `/${c.name}`,
      ...(c.argumentHint ? { hint: c.argumentHint } : {}),
      detail: c.description,
      insert: `/${c.name} `,
    }));
}

/**
 * The argument hint to show as ghost text: the draft is a known command with an `argumentHint`, its
 * name and one space, and nothing typed after it yet.
 */
export function pendingArgumentHint(draft: string, commands: readonly SlashCommand[]): string | null {
  const typed = new RegExp(`^/(${NAME}+) $`).exec(draft);
  if (!typed) return null;
  return commands.find((c) => c.name === typed[1])?.argumentHint ?? null;
}

export function fileItems(items: readonly { path: string }[]): CompletionItem[] {
  return items.map((i) => ({ key: i.path, label: i.path, insert: `@${i.path} ` }));
}
