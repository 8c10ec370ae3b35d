/**
 * `#` notes (docs/ARCHITECTURE.md, Memory): a one-line prompt starting with `#` (`# always use pnpm`) is not
 * sent to the model; the user picks a memory file and the line is appended to it as a bullet
 * (`- always use pnpm`), the file created when missing. The memory is read again at the next turn's start
 * (sessionMemory.ts), so the note applies from then on. A prompt of several lines starting with `#` is a
 * Markdown heading the user pasted, and goes to the model as usual.
 */
import path from 'node:path';
import type { MemoryIo } from '../../contracts/environment';

/** A memory file a note may go to. */
export interface MemoryNoteTarget {
  label: string;
  /** Who reads it, in a few words. */
  description: string;
  path: string;
}

/** Asks the user where a note goes (a QuickPick in VS Code); undefined when they cancel. */
export interface MemoryNotePicker {
  pick(note: string, targets: readonly MemoryNoteTarget[]): Promise<MemoryNoteTarget | undefined>;
}

/** The note of a `#` prompt, or undefined when the prompt is not one. */
export function memoryNoteOf(prompt: string): string | undefined {
  const text = prompt.trim();
  if (!text.startsWith('#') || text.includes('\n')) return undefined;
  const note = text.replace(/^#+/, '').trim();
  return note === '' ? undefined : note;
}

/** Project, local project and user memory, in that order. */
export function memoryNoteTargets(cwd: string, homeDir: string): MemoryNoteTarget[] {
  return [
    { label: 'Project memory', description: 'checked in, shared with the team', path: path.join(cwd, 'CLAUDE.md') },
    { label: 'Local project memory', description: 'this project, only you (CLAUDE.local.md)', path: path.join(cwd, 'CLAUDE.local.md') },
    { label: 'User memory', description: 'all of your projects', path: path.join(homeDir, '.claude', 'CLAUDE.md') },
  ];
}

/** What to append to a file holding `existing` (undefined: missing) so the note is a bullet line of its own. */
export function noteAppendText(existing: string | undefined, note: string): string {
  const gap = existing && !existing.endsWith('\n') ? '\n' : '';
  return `${gap}- ${note}\n`;
}

/**
 * Handles a prompt if it is a `#` note: returns the chat's reply ("Saved to …", "Not saved …"), or undefined
 * when the prompt is not a note and goes to the model.
 */
export function createMemoryNotes(opts: { cwd: string; io: MemoryIo; picker: MemoryNotePicker }): (prompt: string) => Promise<string | undefined> {
  return async (prompt) => {
    const note = memoryNoteOf(prompt);
    if (note === undefined) return undefined;
    const target = await opts.picker.pick(note, memoryNoteTargets(opts.cwd, opts.io.homeDir));
    if (!target) return 'Not saved to memory.';
    try {
      const existing = await opts.io.readText(target.path);
      await opts.io.appendText(target.path, noteAppendText(existing, note));
    } catch (err) {
      return `Could not save to ${target.path}: ${err instanceof Error ? err.message : String(err)}`;
    }
    return `Saved to ${target.path}`;
  };
}
