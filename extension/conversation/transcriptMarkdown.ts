/**
 * A sub-agent's or teammate's transcript (JSONL) as readable markdown, for the task panel's "Open transcript"
 * (docs/ARCHITECTURE.md, Host and webview): user and assistant text in full, tool calls as one line with
 * their input abbreviated, tool results cut to their first lines. Lines are session transcript entries
 * (`{ type: 'message', message }`) or bare API messages; anything else is skipped.
 */
import { isRecord } from '../core/base/isRecord';
import type { Message, ToolResultContent } from '../core/base/messages';
import { messageSchema } from '../core/engines/transcripts/entries';

const MAX_INPUT_CHARS = 200;
const MAX_RESULT_LINES = 12;
const MAX_RESULT_CHARS = 1_200;

export function transcriptToMarkdown(jsonl: string, title: string): string {
  const parts: string[] = [`# ${title}`];
  let skipped = 0;
  let lastRole: Message['role'] | undefined;
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const item = parseLine(line);
    if (item === undefined) {
      skipped++;
      continue;
    }
    if (typeof item === 'string') {
      if (item) parts.push(item);
      lastRole = undefined;
      continue;
    }
    const body = messageMarkdown(item);
    if (!body.text) continue;
    if (body.heading && lastRole !== item.role) parts.push(`## ${item.role === 'user' ? 'User' : 'Assistant'}`);
    if (body.heading) lastRole = item.role;
    parts.push(body.text);
  }
  if (parts.length === 1) parts.push('_The transcript has no messages yet._');
  if (skipped) parts.push(`_${skipped} unreadable ${skipped === 1 ? 'line was' : 'lines were'} left out._`);
  return `${parts.join('\n\n')}\n`;
}

/** A message, a ready-made markdown paragraph (a compaction summary), '' for lines to ignore, or undefined when unreadable. */
function parseLine(line: string): Message | string | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(raw)) return undefined;
  if (raw.type === 'compactBoundary' && typeof raw.summary === 'string') return `> **Earlier conversation, summarized:** ${oneLine(raw.summary, 600)}`;
  const candidate = raw.type === 'message' ? raw.message : 'role' in raw ? raw : null;
  if (candidate === null) return '';
  const parsed = messageSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** `heading`: the message says something (text), rather than only carrying tool results. */
function messageMarkdown(m: Message): { text: string; heading: boolean } {
  if (typeof m.content === 'string') return { text: m.content.trim(), heading: m.content.trim() !== '' };
  const out: string[] = [];
  let heading = false;
  for (const b of m.content) {
    if (b.type === 'text' && b.text.trim()) {
      out.push(b.text.trim());
      heading = true;
    } else if (b.type === 'tool_use') out.push(`**→ ${b.name}** \`${inlineCode(oneLine(JSON.stringify(b.input) ?? '', MAX_INPUT_CHARS))}\``);
    else if (b.type === 'tool_result') out.push(resultMarkdown(b.content, b.is_error === true));
    else if (b.type === 'image') out.push('_[image]_');
  }
  return { text: out.join('\n\n'), heading };
}

function resultMarkdown(content: ToolResultContent | undefined, isError: boolean): string {
  const text =
    content === undefined ? '' : typeof content === 'string' ? content : content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
  const label = isError ? '**← error**' : '**← result**';
  if (!text.trim()) return `${label} _(empty)_`;
  const lines = text.split('\n');
  let shown = lines.slice(0, MAX_RESULT_LINES).join('\n');
  if (shown.length > MAX_RESULT_CHARS) shown = shown.slice(0, MAX_RESULT_CHARS);
  const cut = shown.length < text.length ? `\n… (${lines.length} lines, ${text.length} characters in all)` : '';
  return `${label}\n\n${fence(shown + cut)}`;
}

/** A code fence longer than any backtick run inside, so tool output cannot close it early. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}text\n${text}\n${ticks}`;
}

function oneLine(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Inline code cannot hold a backtick run safely in every renderer: swap them for a look-alike. */
function inlineCode(s: string): string {
  return s.replace(/`/g, 'ˋ');
}
