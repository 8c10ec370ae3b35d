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
  detail?: string;
  insert: string;
}

export function completionTrigger(draft: string, caret: number): CompletionTrigger | null {
  const before = draft.slice(0, caret);
  const slash = /^\/([\w-]*)$/.exec(before);
  if (slash) return { kind: 'slash', query: slash[1] ?? '', start: 0, end: caret };
  // `#` ends the match, so a typed range (`@src/a.ts#L5-10`) is left as it is.
  const file = /(^|\s)@([^\s@#]*)$/.exec(before);
  if (file) {
    const start = file.index + (file[1] ?? '').length;
    return { kind: 'file', query: file[2] ?? '', start, end: caret };
  }
  return null;
}

export function slashItems(commands: readonly SlashCommand[], query: string): CompletionItem[] {
  const q = query.toLowerCase();
  return commands
    .filter((c) => c.name.toLowerCase().startsWith(q))
    .map((c) => ({ key: c.name, label: `/${c.name}`, detail: c.description, insert: `/${c.name} ` }));
}

export function fileItems(items: readonly { path: string }[]): CompletionItem[] {
  return items.map((i) => ({ key: i.path, label: i.path, insert: `@${i.path} ` }));
}
