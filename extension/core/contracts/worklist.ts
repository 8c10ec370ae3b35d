/**
 * The work list (TaskCreate / TaskGet / TaskList / TaskUpdate): tasks the model plans and tracks, kept per
 * session in the app state and shared by the main agent, its sub-agents and its teammates. Not to be confused
 * with background tasks (`core/engines/tasks/`), which are running things; a work item is only a note with a status.
 */

export type WorkItemStatus = 'pending' | 'in_progress' | 'completed';

export const WORK_ITEM_STATUSES: readonly WorkItemStatus[] = ['pending', 'in_progress', 'completed'];

/** Free-form data the model attaches to a task; JSON values only. */
export type WorkItemMetadata = Readonly<Record<string, unknown>>;

export interface WorkItem {
  /** "1", "2", …: a session-wide counter, never reused after a deletion. */
  id: string;
  subject: string;
  description: string;
  /** Present-tense text shown while the task is in progress ("Running the tests"). */
  activeForm?: string;
  status: WorkItemStatus;
  /** Ids of the tasks that cannot start before this one is done. */
  blocks: readonly string[];
  /** Ids of the tasks this one waits for. Always the mirror of the other tasks' `blocks`. */
  blockedBy: readonly string[];
  /** The agent or teammate working on it. */
  owner?: string;
  metadata?: WorkItemMetadata;
}

export interface WorkList {
  /** The id the next created task gets. */
  nextId: number;
  items: Readonly<Record<string, WorkItem>>;
}

export function emptyWorkList(): WorkList {
  return { nextId: 1, items: {} };
}
