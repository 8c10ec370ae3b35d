/**
 * The chat's checkpoints: follows the chat session (a user message starts a checkpoint, a new, resumed or
 * forked session switches stores), decorates the ports the file tools write through, and answers the
 * rewind and review questions the UI asks. The stores of the sessions are kept in sessionStores.ts, the
 * changed-files list in changedFilesFeed.ts; capture (a prompt's checkpoint, the tracked writes) is here.
 */
import type { Logger } from '../../contracts/settings';
import type { BashSnapshotPort } from '../../contracts/snapshots';
import type { SessionStorage } from '../../contracts/storage';
import type { NotebookPort, Workspace } from '../../contracts/workspace';
import { BashSnapshots } from './bashSnapshots';
import { ChangedFilesFeed } from './changedFilesFeed';
import { SessionStores, type SnapshotsOption } from './sessionStores';
import type { ContentHash, RestoreResult } from './store';
import { trackNotebooks, trackWorkspace, type WriteTracker } from './trackedPorts';
import type { ChangedFile, Checkpoint, FileReader, FileRestorer, PreImage, RewindPlan } from './types';

/** The part of a chat session the checkpoints follow (ChatSession has it). */
export interface CheckpointedSession {
  readonly sessionId: string;
  onEvent(listener: (e: { type: string; sessionId?: string; message?: { id: string; role: string; text: string } }) => void): () => void;
}

export interface SessionCheckpointsDeps {
  storageFor: (sessionId: string) => SessionStorage;
  /** Reads files for pre-images and hashes: the undecorated workspace. */
  reader: FileReader;
  restorer: FileRestorer;
  log: Logger;
  /**
   * Snapshots of the workspace's roots around Bash commands that may write (bashSnapshots.ts); absent: what
   * Bash changes is not checkpointed.
   */
  snapshots?: SnapshotsOption | undefined;
}

export class SessionCheckpoints {
  private sessionId = '';
  private readonly stores: SessionStores;
  private readonly files: ChangedFilesFeed;
  private readonly tracker: WriteTracker;
  private readonly bash: BashSnapshots;

  constructor(private readonly deps: SessionCheckpointsDeps) {
    this.stores = new SessionStores(deps);
    this.files = new ChangedFilesFeed({ sessionId: () => this.sessionId, storeFor: (id) => this.stores.get(id) }, deps);
    this.tracker = {
      current: () => (this.sessionId ? this.stores.get(this.sessionId) : Promise.resolve(undefined)),
      written: () => void this.refresh(),
      failed: (path, err) => this.deps.log.warn(`No checkpoint for ${path}: ${err instanceof Error ? err.message : String(err)}`),
    };
    this.bash = new BashSnapshots({
      sessionId: () => this.sessionId,
      store: (id) => this.stores.get(id),
      snapshotter: (id) => this.stores.snapshotter(id),
      reader: deps.reader,
      recorded: () => void this.refresh(),
      log: deps.log,
    });
  }

  /** The Bash tool's snapshots (ToolPorts.snapshots); undefined when they are off. */
  bashSnapshots(): BashSnapshotPort | undefined {
    return this.deps.snapshots ? this.bash : undefined;
  }

  /** Follows a chat session; returns the unsubscribe function. */
  attach(session: CheckpointedSession): () => void {
    this.switchTo(session.sessionId);
    return session.onEvent((e) => {
      if (e.type === 'reset' && e.sessionId) this.switchTo(e.sessionId);
      else if (e.type === 'messageAdded' && e.message?.role === 'user') {
        const { id, text } = e.message;
        void this.stores
          .get(this.sessionId)
          .then((s) => s.beginPrompt(id, text))
          .catch((err: unknown) => this.deps.log.warn(`Could not start a checkpoint: ${err instanceof Error ? err.message : String(err)}`));
      }
    });
  }

  workspace(workspace: Workspace): Workspace {
    return trackWorkspace(workspace, this.tracker);
  }

  notebooks(notebooks: NotebookPort, reader: Workspace): NotebookPort {
    return trackNotebooks(notebooks, reader, this.tracker);
  }

  /** The files changed so far (as of the last refresh). */
  changed(): ChangedFile[] {
    return this.files.changed();
  }

  /** Called with the changed files whenever they are recomputed. */
  onChanged(listener: (files: ChangedFile[]) => void): () => void {
    return this.files.onChanged(listener);
  }

  /** Recomputes the changed files (after writes, rewinds, session switches); resolves when done. */
  refresh(): Promise<void> {
    return this.files.refresh();
  }

  /**
   * What rewinding to before the user message would change; undefined when it has no checkpoint. `text`
   * and `repeatsFromEnd` find the checkpoint of a resumed session, whose entries have new ids.
   */
  async plan(promptId: string, text?: string, repeatsFromEnd = 1): Promise<RewindPlan | undefined> {
    return (await this.stores.get(this.sessionId)).plan(promptId, this.deps.reader, text, repeatsFromEnd);
  }

  /** The checkpoints of a session (the current one when omitted), oldest first. */
  async list(sessionId = this.sessionId): Promise<Checkpoint[]> {
    return (await this.stores.get(sessionId)).checkpoints();
  }

  /** Restores the plan's files; hand-edited ones only when `overwrite` names them. */
  async restore(plan: RewindPlan, overwrite: ReadonlySet<string>): Promise<RestoreResult> {
    const store = await this.stores.get(this.sessionId);
    return store.restore(plan, this.deps.reader, this.deps.restorer, overwrite);
  }

  /** Gives the forked session `newSessionId` the checkpoints of the prompts before `promptId`. */
  async prepareFork(newSessionId: string, promptId: string, restored: ReadonlyMap<string, ContentHash>): Promise<void> {
    const store = await this.stores.get(this.sessionId);
    await store.forkInto(this.deps.storageFor(newSessionId), promptId, restored);
    this.stores.forget(newSessionId);
  }

  /** A file's state at the session's start: its bytes, `absent`, or undefined when not kept. */
  async original(path: string): Promise<Uint8Array | 'absent' | undefined> {
    const store = await this.stores.get(this.sessionId);
    const pre: PreImage | undefined = store.sessionStart().get(path);
    if (!pre) return undefined;
    return pre.kind === 'absent' ? 'absent' : store.bytesOf(pre);
  }

  /**
   * The bytes a Bash command's change named as `before` (a git object id from the session's workspace
   * snapshots); undefined when snapshots are off or the store no longer has it.
   */
  async snapshotBlob(oid: string): Promise<Uint8Array | undefined> {
    return (await this.stores.get(this.sessionId)).gitBlob(oid);
  }

  /** The chat closes: the current session's snapshot index goes (its objects stay for a later rewind). */
  async dispose(): Promise<void> {
    if (this.sessionId) await this.stores.release(this.sessionId);
  }

  private switchTo(sessionId: string): void {
    if (sessionId === this.sessionId) return;
    // The session left keeps its checkpoints and blobs, not the index its snapshots compared against.
    if (this.sessionId) void this.stores.release(this.sessionId);
    this.sessionId = sessionId;
    this.files.clear();
    void this.refresh();
  }
}
