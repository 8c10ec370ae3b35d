/**
 * Makes a conversation read back from a transcript acceptable to the Messages API again. A crash can leave
 * a tool call without its result, a skipped corrupt line can leave results without their call, and both
 * make the API refuse the whole request, so the session could never continue.
 */
import type { AssistantMessage, Message, ToolResultBlock, UserMessage } from '../../base/messages';

export interface RepairResult {
  messages: Message[];
  /** What was changed, one sentence each, for the log and the resume notice. */
  repaired: string[];
}

export const INTERRUPTED_TOOL_RESULT = 'Interrupted: the session ended before this tool finished';
export const MISSING_START_TEXT = '[The start of this conversation could not be restored.]';

/**
 * Pure: returns new messages and never mutates its input. Consecutive messages of one role are left as
 * they are, since the API merges them into one turn; the rules below treat such a run as that one turn.
 */
export function repairForResume(input: readonly Message[]): RepairResult {
  const repaired: string[] = [];
  const cleaned = dropEmpty(input, repaired);
  const paired = dropOrphanResults(cleaned, repaired);
  const answered = answerOpenToolUses(paired, repaired);
  if (answered[0]?.role === 'assistant') {
    // Prefixing keeps what the user saw; dropping the assistant turn would also orphan its tool results.
    answered.unshift({ role: 'user', content: MISSING_START_TEXT });
    repaired.push('Added a user message before the first assistant message, because a conversation must start with the user.');
  }
  return { messages: answered, repaired };
}

/**
 * Drops empty text blocks and messages left without content (the API rejects both), and strips
 * `cache_control`: breakpoints belong to the request that placed them, and stale ones would exceed the
 * API's limit of four.
 */
function dropEmpty(input: readonly Message[], repaired: string[]): Message[] {
  const out: Message[] = [];
  let strippedBreakpoints = 0;
  const strip = <T extends object>(block: T): T => {
    if (!('cache_control' in block)) return block;
    strippedBreakpoints++;
    const copy: Partial<Record<'cache_control', unknown>> & T = { ...block };
    delete copy.cache_control;
    return copy;
  };
  const nonEmpty = (b: { type: string; text?: string }) => b.type !== 'text' || (b.text ?? '').trim() !== '';
  input.forEach((message, index) => {
    let kept: Message | undefined;
    if (typeof message.content === 'string') {
      if (message.content.trim() !== '') kept = { role: message.role, content: message.content } as UserMessage;
    } else if (message.role === 'user') {
      const blocks = message.content.filter(nonEmpty).map((b) => {
        const block = strip(b);
        return block.type === 'tool_result' && Array.isArray(block.content) ? { ...block, content: block.content.map(strip) } : block;
      });
      if (blocks.length > 0) kept = { role: 'user', content: blocks };
    } else {
      const blocks = message.content.filter(nonEmpty).map(strip);
      if (blocks.length > 0) kept = { role: 'assistant', content: blocks };
    }
    if (kept) out.push(kept);
    else repaired.push(`Dropped empty ${message.role} message ${index + 1}.`);
  });
  if (strippedBreakpoints > 0) repaired.push(`Removed ${strippedBreakpoints} stored cache breakpoint(s).`);
  return out;
}

function toolUseIds(message: AssistantMessage): string[] {
  return message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
}

/**
 * Keeps a tool_result only when the assistant turn just before it made that call and it is the call's
 * first result; a user message left empty by this goes too.
 */
function dropOrphanResults(messages: readonly Message[], repaired: string[]): Message[] {
  const out: Message[] = [];
  let callable = new Set<string>();
  let answered = new Set<string>();
  let previousRole: Message['role'] | undefined;
  for (const message of messages) {
    if (message.role === 'assistant') {
      // A new assistant turn starts: only its calls can be answered from here on.
      if (previousRole !== 'assistant') {
        callable = new Set();
        answered = new Set();
      }
      for (const id of toolUseIds(message)) callable.add(id);
      out.push(message);
      previousRole = 'assistant';
      continue;
    }
    previousRole = 'user';
    if (typeof message.content === 'string') {
      out.push(message);
      continue;
    }
    const kept = message.content.filter((b) => {
      if (b.type !== 'tool_result') return true;
      const ok = callable.has(b.tool_use_id) && !answered.has(b.tool_use_id);
      if (ok) answered.add(b.tool_use_id);
      else repaired.push(`Dropped a tool result for ${b.tool_use_id}, which has no matching tool call just before it.`);
      return ok;
    });
    if (kept.length > 0) out.push({ role: 'user', content: kept });
    else previousRole = out.at(-1)?.role;
  }
  return out;
}

function interruptedResults(ids: readonly string[]): UserMessage {
  const content: ToolResultBlock[] = ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: INTERRUPTED_TOOL_RESULT, is_error: true }));
  return { role: 'user', content };
}

/**
 * Every tool call needs a result in the very next user turn. Calls without one (the process died while the
 * tool ran) get an `is_error` result, inserted right after the calling turn so results still come first.
 */
function answerOpenToolUses(messages: readonly Message[], repaired: string[]): Message[] {
  const out: Message[] = [];
  let i = 0;
  while (i < messages.length) {
    const turnStart = i;
    const role = messages[i]!.role;
    while (i < messages.length && messages[i]!.role === role) i++;
    const turn = messages.slice(turnStart, i);
    out.push(...turn);
    if (role !== 'assistant') continue;
    const calls = turn.flatMap((m) => (m.role === 'assistant' ? toolUseIds(m) : []));
    const results = new Set<string>();
    for (let j = i; j < messages.length && messages[j]!.role === 'user'; j++) {
      const content = messages[j]!.content;
      if (Array.isArray(content)) for (const b of content) if (b.type === 'tool_result') results.add(b.tool_use_id);
    }
    const missing = calls.filter((id) => !results.has(id));
    if (missing.length > 0) {
      out.push(interruptedResults(missing));
      repaired.push(`Added interrupted results for ${missing.length} unfinished tool call(s): ${missing.join(', ')}.`);
    }
  }
  return out;
}
