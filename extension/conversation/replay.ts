/**
 * A resumed chat's rows (docs/ARCHITECTURE.md, Resuming a chat): the stored transcript's messages become the loop
 * events that made them (transcriptEvents.ts) and go through the `TurnView` a live turn uses, with the records the
 * live rows left (rowRecords.ts) standing in for the tools' outputs. So a resumed chat shows every tool row with
 * its input and result, errors, plans, questions and sub-agents with their nested rows, as they were. Nothing
 * runs: no tool is called and no model is asked.
 */
import { mapLimited } from '../core/base/async';
import type { Message, ToolResultBlock } from '../core/base/messages';
import { toolResultText } from '../core/base/messages';
import type { QueryEvent } from '../core/contracts/events';
import type { TimelineItem } from '../core/engines/transcripts/transcript';
import type { Tools } from '../core/contracts/tool';
import type { ChatEntry, ChatMessage } from '../protocol/messages';
import { mailEntries, promptEntry } from './replayPrompts';
import { NOTE_RECORD, NoteRecordSchema, TOOL_RECORD, ToolRecordSchema, TURN_RECORD, TurnRecordSchema, type NoteRecord, type ToolRecord, type TurnRecord } from './rowRecords';
import { agentIdInResult, agentTranscriptOf, replayAgentRun, type StoredAgentRun } from './subAgentReplay';
import { TranscriptEvents } from './transcriptEvents';
import { TurnView } from './turnView';

export interface ReplayDeps {
  tools: Tools;
  /** The session's working directory, for the labels of calls that left no record. */
  cwd: string;
  newId: () => string;
  /** A file of the session's storage folder (a sub-agent's transcript); undefined when it is missing. */
  readStored?: (relativePath: string) => Promise<string | undefined>;
}

/** Sub-agent transcripts read at once. */
const READ_CONCURRENCY = 8;

/** The entries of a stored session, as the live chat showed them. */
export async function replaySession(timeline: readonly TimelineItem[], deps: ReplayDeps): Promise<ChatEntry[]> {
  const records = toolRecords(timeline);
  const runs = deps.readStored ? await agentRuns(timeline, records, deps.tools, deps.readStored) : new Map<string, StoredAgentRun>();
  return new Replay(deps, records, runs, turnPrompts(timeline)).fold(timeline);
}

/** Stored messages alone (no records, no sub-agent transcripts): the rows that can be rebuilt from them. */
export function replayMessages(messages: readonly Message[], deps: ReplayDeps): ChatEntry[] {
  const timeline = messages.map((message, i): TimelineItem => ({ kind: 'message', uuid: String(i), message }));
  return new Replay(deps, new Map(), new Map(), new Set()).fold(timeline);
}

function toolRecords(timeline: readonly TimelineItem[]): Map<string, ToolRecord> {
  const records = new Map<string, ToolRecord>();
  for (const item of timeline) {
    if (item.kind !== 'event' || item.name !== TOOL_RECORD) continue;
    const r = ToolRecordSchema.safeParse(item.data);
    if (r.success) records.set(r.data.toolUseId, r.data);
  }
  return records;
}

/** The prompts the turn records name: only those start a turn inside the part of the transcript they cover. */
function turnPrompts(timeline: readonly TimelineItem[]): Set<string> {
  const prompts = new Set<string>();
  for (const item of timeline) {
    const r = item.kind === 'event' && item.name === TURN_RECORD ? TurnRecordSchema.safeParse(item.data) : undefined;
    if (r?.success && r.data.prompt) prompts.add(r.data.prompt);
  }
  return prompts;
}

/**
 * Each foreground sub-agent run's progress, by tool_use id, read from the sub-agents' own transcripts: the calls
 * of a tool that runs a sub-agent (`Tool.subAgentView`, the Agent tool), by wire name as the rows are presented.
 */
async function agentRuns(timeline: readonly TimelineItem[], records: Map<string, ToolRecord>, tools: Tools, read: NonNullable<ReplayDeps['readStored']>): Promise<Map<string, StoredAgentRun>> {
  const agentCalls = new Set<string>();
  const wanted: { toolUseId: string; file: string }[] = [];
  for (const item of timeline) {
    if (item.kind !== 'message' || typeof item.message.content === 'string') continue;
    for (const b of item.message.content) {
      if (b.type === 'tool_use' && tools.find((t) => t.name === b.name)?.subAgentView) agentCalls.add(b.id);
      if (b.type !== 'tool_result' || !agentCalls.has(b.tool_use_id)) continue;
      const agentId = records.get(b.tool_use_id)?.agentId ?? agentIdInResult(resultText(b));
      const file = agentId ? agentTranscriptOf(agentId) : undefined;
      if (file) wanted.push({ toolUseId: b.tool_use_id, file });
    }
  }
  const runs = await mapLimited(wanted, READ_CONCURRENCY, async (w) => {
    const text = await read(w.file).catch(() => undefined);
    return text === undefined ? undefined : replayAgentRun(text, tools);
  });
  const byCall = new Map<string, StoredAgentRun>();
  wanted.forEach((w, i) => runs[i] && byCall.set(w.toolUseId, runs[i]));
  return byCall;
}

function resultText(block: ToolResultBlock): string {
  return block.content === undefined ? '' : toolResultText(block.content);
}

function hasToolResults(message: Message): boolean {
  return typeof message.content !== 'string' && message.content.some((b) => b.type === 'tool_result');
}

/** One pass over the timeline: prompts open turns, the turn's events go through its `TurnView`, turn records close them. */
class Replay {
  private readonly entries: ChatEntry[] = [];
  private turn: TurnView | undefined;
  /** The open turn began at a prompt a turn record names: user text before that record is the loop's own (never shown live). */
  private recordedTurn = false;
  /** The sub-agent clocks' "now": the stored run's start, so a finished row shows the run's own duration. */
  private clock = 0;
  private readonly events: TranscriptEvents;
  /** Notes recorded while no turn was open (a prompt hook's message): they belong to the next prompt's reply. */
  private pendingNotes: NoteRecord[] = [];

  constructor(
    private readonly deps: ReplayDeps,
    private readonly records: ReadonlyMap<string, ToolRecord>,
    private readonly runs: ReadonlyMap<string, StoredAgentRun>,
    private readonly prompts: ReadonlySet<string>,
  ) {
    this.events = new TranscriptEvents({
      tools: deps.tools,
      cwd: deps.cwd,
      started: (id) => {
        const r = records.get(id);
        return r && { toolName: r.name, summary: r.summary, activity: r.activity };
      },
    });
  }

  fold(timeline: readonly TimelineItem[]): ChatEntry[] {
    for (const item of timeline) {
      if (item.kind === 'event') this.event(item.name, item.data);
      else this.message(item.uuid, item.message);
    }
    this.turn?.finish('done');
    return this.entries;
  }

  private event(name: string, data: unknown): void {
    if (name === NOTE_RECORD) {
      const note = NoteRecordSchema.safeParse(data);
      if (note.success && this.turn) this.note(this.turn, note.data);
      else if (note.success) this.pendingNotes.push(note.data);
      return;
    }
    if (name !== TURN_RECORD) return;
    const r = TurnRecordSchema.safeParse(data);
    if (r.success) this.endTurn(r.data);
  }

  private note(turn: TurnView, note: NoteRecord): void {
    const call = note.toolUseId ? { toolUseId: note.toolUseId } : {};
    turn.apply(note.hookEvent ? { type: 'hookMessage', hookEvent: note.hookEvent, text: note.text, ...call } : { type: 'notice', text: note.text });
  }

  private message(uuid: string, message: Message): void {
    if (message.role === 'assistant') return this.apply(this.events.of(message));
    if (hasToolResults(message)) {
      this.apply(this.events.of(message));
      this.entries.push(...mailEntries(message, this.deps.newId));
      return;
    }
    // Text the loop sent on its own inside a recorded turn (a stop hook's reason, "continue", task notices) was never a row.
    if (this.recordedTurn && !this.prompts.has(uuid)) return;
    const entry = promptEntry(message, this.deps.newId());
    if (!entry) return;
    this.turn?.finish('done');
    this.entries.push(entry);
    this.recordedTurn = this.prompts.has(uuid);
    this.openTurn();
  }

  private endTurn(record: TurnRecord): void {
    this.turn?.finish(record.status, record.error);
    this.turn = undefined;
    this.recordedTurn = false;
  }

  private openTurn(): TurnView {
    const reply: ChatMessage = { id: this.deps.newId(), role: 'assistant', text: '', status: 'streaming' };
    this.entries.push(reply);
    this.turn = new TurnView(
      {
        push: (e) => this.entries.push(e),
        emit: () => {},
        newId: this.deps.newId,
        tools: this.deps.tools,
        recorded: (id) => this.records.get(id),
        now: () => this.clock,
      },
      reply,
    );
    for (const note of this.pendingNotes.splice(0)) this.note(this.turn, note);
    return this.turn;
  }

  /** Applies the events to the open turn (a reply with no stored prompt gets one), a sub-agent's run right after its start. */
  private apply(events: readonly QueryEvent[]): void {
    const turn = this.turn ?? this.openTurn();
    for (const event of events) {
      const tool = event.type === 'tool' ? event.event : undefined;
      const run = tool && this.runs.get(tool.toolUseId);
      if (run) this.clock = run.startedAt;
      turn.apply(event);
      if (!run || tool.type !== 'toolStarted') continue;
      for (const progress of run.progress) turn.apply({ type: 'tool', event: { type: 'toolProgress', toolUseId: tool.toolUseId, toolName: tool.toolName, progress } });
    }
  }
}
