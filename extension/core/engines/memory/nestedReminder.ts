/**
 * Hands nested memory to the model (core/engines/memory/nested.ts): after a tool round, each call that succeeded on
 * a path (`file_path`, `notebook_path`, `path`) may bring CLAUDE.md files of folders not seen yet; their
 * text goes into that call's tool_result as a <system-reminder> naming the file and the folder its
 * instructions cover. Appending to the result keeps the API's order (tool_result blocks first) and keeps
 * the reminder out of the chat's history view, which shows no tool results.
 */
import type { AssistantMessage, ToolResultBlock, UserMessage } from '../../base/messages';
import { isRecord } from '../../base/isRecord';
import type { MemoryFile } from '../../contracts/environment';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { memoryText } from './render';
import path from 'node:path';

/** The input fields that name a file or folder, in the tools' own words. */
const PATH_FIELDS = ['file_path', 'notebook_path', 'path'] as const;

/** The paths a tool call's input names. */
export function touchedPaths(input: unknown): string[] {
  if (!isRecord(input)) return [];
  return PATH_FIELDS.map((field) => input[field]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** The reminder for one nested memory file. */
export function nestedMemoryReminder(file: MemoryFile): string {
  const folder = path.basename(path.dirname(file.path)) === '.claude' ? path.dirname(path.dirname(file.path)) : path.dirname(file.path);
  return [
    '<system-reminder>',
    `Contents of ${file.path} (${file.type === 'local' ? 'local' : 'project'} memory for the folder ${folder}). Its instructions apply to files under ${folder}; follow them when working there, as you follow the memory files of the system prompt:`,
    '',
    memoryText(file),
    '</system-reminder>',
  ].join('\n');
}

/**
 * The round's results with nested memory attached to the calls that touched it; unchanged when the context
 * has no tracker or nothing new was found. Never throws: a failed read only means no reminder.
 */
export async function withNestedMemory(results: UserMessage, assistant: AssistantMessage, context: ToolUseContext): Promise<UserMessage> {
  const tracker = context.nestedMemory;
  if (!tracker || typeof results.content === 'string') return results;
  try {
    const inputs = new Map(assistant.content.flatMap((b) => (b.type === 'tool_use' ? [[b.id, b.input] as const] : [])));
    const content = [];
    for (const block of results.content) {
      if (block.type !== 'tool_result' || block.is_error) {
        content.push(block);
        continue;
      }
      const files: MemoryFile[] = [];
      for (const p of touchedPaths(inputs.get(block.tool_use_id))) files.push(...(await tracker.touch(p, context.cwd)));
      content.push(files.length ? withReminders(block, files) : block);
    }
    return { ...results, content };
  } catch {
    return results;
  }
}

function withReminders(block: ToolResultBlock, files: readonly MemoryFile[]): ToolResultBlock {
  const text = files.map(nestedMemoryReminder).join('\n\n');
  if (typeof block.content === 'string') return { ...block, content: block.content ? `${block.content}\n\n${text}` : text };
  return { ...block, content: [...block.content, { type: 'text', text }] };
}
