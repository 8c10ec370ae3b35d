/** An in-memory `MemoryIo` for the memory tests: paths to texts, appends recorded. */
import type { MemoryIo } from '../../../../extension/core/ports';

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
