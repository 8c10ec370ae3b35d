/**
 * The sidebar's view of an agent conversation: it runs turns on an `AgentSession` and turns the loop's
 * events into chat entries (user prompts, streamed assistant text and thinking, tool uses with their
 * progress and results, a status line, usage). `TurnView` does the per-turn folding.
 */
import type { AgentEvent, AgentSession, AgentSessionDeps, TurnOptions } from '../core/loop/session/agentSession';
import { runCommand, type Resolved } from '../core/loop/commands/dispatch';
import type { Command } from '../core/contracts/commands';
import { ChatCommands, type ChatCommandOptions } from './chatCommands';
import { AgentSession as Session } from '../core/loop/session/agentSession';
import type { UsageSnapshot } from '../core/loop/query/usage';
import type { ExternalPermissionMode, PermissionMode } from '../core/contracts/permissions';
import { taskRegistry } from '../core/engines/tasks/registry';
import { taskViews } from './history';
import { replaySession } from './replay';
import { copyAgentTranscripts, forkRecords } from './forkRecords';
import { NOTE_RECORD, TOOL_RECORD, TURN_RECORD, type TurnRecord } from './rowRecords';
import type { CronJob } from '../core/contracts/cron';
import { cronTaskViews } from './scheduledJobs';
import { IdleWake, type IdleWakeDeps } from './idleWake';
import type { CredentialsPort, Logger } from '../core/contracts/ports';
import { canJoinTurn, mailEntry, promptMail } from './midTurn';
import { PromptQueue, type ReturnedPrompts } from './promptQueue';
import { StateFeeds } from './stateFeeds';
import { TurnView } from './turnView';
import type { Message } from '../core/base/messages';
import type { TodoItem } from '../core/contracts/appState';
import { restoreTodos } from './todos';
import { restoreWorkList } from './workListHistory';
import { forkPoint, forkSession } from '../core/loop/session/fork';
import { buildUserPrompt, mentionAccess, needsResolving, plainPrompt, type ImageAttachment } from './userPrompt';
import type { ChatEntry, ChatMessage, QueuedPromptView, TaskView, Usage, WorkItemView } from '../protocol/messages';
import { workListViews } from './workList';
import type { ChatEvent } from './events';

export type { ChatEvent } from './events';

export interface ChatSessionDeps {
  agent: Omit<AgentSessionDeps, 'newId'>;
  credentials: CredentialsPort;
  log: Logger;
  newId: () => string;
  /** Test seam: the idle wake's debounce and its limit of automatic turns in a row (idleWake.ts). */
  wake?: Pick<IdleWakeDeps, 'delayMs' | 'maxAutoTurns'>;
  /** `#` notes (core/engines/memory/notes.ts): the reply when the prompt was one and went to a memory file, else undefined. */
  memoryNotes?: (prompt: string) => Promise<string | undefined>;
  /** Command loaders, hooks and home folder for the slash commands (chat/chatCommands.ts). */
  commands?: ChatCommandOptions;
}

/** What a turn sends: its content, and the turn options a prompt command brings (allowed tools, model). */
type TurnInput = string | Message['content'] | { content: Message['content']; options: TurnOptions };

export class ChatSession {
  private entries: ChatEntry[] = [];
  private readonly listeners = new Set<(e: ChatEvent) => void>();
  private agent: AgentSession;
  private lastUsage: Usage | undefined;
  /** Set synchronously when a send starts, so a second send cannot slip in before the turn begins. */
  private sending = false;
  private readonly queue = new PromptQueue((queue) => {
    this.emit({ type: 'queueChanged', queue });
  });
  /** Stop pressed before the turn's abort controller existed: honoured at the turn's first event. */
  private stopRequested = false;
  private readonly feeds = new StateFeeds();
  /** Starts a turn when background work ends or mail arrives while idle (docs/ARCHITECTURE.md, Background tasks). */
  private readonly wake: IdleWake;
  private unwatchMail: () => void = () => {};
  /** The slash commands: registry, built-ins, panels, config problems (docs/ARCHITECTURE.md, Slash commands). */
  readonly commands: ChatCommands;

  constructor(private readonly deps: ChatSessionDeps) {
    this.agent = new Session({ ...deps.agent, newId: deps.newId });
    this.commands = new ChatCommands({ target: this, agent: deps.agent, log: deps.log, emit: (e) => this.emit(e), ...(deps.commands ? { options: deps.commands } : {}) });
    this.wake = new IdleWake({
      ...deps.wake,
      tasks: () => this.agent.appState.getState().tasks,
      mailWaiting: () => this.agent.waitingMail(),
      idle: () => !this.sending,
      wake: (note) => this.wakeUp(note),
      limited: (max) => this.add({ id: this.deps.newId(), role: 'assistant', text: autoTurnLimitNote(max), status: 'done' }),
    });
    this.watchTasks();
    this.cron?.setFireHandler((job) => this.fireScheduled(job));
    this.cron?.onChange(() => this.feeds.announceTasks(this.tasks()));
    this.feeds.onTasks(() => this.wake.check());
    this.onEvent((e) => e.type === 'busyChanged' && !e.busy && this.wake.check());
  }

  /** The window's scheduled jobs (CronCreate), when the host has a scheduler. */
  private get cron() {
    return this.deps.agent.toolPorts.cron;
  }

  /** A scheduled job fired (docs/ARCHITECTURE.md, "Scheduled and watched work"): sent now when idle, else queued behind the turn. */
  private fireScheduled(job: CronJob): void {
    this.deps.log.info(`Scheduled job ${job.id} (${job.cron}) fired.`);
    if (this.sending) return this.queue.add({ id: this.deps.newId(), text: job.prompt, images: [], source: 'schedule' });
    void this.submit(job.prompt);
  }

  /** The window's permission mode; `default` when the session runs without a permission holder. */
  get permissionMode(): PermissionMode {
    return this.deps.agent.permissions?.current().mode ?? 'default';
  }

  /** Changes the window's mode; the next tool call decides under it. */
  setPermissionMode(mode: ExternalPermissionMode): void {
    this.deps.agent.permissions?.update((ctx) => ({ ...ctx, mode }));
  }

  /** Background tasks of the session (Bash `run_in_background`, monitors), oldest first, then the scheduled jobs. */
  tasks(): TaskView[] {
    return [...taskViews(this.agent.appState.getState().tasks), ...cronTaskViews(this.cron?.list() ?? [])];
  }

  /** Called with the task list whenever it changes within a session (a new session comes with `reset`). */
  onTasksChanged(listener: (tasks: TaskView[]) => void): () => void {
    return this.feeds.onTasks(listener);
  }

  /** The main agent's TodoWrite list (kept under its agent id, else the session id; sub-agents keep their own). */
  todos(): TodoItem[] {
    const key = this.deps.agent.agentId ?? this.agent.sessionId;
    return (this.agent.appState.getState().todos[key] ?? []).map((t) => ({ ...t }));
  }

  /** Called with the todo list whenever it changes within a session (a new session comes with `reset`). */
  onTodosChanged(listener: (todos: TodoItem[]) => void): () => void {
    return this.feeds.onTodos(listener);
  }

  /** A task's transcript file and description, for the task panel's "Open transcript"; undefined when it has none. */
  taskTranscript(taskId: string): { path: string; description: string } | undefined {
    const task = this.agent.appState.getState().tasks[taskId];
    return task?.transcriptPath ? { path: task.transcriptPath, description: task.description } : undefined;
  }

  /** The session's work list (TaskCreate …), one for the main agent, its sub-agents and teammates. */
  workList(): WorkItemView[] {
    return workListViews(this.agent.appState.getState().workList);
  }

  /** Called with the work list whenever it changes within a session (a new session comes with `reset`). */
  onWorkListChanged(listener: (workList: WorkItemView[]) => void): () => void {
    return this.feeds.onWorkList(listener);
  }

  /** Kills one background task; unknown or finished tasks are ignored. */
  async stopTask(taskId: string): Promise<void> {
    if (this.cron?.delete(taskId)) return;
    const store = this.agent.appState;
    await taskRegistry.killTask(taskId, { getAppState: () => store.getState(), setAppState: (f) => store.setState(f) });
  }

  /**
   * Replaces the conversation with a stored one, its rows rebuilt as the live chat showed them: prompts, replies,
   * every tool row with its result, sub-agents with their nested rows (replay.ts). Nothing runs again.
   */
  async resume(sessionId: string): Promise<string[]> {
    this.stop();
    const { session, warnings, timeline } = await Session.resume({ ...this.deps.agent, newId: this.deps.newId }, sessionId);
    restoreTodos(session.appState, this.deps.agent.agentId ?? session.sessionId, session.history);
    restoreWorkList(session.appState, session.history);
    for (const w of warnings) this.deps.log.warn(`Resuming ${sessionId}: ${w}`);
    const storage = this.deps.agent.storageFor(session.sessionId);
    const { tools, cwd } = this.deps.agent;
    const entries = await replaySession(timeline, { tools, cwd, newId: this.deps.newId, readStored: (file) => storage.readText(file) });
    this.switchTo(session, entries);
    return warnings;
  }

  get sessionId(): string {
    return this.agent.sessionId;
  }

  /** The agent session the chat currently runs on (it changes on /clear, resume and rewind). */
  get agentSession(): AgentSession {
    return this.agent;
  }

  /** `/compact`: summarizes the older turns now, with the status line showing meanwhile. */
  async compactNow(instructions?: string): Promise<{ summarizedCount: number }> {
    this.emit({ type: 'status', text: 'Compacting the conversation…' });
    try {
      return await this.agent.compact(instructions);
    } finally {
      this.emit({ type: 'status', text: null });
    }
  }

  get busy(): boolean {
    return this.sending;
  }

  get usage(): Usage | undefined {
    return this.lastUsage;
  }

  /** The API conversation (for tests and resume). */
  get history() {
    return this.agent.history;
  }

  /** Every entry (messages and tool uses) in order; a deep copy, so callers cannot mutate the session. */
  allEntries(): ChatEntry[] {
    return structuredClone(this.entries);
  }

  /** The user and assistant messages only (a copy). */
  messages(): ChatMessage[] {
    return this.entries.filter((e): e is ChatMessage => e.role !== 'tool').map((e) => structuredClone(e));
  }

  onEvent(listener: (e: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends now or, while a turn runs, queues the prompt: the turn takes it at its next tool boundary, after the
   * running tools finished (see midTurn.ts); what is left goes out one per finished turn, in order. With
   * `interrupt` (the composer's "Send now") it also cancels the running 'cancel' tools so the boundary comes
   * at once. Stop hands queued prompts back instead (see `stop`). Resolves when the queue is empty.
   */
  async submit(text: string, images: readonly ImageAttachment[] = [], opts: { interrupt?: boolean } = {}): Promise<void> {
    this.wake.userPrompted();
    if (this.sending) {
      const queued = { id: this.deps.newId(), text, images };
      this.queue.add(queued);
      // Only when the turn will take it: a prompt behind one that waits for the next turn waits too.
      if (opts.interrupt && this.queue.every(canJoinTurn)) this.agent.interrupt();
      return;
    }
    await this.send(text, images);
    await this.drain();
  }

  /** Sends what was queued behind the turn that just ended, one turn each, until the queue is empty. */
  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.sending ? undefined : this.queue.shift()) {
      await this.send(next.text, next.images);
    }
  }

  /** Prompts waiting for the running turn to end. */
  queued(): QueuedPromptView[] {
    return this.queue.views();
  }

  /** Cancels one queued prompt; unknown ids (already sent) are ignored. */
  removeQueued(id: string): void {
    this.queue.remove(id);
  }

  /**
   * Sends a prompt and streams the reply. Resolves when the turn ends, however it ends. A slash command runs
   * as what it is (chat/chatCommands.ts): a prompt command's expansion is the turn's content, a local one
   * answers without the model, a panel opens, and an unknown one says so and sends nothing.
   */
  async send(text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    this.begin();
    let resolved: Resolved;
    try {
      resolved = await this.commands.resolve(text);
    } catch (err) {
      this.end();
      throw err;
    }
    if (resolved.type === 'unknown') {
      this.add({ id: this.deps.newId(), role: 'user', text, status: 'done' });
      this.add({ id: this.deps.newId(), role: 'assistant', text: resolved.message, status: 'done' });
      return this.end();
    }
    if (resolved.type === 'found' && resolved.command.type !== 'prompt') return this.runLocal(text, resolved.command, resolved.args);
    if (resolved.type === 'none' && (await this.saveMemoryNote(text))) return;
    const command = resolved.type === 'found' ? resolved.command : undefined;
    // Mentioned files are read before the entry shows, so it carries their chips; other prompts show at once.
    const prompt = needsResolving(text) && !command
      ? await buildUserPrompt(text, images, mentionAccess(this.agent.toolContext())).catch(() => plainPrompt(text, images))
      : plainPrompt(text, images);
    this.add({ id: this.deps.newId(), role: 'user', text, status: 'done', ...(prompt.attachments.length ? { attachments: prompt.attachments } : {}) });
    await this.play(async () => {
      if (!(await this.deps.credentials.getApiKey())) {
        throw new Error('No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
      }
      if (!command || resolved.type !== 'found') return prompt.content;
      const outcome = await runCommand(command, resolved.args, this.commands.context(new AbortController().signal));
      if (outcome.type !== 'prompt') throw new Error(outcome.type === 'failed' ? outcome.message : `/${command.name} produced no prompt.`);
      const imageBlocks = Array.isArray(prompt.content) ? prompt.content.filter((b) => b.type === 'image') : [];
      return { content: [...outcome.content, ...imageBlocks], options: { allowedTools: outcome.allowedTools, ...(outcome.model ? { model: outcome.model } : {}) } };
    });
  }

  /** A `local` or `local-jsx` command (chat/chatCommands.ts), the chat busy until it ends. */
  private async runLocal(text: string, command: Command, args: string): Promise<void> {
    try {
      await this.commands.runLocal(text, command, args, { add: (entry) => this.add(entry), newId: this.deps.newId });
    } finally {
      this.end();
    }
  }

  /** A `#` note (core/engines/memory/notes.ts) goes to the memory file the user picks, not to the model; true when it was one. */
  private async saveMemoryNote(text: string): Promise<boolean> {
    const saved = await this.deps.memoryNotes?.(text).catch((err: unknown) => `Not saved to memory: ${err instanceof Error ? err.message : String(err)}`);
    if (saved === undefined) return false;
    this.add({ id: this.deps.newId(), role: 'user', text, status: 'done' });
    this.add({ id: this.deps.newId(), role: 'assistant', text: saved, status: 'done' });
    this.end();
    return true;
  }

  /** The chat is idle again (the counterpart of `begin`). */
  private end(): void {
    this.sending = false;
    this.stopRequested = false;
    this.emit({ type: 'busyChanged', busy: false });
  }

  /**
   * An idle wake (idleWake.ts): a turn of the main agent's own whose content is what waited for it (task
   * notifications, monitor lines, mail). Resolves false when none ran; prompts queued meanwhile go out after.
   */
  private async wakeUp(note: string): Promise<boolean> {
    if (this.sending || !(await this.deps.credentials.getApiKey())) return false;
    const wake = this.sending ? undefined : this.agent.takeWake();
    if (!wake) return false;
    this.begin();
    if (note) this.add({ id: this.deps.newId(), role: 'user', text: note, status: 'done' });
    for (const m of wake.mail) this.add(mailEntry(m, this.deps.newId()));
    await this.play(async () => wake.content);
    await this.drain();
    return true;
  }

  /** Marks the chat busy; synchronous, so a second turn cannot slip in before this one begins. */
  private begin(): void {
    if (this.sending) throw new Error('A turn is already running; stop it or wait for it to finish.');
    this.sending = true;
    this.emit({ type: 'busyChanged', busy: true });
  }

  /**
   * Runs one turn under a new assistant entry: `prepare` returns the turn's content (with a prompt command's
   * turn options). Errors end the turn as an error; the chat is idle again after.
   */
  private async play(prepare: () => Promise<TurnInput>): Promise<void> {
    const reply: ChatMessage = { id: this.deps.newId(), role: 'assistant', text: '', status: 'streaming' };
    this.add(reply);
    const agent = this.agent;
    const turn = new TurnView(
      { push: (e) => this.entries.push(e), emit: (e) => this.emit(e), newId: this.deps.newId, tools: this.deps.agent.tools, record: (r) => this.record(agent, TOOL_RECORD, r) },
      reply,
    );
    let finished: TurnRecord | undefined;
    const finish = (status: TurnRecord['status'], error?: string) => {
      turn.finish(status, error);
      finished = { status, ...(error !== undefined ? { error } : {}) };
    };
    let ran = false;
    try {
      const input = await prepare();
      const { content, options } = typeof input === 'object' && !Array.isArray(input) ? input : { content: input, options: {} };
      const takePrompts = () => this.queue.takeLeading(canJoinTurn).map(promptMail);
      ran = true;
      for await (const event of agent.runTurn(content, { ...options, takePrompts })) {
        if (this.stopRequested) agent.stop();
        if (event.type === 'mail') for (const m of event.messages) this.add(mailEntry(m, this.deps.newId()));
        turn.apply(event);
        if (event.type === 'hookMessage') void this.record(agent, NOTE_RECORD, { hookEvent: event.hookEvent, text: event.text });
        if (event.type === 'notice') void this.record(agent, NOTE_RECORD, { text: event.text });
        const outcome = this.outcome(event);
        if (outcome && !finished) finish(outcome.status, outcome.error);
      }
      if (!finished) finish('done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.error(`Turn failed: ${message}`);
      if (!finished) finish('error', message);
    } finally {
      this.emit({ type: 'status', text: null });
      // How the turn ended, for a resumed chat (rowRecords.ts); a turn that never reached the session left nothing to show.
      if (ran && finished) await this.record(agent, TURN_RECORD, { ...finished, ...(agent.promptUuid ? { prompt: agent.promptUuid } : {}) });
      this.end();
    }
  }

  /** Writes a record for a resumed chat's rows; a failure costs only the record (the row then shows its text). */
  private record(agent: AgentSession, name: string, data: unknown): Promise<void> {
    return agent.recordEvent(name, data).catch((err: unknown) => {
      this.deps.log.warn(`Could not record ${name}: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** Stops the running turn; prompts queued behind it go back to the composer (`takeReturned`), unsent. */
  stop(): void {
    if (!this.sending) return;
    this.stopRequested = true;
    if (this.queue.returnAll()) this.emit({ type: 'promptsReturned' });
    this.agent.stop();
  }

  /** Prompts a Stop took off the queue, once: the view puts them back into the composer. */
  takeReturned(): ReturnedPrompts | undefined {
    return this.queue.takeReturned();
  }

  /** Ends the chat: nothing wakes it any more, and the session's turn and background tasks stop. */
  async dispose(): Promise<void> {
    this.wake.dispose();
    this.unwatchMail();
    this.stop();
    await this.agent.dispose();
  }

  /** Starts a new conversation; a running turn is stopped first. */
  reset(): void {
    this.stop();
    this.switchTo(new Session({ ...this.deps.agent, newId: this.deps.newId }), []);
  }

  /**
   * "Rewind to here": continues in a new session `newSessionId` holding the conversation before the user
   * message `entryId` (the old transcript is kept). Returns the message's text for the composer.
   */
  async forkBefore(entryId: string, newSessionId: string): Promise<string> {
    if (this.sending) throw new Error('A turn is running; stop it before rewinding.');
    const point = forkPoint(this.entries, this.agent.history, entryId);
    if (!point) throw new Error('That message is no longer in the conversation the model sees (it was compacted); it cannot be rewound to.');
    const kept = this.agent.history.slice(0, point.historyIndex);
    const entries = this.entries.slice(0, point.entryIndex);
    const { storageFor } = this.deps.agent;
    // Without them the fork still resumes, its Agent rows then without their nested rows.
    await copyAgentTranscripts(entries, storageFor(this.agent.sessionId), storageFor(newSessionId)).catch((err: unknown) =>
      this.deps.log.warn(`Could not copy the sub-agent transcripts to the rewound session: ${err instanceof Error ? err.message : String(err)}`),
    );
    const agent = await forkSession({ ...this.deps.agent, newId: this.deps.newId }, kept, newSessionId, forkRecords(entries, kept));
    this.switchTo(agent, entries);
    return point.text;
  }

  /**
   * Continues with another agent session (new, resumed or forked) and its entries; the old one is
   * disposed (its background tasks killed), queued prompts are dropped, and `reset` makes the view ask
   * for a fresh snapshot.
   */
  private switchTo(agent: AgentSession, entries: ChatEntry[]): void {
    void this.agent.dispose();
    this.wake.reset();
    this.cron?.clearSessionJobs();
    this.agent = agent;
    this.watchTasks();
    this.entries = entries;
    this.lastUsage = undefined;
    this.queue.clear();
    this.emit({ type: 'reset', sessionId: agent.sessionId });
  }

  private watchTasks(): void {
    this.feeds.follow(this.agent.appState, () => this.todos(), () => this.tasks());
    this.unwatchMail();
    this.unwatchMail = this.agent.onMail(() => this.wake.check());
  }

  /** Session-level effects of one loop event; returns how the turn ended when it did. */
  private outcome(event: AgentEvent): { status: Exclude<ChatMessage['status'], 'streaming'>; error?: string } | undefined {
    switch (event.type) {
      case 'status':
        this.emit({ type: 'status', text: event.text });
        return undefined;
      case 'usageSnapshot':
        this.lastUsage = toUsage(event.snapshot);
        this.emit({ type: 'usage', usage: this.lastUsage });
        return undefined;
      case 'error':
        this.deps.log.error(`Model request failed: ${event.message}`);
        return { status: 'error', error: event.message };
      case 'done':
        if (event.reason === 'aborted') return { status: 'stopped' };
        if (event.reason === 'error') return undefined; // already finished by the error event
        if (event.reason === 'max_turns') return { status: 'error', error: `Stopped after ${event.turns} tool rounds (the maximum for one turn).` };
        return { status: 'done' };
      default:
        return undefined;
    }
  }

  private add(entry: ChatMessage): void {
    this.entries.push(entry);
    this.emit({ type: 'messageAdded', message: { ...entry } });
  }

  private emit(event: ChatEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        this.deps.log.error(`Chat listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

/** What the chat says when the limit of automatic turns stopped a wake. */
function autoTurnLimitNote(max: number): string {
  return `Paused: ${max} turns in a row started on their own (background results, messages between agents) without a prompt from you. What arrives now waits for your next message.`;
}

function toUsage(s: UsageSnapshot): Usage {
  return {
    inputTokens: s.session.inputTokens,
    outputTokens: s.session.outputTokens,
    cacheReadInputTokens: s.session.cacheReadInputTokens,
    cacheCreationInputTokens: s.session.cacheCreationInputTokens,
    costUsd: s.session.costUsd,
    contextFill: s.contextFill,
  };
}
