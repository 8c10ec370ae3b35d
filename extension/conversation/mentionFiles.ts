/**
 * Reads what `@` mentions name, for the model. Each file found becomes one text block of the user message,
 * `<file path="src/a.ts" lines="5-10">` + the lines numbered as Read numbers them (`5\t…`) + `</file>`,
 * placed before the prompt text, the way Claude Code attaches a mentioned file as if it had been Read.
 * A folder becomes `<folder path="src">` with its entries. What cannot be attached (missing, outside
 * the workspace, binary, past the end) stays plain text in the prompt and gets a chip with a warning.
 */
import path from 'node:path';
import type { TextBlock } from '../core/base/messages';
import type { Workspace } from '../core/contracts/workspace';
import type { Mention } from './mentions';
import type { Attachment } from '../protocol/messages';
import type { McpHub } from '../core/contracts/mcp';
import { attachmentOfResourceBlock, resolveResourceMention, resourceTarget } from './mentionResources';

/** Per mentioned file: at most this many lines and characters go to the model. */
export const MENTION_MAX_LINES = 2000;
export const MENTION_MAX_CHARS = 100_000;
/** Files larger than this are not read at all (a range of a huge log is better asked of Read). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_FOLDER_ENTRIES = 200;

export interface MentionAccess {
  workspace: Workspace;
  cwd: string;
  /** Why `absPath` may not be read (the permission system's Read check), or undefined when it may. */
  refusal(absPath: string): Promise<string | undefined>;
  /** The MCP servers: `@server:uri` names one of their resources (mentionResources.ts). */
  mcp?: McpHub;
}

type FileAttachment = Extract<Attachment, { kind: 'file' }>;

export interface ResolvedMention {
  attachment: FileAttachment;
  /** Absent when the mention could not be attached. */
  block?: TextBlock;
}

export async function resolveMention(mention: Mention, access: MentionAccess): Promise<ResolvedMention> {
  const resource = resourceTarget(mention.path, access.mcp);
  if (resource && access.mcp) return resolveResourceMention(resource, access.mcp);
  const abs = path.resolve(access.cwd, mention.path);
  const shown = displayPath(abs, access.cwd);
  const chip: FileAttachment = { kind: 'file', path: shown };
  if (mention.startLine !== undefined) chip.startLine = mention.startLine;
  if (mention.endLine !== undefined) chip.endLine = mention.endLine;
  const refused = (warning: string): ResolvedMention => ({ attachment: { ...chip, warning } });
  try {
    const refusal = await access.refusal(abs);
    if (refusal) return refused(`Not attached: ${refusal}.`);
    const stat = await access.workspace.stat(abs);
    if (!stat) return refused('Not found; the mention was sent as plain text.');
    if (stat.type === 'directory') return { attachment: chip, block: await folderBlock(abs, shown, access.workspace) };
    if (stat.type !== 'file') return refused('Not a regular file.');
    if (stat.size > MAX_FILE_BYTES) return refused(`Too large to attach (${Math.round(stat.size / 1024 / 1024)} MB); ask the agent to Read a range.`);
    const file = await access.workspace.readText(abs);
    if (file.content.slice(0, 8000).includes('\0')) return refused('A binary file; not attached.');
    return fileBlock(mention, chip, shown, file.content);
  } catch (err) {
    return refused(`Could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function fileBlock(mention: Mention, chip: FileAttachment, shown: string, content: string): ResolvedMention {
  const lines = content.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const first = mention.startLine ?? 1;
  if (first > lines.length) {
    return { attachment: { ...chip, warning: `Line ${first} is past the end of the file (${lines.length} lines).` } };
  }
  const last = Math.min(mention.endLine ?? lines.length, lines.length, first + MENTION_MAX_LINES - 1);
  const wanted = Math.min(mention.endLine ?? lines.length, lines.length);
  let body = '';
  let shownLast = first - 1;
  for (let n = first; n <= last; n++) {
    const line = `${n}\t${lines[n - 1] ?? ''}\n`;
    if (body.length + line.length > MENTION_MAX_CHARS) break;
    body += line;
    shownLast = n;
  }
  const truncated = shownLast < wanted;
  const attrs = [`path="${escapeAttr(shown)}"`];
  if (mention.startLine !== undefined || truncated) attrs.push(`lines="${first}-${shownLast}"`);
  if (truncated) attrs.push(`truncated="true" total_lines="${lines.length}"`);
  const text = content.trim() === '' ? '(empty file)\n' : body;
  const attachment = truncated
    ? { ...chip, startLine: first, endLine: shownLast, warning: `Truncated to lines ${first}-${shownLast} of ${wanted}.` }
    : chip;
  return { attachment, block: { type: 'text', text: `<file ${attrs.join(' ')}>\n${text}</file>` } };
}

async function folderBlock(abs: string, shown: string, workspace: Workspace): Promise<TextBlock> {
  const entries = await workspace.list(abs);
  const names = entries
    .slice(0, MAX_FOLDER_ENTRIES)
    .map((e) => (e.type === 'directory' ? `${e.name}/` : e.name))
    .sort();
  const more = entries.length > MAX_FOLDER_ENTRIES ? `\n(${entries.length - MAX_FOLDER_ENTRIES} more entries)` : '';
  return { type: 'text', text: `<folder path="${escapeAttr(shown)}">\n${names.join('\n') || '(empty folder)'}${more}\n</folder>` };
}

/** Relative to the working directory when inside it, with forward slashes; absolute otherwise. */
function displayPath(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  if (rel === '') return '.';
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** True for a block this module made, so a resumed chat can show the chip instead of the file's text. */
export function isMentionBlock(text: string): boolean {
  if (attachmentOfResourceBlock(text)) return true;
  return /^<(file|folder) path="[^"]*"[^>]*>\n/.test(text) && /<\/(file|folder)>$/.test(text);
}

/** The chip of a block this module made, read back from its attributes. */
export function attachmentOfBlock(text: string): FileAttachment | undefined {
  const resource = attachmentOfResourceBlock(text);
  if (resource) return resource;
  const head = /^<(?:file|folder) path="([^"]*)"(?: lines="(\d+)-(\d+)")?/.exec(text);
  if (!head?.[1]) return undefined;
  const p = head[1].replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return head[2] && head[3] ? { kind: 'file', path: p, startLine: Number(head[2]), endLine: Number(head[3]) } : { kind: 'file', path: p };
}
