/**
 * The changed-files list of the current session (sessionCheckpoints.ts): recomputed on request, one
 * recomputation at a time, and handed to the listeners. A result for a session the chat has left is dropped.
 */
import type { Logger } from '../../contracts/settings';
import { changedFiles } from './changes';
import type { CheckpointStore } from './store';
import type { ChangedFile, FileReader } from './types';

export interface CurrentSession {
  /** The session the chat shows now; '' before it follows one. */
  sessionId(): string;
  storeFor(sessionId: string): Promise<CheckpointStore>;
}

export interface ChangedFilesDeps {
  reader: FileReader;
  log: Logger;
}

export class ChangedFilesFeed {
  private readonly listeners = new Set<(files: ChangedFile[]) => void>();
  private latest: ChangedFile[] = [];
  private refreshing: Promise<void> = Promise.resolve();
  /** A refresh is queued and not started yet: further requests join it. */
  private refreshQueued: Promise<void> | undefined;

  constructor(
    private readonly session: CurrentSession,
    private readonly deps: ChangedFilesDeps,
  ) {}

  /** The files changed so far (as of the last refresh). */
  changed(): ChangedFile[] {
    return this.latest.map((f) => ({ ...f }));
  }

  onChanged(listener: (files: ChangedFile[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Empties the list (the session switched) and tells the listeners. */
  clear(): void {
    this.latest = [];
    for (const l of this.listeners) l([]);
  }

  /** Recomputes the changed files; resolves when done. */
  refresh(): Promise<void> {
    if (this.refreshQueued) return this.refreshQueued;
    this.refreshing = this.refreshing.then(async () => {
      this.refreshQueued = undefined;
      const id = this.session.sessionId();
      if (!id) return;
      const files = await changedFiles(await this.session.storeFor(id), this.deps.reader).catch((err: unknown) => {
        this.deps.log.warn(`Could not list changed files: ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      });
      if (!files || id !== this.session.sessionId()) return;
      this.latest = files;
      for (const l of this.listeners) l(this.changed());
    }).catch((err: unknown) => {
      // A failing listener must not stop later refreshes.
      this.deps.log.error(`Changed-files listener failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    this.refreshQueued = this.refreshing;
    return this.refreshing;
  }
}
