/** Fakes for the memory tests: an in-memory `MemoryIo` (paths to texts) and a `#` note picker. */
import type { MemoryNotePicker, MemoryNoteTarget } from '../../../../extension/core/engines/memory/notes';
import type { MemoryIo } from '../../../../extension/core/contracts/environment';

export class FakeMemoryIo implements MemoryIo {
  readonly files: Map<string, string>;
  readonly reads: string[] = [];

  constructor(
    files: Record<string, string>,
    readonly homeDir = '/home/u',
  ) {
    this.files = new Map(Object.entries(files));
  }

  async readText(file: string): Promise<string | undefined> {
    this.reads.push(file);
    return this.files.get(file);
  }

  async appendText(file: string, text: string): Promise<void> {
    this.files.set(file, (this.files.get(file) ?? '') + text);
  }
}

/** A picker that answers with the target of the given label (undefined: the user cancels) and records what it offered. */
export function picker(label: string | undefined) {
  const offered: { note: string; targets: readonly MemoryNoteTarget[] }[] = [];
  const port: MemoryNotePicker = {
    async pick(note, targets) {
      offered.push({ note, targets });
      return targets.find((t) => t.label === label);
    },
  };
  return { port, offered };
}
