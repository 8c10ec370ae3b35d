/**
 * Several chats in one window write the same files (docs/ARCHITECTURE.md, Host and webview: several chats).
 * Edit and Write re-read a file and check it against the chat's last read right before writing
 * (tools/shared/fileState.ts), but awaits lie between that check and the write: chat B could pass its check,
 * chat A write, and B's write then silently undo A's. Each chat's workspace is decorated with `guardWrites`
 * over one window-wide `SharedWrites`: it counts the writes to each path, remembers which count each chat
 * last saw (any stat or read of the path), and refuses a write when another chat wrote since, with the same
 * stale-read error the tools give. The check and the count happen in one synchronous step, so of two
 * racing writes exactly one goes through.
 */
import type { Workspace } from '../../contracts/workspace';
import { ToolError } from '../../contracts/toolErrors';

export class SharedWrites {
  private readonly generations = new Map<string, number>();

  /** How many guarded writes `path` has had. */
  generation(path: string): number {
    return this.generations.get(path) ?? 0;
  }

  /** Counts one more write of `path`; returns the new count. */
  bump(path: string): number {
    const next = this.generation(path) + 1;
    this.generations.set(path, next);
    return next;
  }
}

/** `workspace` for one chat: its writes count in `shared`, and a write over another chat's newer one is refused. */
export function guardWrites(workspace: Workspace, shared: SharedWrites): Workspace {
  const seen = new Map<string, number>();
  const look = async <T>(path: string, read: () => Promise<T>): Promise<T> => {
    // Taken before the read: a write landing during it must still count as unseen.
    const generation = shared.generation(path);
    const value = await read();
    seen.set(path, generation);
    return value;
  };
  const guarded: Partial<Workspace> = {
    stat: (path) => look(path, () => workspace.stat(path)),
    readText: (path) => look(path, () => workspace.readText(path)),
    readBytes: (path) => look(path, () => workspace.readBytes(path)),
    writeText: (path, content, opts) => {
      const last = seen.get(path);
      if (last !== undefined && last !== shared.generation(path)) {
        return Promise.reject(
          new ToolError('stale_read', `File has been modified since read, either by the user or by another tool: ${path}. Read it again before you write it.`),
        );
      }
      seen.set(path, shared.bump(path));
      return workspace.writeText(path, content, opts);
    },
  };
  return new Proxy(workspace, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in guarded) return guarded[prop as keyof Workspace];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
