/**
 * The row records (rowRecords.ts) a conversation forked by "Rewind to here" carries over, so that the fork,
 * resumed later from History, shows its rows as the chat showed them before the rewind. They are made from the
 * entries the chat keeps: each finished tool row's record, and each turn's end before the next prompt (its
 * prompt is the message whose text matches the next user row; other user text is the loop's own); and the
 * sub-agent transcripts the Agent rows were built from, which live in the session's storage folder.
 */
import { toolResultText, type Message } from '../core/base/messages';
import type { ForkEvent } from '../core/loop/session/fork';
import type { SessionStorage } from '../core/contracts/storage';
import type { ChatEntry, ChatMessage, ToolEntry } from '../protocol/messages';
import { TOOL_RECORD, TURN_RECORD, type ToolRecord, type TurnRecord } from './rowRecords';
import { agentTranscriptOf } from './subAgentReplay';

interface Turn {
  messageIndex: number;
  status: TurnRecord['status'];
  error?: string;
}

function promptText(m: Message): string[] {
  if (m.role !== 'user') return [];
  if (typeof m.content === 'string') return [m.content];
  if (m.content.some((b) => b.type === 'tool_result')) return [];
  return m.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
}

/** The end of the turn whose rows run from `start` up to `end`: its last reply's status. */
function turnEnd(entries: readonly ChatEntry[], start: number, end: number): Omit<Turn, 'messageIndex'> {
  const reply = entries.slice(start + 1, end).filter((e): e is ChatMessage => e.role === 'assistant').at(-1);
  const status = !reply || reply.status === 'streaming' ? 'done' : reply.status;
  return { status, ...(reply?.error !== undefined ? { error: reply.error } : {}) };
}

/** Each prompt message matched, in order, to the user row that showed it, with how that turn ended. */
function turns(entries: readonly ChatEntry[], messages: readonly Message[]): Turn[] {
  const found: { messageIndex: number; entryIndex: number }[] = [];
  let next = 0;
  messages.forEach((m, messageIndex) => {
    const texts = promptText(m);
    if (!texts.length) return;
    const entryIndex = entries.findIndex((e, i) => i >= next && e.role === 'user' && texts.includes(e.text));
    if (entryIndex < 0) return;
    found.push({ messageIndex, entryIndex });
    next = entryIndex + 1;
  });
  return found.map((f, i) => ({ messageIndex: f.messageIndex, ...turnEnd(entries, f.entryIndex, found[i + 1]?.entryIndex ?? entries.length) }));
}

/**
 * The length of the result text the row showed: the stored result's, cut where the row's text ended when the
 * row showed it whole (notes the loop appended later were never in the row).
 */
function resultChars(entry: ToolEntry, messages: readonly Message[]): number {
  const shown = entry.result?.text ?? '';
  for (const m of messages) {
    if (typeof m.content === 'string') continue;
    const block = m.content.find((b) => b.type === 'tool_result' && b.tool_use_id === entry.id);
    if (block?.type !== 'tool_result') continue;
    const stored = block.content === undefined ? '' : toolResultText(block.content);
    return !entry.result?.truncated && stored.startsWith(shown) ? shown.length : stored.length;
  }
  return shown.length;
}

/** Copies the sub-agent transcripts of the kept Agent rows into the fork's storage, where its resume reads them. */
export async function copyAgentTranscripts(entries: readonly ChatEntry[], from: SessionStorage, to: SessionStorage): Promise<void> {
  for (const e of entries) {
    const file = e.role === 'tool' && e.agent ? agentTranscriptOf(e.agent.agentId) : undefined;
    const text = file && (await from.readText(file).catch(() => undefined));
    if (file && text !== undefined) await to.writeText(file, text);
  }
}

function toolRecords(entries: readonly ChatEntry[], messages: readonly Message[]): ForkEvent[] {
  return entries
    .filter((e): e is ToolEntry => e.role === 'tool' && !!e.result && e.status !== 'running')
    .map((e): ForkEvent => {
      const record: ToolRecord = {
        toolUseId: e.id,
        name: e.name,
        summary: e.summary,
        activity: e.activity,
        chars: resultChars(e, messages),
        ...(e.result?.data ? { data: e.result.data } : {}),
        ...(e.agent ? { agentId: e.agent.agentId } : {}),
      };
      return { name: TOOL_RECORD, data: record };
    });
}

/** For `forkSession`: the records to write before the message at `index` (and at `messages.length`, the end). */
export function forkRecords(entries: readonly ChatEntry[], messages: readonly Message[]): (index: number, uuids: readonly string[]) => ForkEvent[] {
  const plan = turns(entries, messages);
  const tools = toolRecords(entries, messages);
  return (index, uuids) => {
    const events = index === 0 ? [...tools] : [];
    const at = plan.findIndex((t) => t.messageIndex === index);
    const ended = at > 0 ? plan[at - 1] : index === messages.length ? plan.at(-1) : undefined;
    const prompt = ended && uuids[ended.messageIndex];
    if (ended && prompt) events.push({ name: TURN_RECORD, data: { status: ended.status, ...(ended.error !== undefined ? { error: ended.error } : {}), prompt } satisfies TurnRecord });
    return events;
  };
}
