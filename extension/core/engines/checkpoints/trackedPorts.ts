/**
 * Decorators for the ports the file tools write through: every write first keeps the file's pre-image in
 * the current session's checkpoint store, then records what was written. The tools themselves know
 * nothing of checkpoints. Bash writes files through the shell, which is not decorated: those changes are
 * not checkpointed.
 */
import type { NotebookPort, Workspace } from '../../contracts/workspace';
import type { CheckpointStore } from './store';

export interface WriteTracker {
  /** The current session's store; undefined when checkpoints are off. */
  current(): Promise<CheckpointStore | undefined>;
  /** Called after each tracked write (the changed-files list refreshes). */
  written(path: string): void;
  /** A checkpoint could not be kept or recorded; the write itself still happens. */
  failed(path: string, error: unknown): void;
}

/** Runs `write` between the store's pre-image capture and its post-write record. */
async function tracked<T>(tracker: WriteTracker, reader: Workspace, path: string, write: () => Promise<T>): Promise<T> {
  const store = await tracker.current();
  // A pre-image that cannot be stored must not block the edit the user allowed; rewind then lacks it.
  await store?.beforeWrite(path, reader).catch((err: unknown) => tracker.failed(path, err));
  try {
    return await write();
  } finally {
    await store?.afterWrite(path, reader).catch((err: unknown) => tracker.failed(path, err));
    tracker.written(path);
  }
}

/** The workspace with `writeText` tracked; every other member is the original's. */
export function trackWorkspace(workspace: Workspace, tracker: WriteTracker): Workspace {
  const writeText: Workspace['writeText'] = (path, content, opts) => tracked(tracker, workspace, path, () => workspace.writeText(path, content, opts));
  return new Proxy(workspace, {
    get(target, prop, receiver) {
      if (prop === 'writeText') return writeText;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Notebook cell edits save the notebook file: tracked like a workspace write. */
export function trackNotebooks(notebooks: NotebookPort, reader: Workspace, tracker: WriteTracker): NotebookPort {
  return {
    isOpen: (path) => notebooks.isOpen(path),
    editCell: (path, edit) => tracked(tracker, reader, path, () => notebooks.editCell(path, edit)),
  };
}
