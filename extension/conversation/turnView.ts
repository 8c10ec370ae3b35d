/**
 * Folds one turn's loop events into chat entries. Assistant output is split into segments around tool uses
 * (text, then the tools it called, then the text after them), so the conversation reads in the order it
 * happened. Segments stay `streaming` until the turn ends: the turn, not the segment, is what is running.
 */
import type { AgentEvent } from '../core/loop/session/agentSession';
import { isRecord } from '../core/base/isRecord';
import type { ToolExecutionEvent } from '../core/contracts/events';
import { findToolByName, type AnyTool, type Tools } from '../core/contracts/tool';
import { capInput, presentProgress, presentSubAgentEnd, presentSubAgentProgress, presentToolResult } from './toolViews/present';
import { MAX_NOTICE_CHARS, type ChatEntry, type ChatMessage, type NoticeEntry, type ToolEntry } from '../protocol/messages';
import type { ChatEvent } from './events';
import { toolRecord, type ToolRecord } from './rowRecords';

export interface TurnHost {
  /** Appends to the session's entries (announcing it is the turn's job). */
  push(entry: ChatEntry): void;
  emit(event: ChatEvent): void;
  newId(): string;
  /** The tools the session offers: each presents its own results. */
  tools: Tools;
  /** Live: stores a finished row's record in the transcript, so a resumed chat shows it the same (rowRecords.ts). */
  record?(record: ToolRecord): void;
  /** Replay: the record the live row left, if any (extension/conversation/replay.ts). */
  recorded?(toolUseId: string): ToolRecord | undefined;
  /** Epoch ms for the sub-agent clocks; the replay gives the stored run's time. Date.now by default. */
  now?(): number;
}

type Final = Exclude<ChatMessage['status'], 'streaming'>;

/** Where an attempt started, so a discarded attempt can be taken back. */
interface AttemptMark {
  segment: ChatMessage | undefined;
  textLength: number;
  thinkingLength: number;
}

export class TurnView {
  private readonly segments: ChatMessage[];
  /** The segment new text goes to; undefined once a tool entry follows it. */
  private open: ChatMessage | undefined;
  private readonly tools = new Map<string, ToolEntry>();
  /** tool_use inputs from the assistant messages, by id, uncapped (`Tool.present` needs e.g. Bash's command). */
  private readonly inputs = new Map<string, Record<string, unknown>>();
  private mark: AttemptMark | undefined;
  private firstDeltaOfAttempt = false;

  constructor(
    private readonly host: TurnHost,
    first: ChatMessage,
  ) {
    this.segments = [first];
    this.open = first;
  }

  /** The segment that carries the turn's outcome. */
  get last(): ChatMessage {
    return this.segments[this.segments.length - 1]!;
  }

  apply(event: AgentEvent): void {
    switch (event.type) {
      case 'requestStart':
        this.mark = { segment: this.open, textLength: this.open?.text.length ?? 0, thinkingLength: this.open?.thinking?.length ?? 0 };
        this.firstDeltaOfAttempt = true;
        return;
      case 'textDelta':
        return this.text(event.text);
      case 'thinkingDelta': {
        const seg = this.segment();
        seg.thinking = (seg.thinking ?? '') + event.thinking;
        this.host.emit({ type: 'thinkingDelta', messageId: seg.id, text: event.thinking });
        return;
      }
      case 'attemptDiscarded':
        return this.discard();
      case 'assistantMessage':
        for (const b of event.message.content) if (b.type === 'tool_use' && isRecord(b.input)) this.inputs.set(b.id, b.input);
        return;
      case 'tool':
        return this.tool(event.event);
      case 'hookMessage':
        // A hook's message for the user (its `systemMessage`, a failure, a blocked stop): a notice row, never sent to the model.
        return this.notice({ text: event.text, hookEvent: event.hookEvent, ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}) });
      case 'notice':
        // How the turn runs (the fallback model took over, the spending limit): a notice row, never sent to the model.
        return this.notice({ text: event.text });
      default:
        return;
    }
  }

  /** Ends the turn: tools still running are stopped; the last segment takes the outcome, earlier ones are done. */
  finish(status: Final, error?: string): void {
    for (const t of this.tools.values()) {
      if (t.status !== 'running') continue;
      t.status = 'stopped';
      this.host.emit({ type: 'toolStopped', toolUseId: t.id });
      if (t.agent) this.setAgent(t, presentSubAgentEnd(this.toolOf(t), t.agent, this.now()));
    }
    // An error or a stop after tools belongs below them, where the user is looking.
    if (status !== 'done' && !this.open && this.last.status === 'streaming') this.segment();
    for (const seg of this.segments) {
      if (seg.status !== 'streaming') continue;
      const s = seg === this.last ? status : 'done';
      const e = seg === this.last ? error : undefined;
      seg.status = s;
      if (e !== undefined) seg.error = e;
      this.host.emit({ type: 'messageFinished', messageId: seg.id, status: s, ...(e !== undefined ? { error: e } : {}) });
    }
  }

  private text(text: string): void {
    const seg = this.segment();
    // A new request continuing the same segment (max_tokens, pause_turn) starts a new paragraph.
    const sep = this.firstDeltaOfAttempt && seg.text !== '' && !seg.text.endsWith('\n\n') ? '\n\n' : '';
    this.firstDeltaOfAttempt = false;
    seg.text += sep + text;
    this.host.emit({ type: 'assistantDelta', messageId: seg.id, text: sep + text });
  }

  /** A notice row after what the turn showed so far; text after it opens a new segment below it. */
  private notice(fields: Omit<NoticeEntry, 'id' | 'role'>): void {
    const entry: NoticeEntry = { id: this.host.newId(), role: 'notice', ...fields, text: fields.text.slice(0, MAX_NOTICE_CHARS) };
    this.open = undefined;
    this.host.push(entry);
    this.host.emit({ type: 'noticeAdded', notice: { ...entry } });
  }

  private discard(): void {
    const mark = this.mark;
    // The attempt either continued the segment open when it started or opened a new one.
    const seg = this.open ?? mark?.segment;
    if (!seg) return;
    const keepsMark = mark?.segment === seg;
    seg.text = keepsMark ? seg.text.slice(0, mark.textLength) : '';
    const thinking = keepsMark ? (seg.thinking ?? '').slice(0, mark.thinkingLength) : '';
    if (thinking) seg.thinking = thinking;
    else delete seg.thinking;
    this.firstDeltaOfAttempt = true;
    this.host.emit({ type: 'assistantText', messageId: seg.id, text: seg.text, ...(seg.thinking !== undefined ? { thinking: seg.thinking } : {}) });
  }

  private segment(): ChatMessage {
    if (this.open) return this.open;
    const seg: ChatMessage = { id: this.host.newId(), role: 'assistant', text: '', status: 'streaming' };
    this.segments.push(seg);
    this.open = seg;
    this.host.push(seg);
    this.host.emit({ type: 'messageAdded', message: { ...seg } });
    return seg;
  }

  private tool(e: ToolExecutionEvent): void {
    switch (e.type) {
      case 'toolStarted':
        this.start(e.toolUseId, e.toolName, e.summary, e.activity);
        return;
      case 'toolProgress': {
        const entry = this.tools.get(e.toolUseId);
        // A tool that runs a sub-agent folds its progress into the view nested under its row.
        const agent = entry?.status === 'running' ? presentSubAgentProgress(this.toolOf(entry), entry.agent, e.progress, this.now()) : undefined;
        if (entry && agent) return this.setAgent(entry, agent);
        const progress = presentProgress(e.progress);
        if (!entry || !progress || entry.status !== 'running') return;
        entry.progress = progress;
        this.host.emit({ type: 'toolProgress', toolUseId: entry.id, progress });
        return;
      }
      case 'toolFinished': {
        // Unknown tools and invalid input fail before they start: they still get a row.
        const entry = this.tools.get(e.toolUseId) ?? this.start(e.toolUseId, e.toolName, null, null);
        // By wire name, not alias: an entry named by an alias is a call that failed before it started, shown as text.
        const tool = this.host.tools.find((t) => t.name === entry.name);
        const recorded = this.host.recorded?.(entry.id);
        const result = presentToolResult(tool, this.inputs.get(entry.id) ?? {}, e.result, e.output, recorded);
        if (entry.agent) this.setAgent(entry, presentSubAgentEnd(this.toolOf(entry), entry.agent, this.now(), result.data));
        entry.result = result;
        entry.status = result.isError ? 'error' : 'done';
        delete entry.progress;
        this.host.emit({ type: 'toolResult', toolUseId: entry.id, result });
        if (!recorded) this.host.record?.(toolRecord(entry, e.result, result));
        return;
      }
    }
  }

  private now(): number {
    return this.host.now?.() ?? Date.now();
  }

  /** The tool of a row by wire name or alias (its sub-agent view works for a call under an older name too). */
  private toolOf(entry: ToolEntry): AnyTool | undefined {
    return findToolByName(this.host.tools, entry.name);
  }

  /** The sub-agent view of a row whose tool runs one changed (`Tool.subAgentView`, e.g. extension/tools/Agent/subAgentView.ts). */
  private setAgent(entry: ToolEntry, agent: NonNullable<ToolEntry['agent']>): void {
    entry.agent = agent;
    this.host.emit({ type: 'toolAgentUpdated', toolUseId: entry.id, agent });
  }

  private start(id: string, name: string, summary: string | null, activity: string | null): ToolEntry {
    const existing = this.tools.get(id);
    if (existing) return existing;
    const input = capInput(this.inputs.get(id) ?? {});
    const label = rowLabel(findToolByName(this.host.tools, name));
    const entry: ToolEntry = { id, role: 'tool', name, input, summary, activity, ...(label ? { label } : {}), status: 'running' };
    this.tools.set(id, entry);
    this.open = undefined;
    this.host.push(entry);
    this.host.emit({ type: 'toolUseStarted', toolUseId: id, name, input, summary, activity, ...(label ? { label } : {}) });
    return entry;
  }
}

/** The tool's own label for its row (`Tool.rowLabel`), cut to the protocol's cap; a failing tool gets none. */
function rowLabel(tool: AnyTool | undefined): string | undefined {
  try {
    return tool?.rowLabel?.()?.trim().slice(0, 200) || undefined;
  } catch {
    return undefined;
  }
}
