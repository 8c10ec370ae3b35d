/**
 * "Rewind to here" (free of `vscode`, so unit tests drive it): plan which files change, ask the user (a
 * modal in VS Code, a stub in tests), restore the files, then fork the conversation before the message.
 * Files the user changed after the session wrote them are only overwritten when the answer names them.
 */
import type { ChatSession } from '../../conversation/chatSession';
import { forkPoint } from '../../core/loop/session/fork';
import type { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';
import type { Logger } from '../../core/contracts/settings';

/** What the confirmation shows. Paths are absolute. */
export interface RewindSummary {
  promptText: string;
  /** Put back to their content before the message. */
  restore: string[];
  /** Created after the message: deleted. */
  remove: string[];
  /** Changed by hand since the session wrote them: left alone unless the answer names them. */
  handEdited: string[];
  /** Too large to have been kept: left as they are. */
  tooLarge: string[];
  /** The message has no checkpoint (an older session): only the conversation is rewound. */
  noCheckpoint: boolean;
}

export interface RewindAnswer {
  proceed: boolean;
  /** Hand-edited files the user explicitly chose to overwrite. */
  overwrite: string[];
}

export type ConfirmRewind = (summary: RewindSummary) => Promise<RewindAnswer>;

export interface RewindDeps {
  session: ChatSession;
  checkpoints: SessionCheckpoints;
  confirm: ConfirmRewind;
  /** Shows a message to the user (not modal). */
  notify: (message: string) => void;
  newId: () => string;
  log: Logger;
}

/** The outcome, for callers and tests; `draft` is the prompt text to put back into the composer. */
export type RewindOutcome =
  | { done: true; draft: string; sessionId: string; restored: string[]; kept: string[]; tooLarge: string[] }
  | { done: false; reason: string };

export async function rewindTo(messageId: string, deps: RewindDeps): Promise<RewindOutcome> {
  const { session, checkpoints } = deps;
  const refuse = (reason: string): RewindOutcome => {
    deps.notify(reason);
    return { done: false, reason };
  };
  if (session.busy) return refuse('A turn is running. Stop it before rewinding.');
  const entries = session.allEntries();
  const entry = entries.find((e) => e.id === messageId && e.role === 'user');
  if (!entry || entry.role !== 'user') return refuse('That message is not in this conversation any more.');
  if (!forkPoint(entries, session.history, messageId)) {
    return refuse('That message was compacted into a summary, so the conversation cannot be rewound to it.');
  }
  const repeatsFromEnd = entries.slice(entries.indexOf(entry)).filter((e) => e.role === 'user' && e.text === entry.text).length;
  const plan = await checkpoints.plan(messageId, entry.text, repeatsFromEnd);
  const files = plan?.files ?? [];
  const summary: RewindSummary = {
    promptText: entry.text,
    restore: files.filter((f) => f.action === 'restore' && !f.changedSince).map((f) => f.path),
    remove: files.filter((f) => f.action === 'delete' && !f.changedSince).map((f) => f.path),
    handEdited: files.filter((f) => f.changedSince).map((f) => f.path),
    tooLarge: plan?.tooLarge ?? [],
    noCheckpoint: !plan,
  };
  const answer = await deps.confirm(summary);
  if (!answer.proceed) return { done: false, reason: 'cancelled' };
  // The confirmation may have been open for a while.
  if (session.busy) return refuse('A turn started while the confirmation was open; nothing was rewound.');
  const overwrite = new Set(answer.overwrite.filter((p) => summary.handEdited.includes(p)));
  const result = plan ? await checkpoints.restore(plan, overwrite) : { restored: new Map<string, string>(), kept: [] };
  const sessionId = deps.newId();
  await checkpoints.prepareFork(sessionId, plan?.promptId ?? messageId, result.restored);
  const draft = await session.sessions.forkBefore(messageId, sessionId);
  await checkpoints.refresh();
  if (result.kept.length) {
    deps.notify(`Rewound. ${result.kept.length} file(s) you changed after the agent were left as they are: ${result.kept.join(', ')}`);
  }
  deps.log.info(`Rewound to before message ${messageId}: ${result.restored.size} file(s) restored; continuing as session ${sessionId}.`);
  return { done: true, draft, sessionId, restored: [...result.restored.keys()], kept: result.kept, tooLarge: summary.tooLarge };
}
