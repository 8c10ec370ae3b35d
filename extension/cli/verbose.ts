/** `--verbose` in text and json output: one stderr line per tool call as it starts and when it fails, so a script's log shows what the agent did. */
import type { AgentEvent } from '../core/loop/session/agentSession';

function firstLine(content: unknown): string {
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((b: { text?: unknown }) => (typeof b.text === 'string' ? b.text : '')).join(' ') : '';
  const line = text.replace(/<\/?tool_use_error>/g, '').trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

export function toolActivityLine(event: AgentEvent): string | undefined {
  if (event.type !== 'tool') return undefined;
  const e = event.event;
  if (e.type === 'toolStarted') return `[tool] ${e.toolName}${e.summary ? ` ${e.summary}` : ''}${e.activity ? ` (${e.activity})` : ''}`;
  if (e.type === 'toolFinished' && e.isError) return `[tool] ${e.toolName} failed: ${firstLine(e.result.content)}`;
  return undefined;
}
