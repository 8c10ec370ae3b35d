/**
 * Writing and reading session transcripts. The loop writes each line before it shows or sends what the line
 * records, so after a crash the transcript holds at least everything the user saw; reading is forgiving,
 * because the last line of a killed process may be half written.
 */
import { randomUUID } from 'node:crypto';
import type { Message } from '../../base/messages';
import type { ModelUsage } from '../../contracts/modelClient';
import type { TranscriptStore } from '../../contracts/storage';
import { applyRecordedReplacements } from '../results/resultStorage';
import { compactedMessages } from './compacted';
import {
  describeIssues,
  TRANSCRIPT_VERSION,
  transcriptEntrySchema,
  type ContentReplacementEntry,
  type MetaEntry,
  type TranscriptEntry,
} from './entries';

export { compactedMessages } from './compacted';
export { repairForResume, type RepairResult } from './repair';

/** Token and cost totals over every `usage` line, compacted or not: the session's whole spend. */
export interface UsageTotals extends ModelUsage {
  costUsd: number;
}

/**
 * One message or event line, in file order. Unlike `messages`, the timeline keeps what a compaction summarized
 * and the tool results as they were first written (no result replacements): what the user saw, not what the
 * model is sent next (the chat rebuilds its rows from it on resume, extension/conversation/replay.ts).
 */
export type TimelineItem = { kind: 'message'; uuid: string; message: Message } | { kind: 'event'; name: string; data: unknown };

export interface ParsedTranscript {
  meta?: MetaEntry;
  /**
   * The conversation to resume: after a compact boundary, its summary plus what followed, with the tool results
   * the aggregate budget replaced (`contentReplacement` lines) replaced again, byte for byte.
   */
  messages: Message[];
  /** Every replaced tool result's replacement text, by tool_use_id (seeds the resumed session's budget). */
  replacements: Map<string, string>;
  /** The latest `title` line. */
  title?: string;
  /** The text of the first user prompt ever written (survives compaction), for a fallback title. */
  firstPrompt?: string;
  usage: UsageTotals;
  /** One per skipped line, naming its line number. */
  warnings: string[];
  lastTimestamp?: string;
  timeline: TimelineItem[];
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Appends entries to one session's transcript. Lines land in call order even when callers do not await,
 * and each promise resolves only once its line is stored. Lines queued while a write is in flight go out
 * together in the next append (one sync for many lines). A failed write rejects its own lines only; later
 * lines are still attempted, since dropping the rest of the session would lose more.
 */
export class TranscriptWriter {
  private readonly pending: Pending[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly store: TranscriptStore,
    readonly sessionId: string,
    private readonly clock: { now: () => Date; uuid: () => string } = { now: () => new Date(), uuid: randomUUID },
  ) {}

  writeMeta(meta: { cwd: string; model: string; createdAt?: string }): Promise<void> {
    const createdAt = meta.createdAt ?? this.now();
    return this.write({ type: 'meta', sessionId: this.sessionId, createdAt, cwd: meta.cwd, model: meta.model, version: TRANSCRIPT_VERSION });
  }

  /** Resolves with the message's uuid once its line is stored. */
  async appendMessage(message: Message): Promise<string> {
    const uuid = this.clock.uuid();
    await this.write({ type: 'message', uuid, timestamp: this.now(), message });
    return uuid;
  }

  appendTitle(title: string): Promise<void> {
    return this.write({ type: 'title', title });
  }

  appendCompactBoundary(boundary: { summary: string; preservedMessageCount?: number }): Promise<void> {
    return this.write({ type: 'compactBoundary', timestamp: this.now(), ...boundary });
  }

  appendUsage(usage: ModelUsage & { model: string; costUsd: number }): Promise<void> {
    return this.write({ type: 'usage', timestamp: this.now(), ...usage });
  }

  appendContentReplacement(replacements: Readonly<ContentReplacementEntry['replacements']>): Promise<void> {
    return this.write({ type: 'contentReplacement', timestamp: this.now(), replacements: [...replacements] });
  }

  appendEvent(name: string, data?: unknown): Promise<void> {
    return this.write({ type: 'event', timestamp: this.now(), name, ...(data === undefined ? {} : { data }) });
  }

  /** Resolves once every line queued so far has been written or has failed. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private write(entry: TranscriptEntry): Promise<void> {
    // Refuse here what a reader would skip later: a line that cannot be read back is a silent loss.
    let line: string;
    try {
      line = JSON.stringify(entry);
      const checked = transcriptEntrySchema.safeParse(JSON.parse(line));
      if (!checked.success) throw new Error(`Refusing to write an invalid ${entry.type} transcript line: ${describeIssues(checked.error)}`);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        await this.store.append(this.sessionId, batch.map((p) => p.line));
        for (const p of batch) p.resolve();
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    this.flushing = undefined;
  }
}

function emptyUsage(): UsageTotals {
  return { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0 };
}

/** The text a user typed, or undefined for messages that carry only tool results or attachments. */
function promptText(message: Message): string | undefined {
  if (message.role !== 'user') return undefined;
  const text = typeof message.content === 'string' ? message.content : message.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
  return text.trim() ? text : undefined;
}

/**
 * Reads a transcript's text. Never throws: a line that is not JSON or not a known entry is skipped with a
 * warning naming its (1-based) line number, so one bad line costs only itself.
 */
export function parseTranscript(text: string): ParsedTranscript {
  const result: ParsedTranscript = { messages: [], replacements: new Map(), usage: emptyUsage(), warnings: [], timeline: [] };
  const lines = text.split('\n');
  // Every line the store writes ends in '\n'; a last line without one was cut off mid-write.
  const lastIsPartial = !text.endsWith('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const number = index + 1;
    const partial = lastIsPartial && index === lines.length - 1;
    const entry = parseLine(line);
    if (typeof entry === 'string') {
      result.warnings.push(
        partial ? `Line ${number}: skipped an incomplete last line (the session probably ended mid-write).` : `Line ${number}: skipped, ${entry}.`,
      );
      return;
    }
    apply(result, entry);
  });
  // Applied once at the end: a replacement may name a result kept verbatim across a later compaction.
  if (result.replacements.size > 0) result.messages = applyRecordedReplacements(result.messages, { replaced: result.replacements });
  return result;
}

/** The entry, or why the line is not one. */
function parseLine(line: string): TranscriptEntry | string {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  const parsed = transcriptEntrySchema.safeParse(json);
  return parsed.success ? parsed.data : `not a valid transcript entry (${describeIssues(parsed.error)})`;
}

function apply(result: ParsedTranscript, entry: TranscriptEntry): void {
  switch (entry.type) {
    case 'meta':
      // A later meta line (a resumed session re-announcing itself) does not change when it began.
      result.meta ??= entry;
      result.lastTimestamp = entry.createdAt;
      return;
    case 'message':
      result.messages.push(entry.message);
      result.timeline.push({ kind: 'message', uuid: entry.uuid, message: entry.message });
      result.firstPrompt ??= promptText(entry.message);
      break;
    case 'title':
      result.title = entry.title;
      return;
    case 'compactBoundary': {
      const kept = entry.preservedMessageCount ? result.messages.slice(-entry.preservedMessageCount) : [];
      result.messages = compactedMessages(entry.summary, kept);
      break;
    }
    case 'usage':
      result.usage.inputTokens += entry.inputTokens;
      result.usage.outputTokens += entry.outputTokens;
      result.usage.cacheReadInputTokens += entry.cacheReadInputTokens;
      result.usage.cacheCreationInputTokens += entry.cacheCreationInputTokens;
      result.usage.costUsd += entry.costUsd;
      break;
    case 'contentReplacement':
      for (const r of entry.replacements) result.replacements.set(r.toolUseId, r.content);
      break;
    case 'event':
      result.timeline.push({ kind: 'event', name: entry.name, data: entry.data });
      break;
  }
  result.lastTimestamp = entry.timestamp;
}
