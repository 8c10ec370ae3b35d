/** Fakes and checks shared by the session tests. */
import type { AssistantMessage, Message, UserMessage } from '../../../extension/core/base/messages';
import type { TranscriptStore } from '../../../extension/core/contracts/storage';

/** An in-memory TranscriptStore; `hold()` keeps appends pending until `release()`, to observe ordering. */
export class MemoryTranscriptStore implements TranscriptStore {
  readonly texts = new Map<string, string>();
  readonly appendCalls: string[][] = [];
  readonly failing = new Set<string>();
  readonly unreadable = new Set<string>();
  private held: (() => void)[] | undefined;

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const go of waiting) go();
  }

  async append(sessionId: string, lines: readonly string[]): Promise<void> {
    this.appendCalls.push([...lines]);
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    if (lines.some((l) => this.failing.has(l))) throw new Error('disk full');
    this.texts.set(sessionId, (this.texts.get(sessionId) ?? '') + lines.map((l) => `${l}\n`).join(''));
  }

  async read(sessionId: string): Promise<string | undefined> {
    if (this.unreadable.has(sessionId)) throw new Error('EACCES: permission denied');
    return this.texts.get(sessionId);
  }

  async list(): Promise<{ sessionId: string; modifiedMs: number; sizeBytes: number }[]> {
    return [...this.texts].map(([sessionId, text]) => ({ sessionId, modifiedMs: Date.parse('2030-01-01T00:00:00Z'), sizeBytes: text.length }));
  }
}

export const user = (text: string): UserMessage => ({ role: 'user', content: text });
export const assistant = (text: string): AssistantMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
export const toolCall = (id: string, text = 'Running it.'): AssistantMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text },
    { type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } },
  ],
});
export const toolResult = (id: string, content = 'ok'): UserMessage => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] });

/**
 * The Messages API's structural rules, as this project relies on them: starts with the user, no empty
 * message or text block, and each assistant turn's tool calls are answered exactly once by the next user
 * turn (consecutive messages of one role count as one turn, as the API merges them).
 */
export function apiProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  if (messages[0] && messages[0].role !== 'user') problems.push('first message is not from the user');
  let open = new Set<string>();
  let answered = new Set<string>();
  messages.forEach((m, i) => {
    const previous = messages[i - 1];
    const blocks = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    if (blocks.length === 0) problems.push(`message ${i} is empty`);
    for (const b of blocks) if (b.type === 'text' && b.text.trim() === '') problems.push(`message ${i} has an empty text block`);
    if (m.role === 'assistant') {
      if (previous?.role !== 'assistant') {
        for (const id of open) if (!answered.has(id)) problems.push(`tool call ${id} has no result before message ${i}`);
        open = new Set();
        answered = new Set();
      }
      for (const b of m.content) if (b.type === 'tool_use') open.add(b.id);
      return;
    }
    for (const b of blocks) {
      if (b.type !== 'tool_result') continue;
      if (!open.has(b.tool_use_id)) problems.push(`message ${i} answers unknown call ${b.tool_use_id}`);
      if (answered.has(b.tool_use_id)) problems.push(`message ${i} answers ${b.tool_use_id} twice`);
      answered.add(b.tool_use_id);
    }
  });
  for (const id of open) if (!answered.has(id)) problems.push(`tool call ${id} has no result at the end`);
  return problems;
}
