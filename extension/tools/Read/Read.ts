/**
 * Read: text files as numbered lines, images and PDFs as content blocks, notebooks as cells. It bounds
 * its own output (size cap, line limit, line truncation), so its results are never persisted elsewhere.
 */
import path from 'node:path';
import { z } from 'zod';
import type { DocumentBlock, ImageBlock, ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { displayPath, fileNotFoundMessage, resolveToolPath } from '../shared/paths';
import { checkReadAccess } from '../shared/permissions';
import { looksBinary } from './binary';
import { READ_TOOL_NAME } from '../../protocol/toolNames';
import { IMAGE_EXTENSIONS, MAX_FILE_BYTES } from './constants';
import { pdfNote, readImage, readPdf, type PdfRead } from './media';
import type { Size } from '../shared/imageFit';
import { renderNotebook } from './notebook';
import { parsePageRange } from './pages';
import { READ_DESCRIPTION, READ_GUIDANCE, READ_PROMPT } from './prompt';
import { renderTextWindow } from './text';
import { presentRead } from './present';

const inputSchema = z.strictObject({
  file_path: z.string().describe('Absolute path of the file to read'),
  offset: z.number().int().min(0).optional().describe('First line to return, counting from 1; only for long files'),
  limit: z.number().int().positive().optional().describe('How many lines to return from offset on'),
  pages: z.string().optional().describe('PDF only: a page or page range, e.g. "3" or "1-5" (at most 20 pages)'),
  allow_large: z.boolean().optional().describe('Read a file over the size limit whole instead of being refused'),
});

export type ReadInput = z.infer<typeof inputSchema>;

export type ReadOutput =
  | { type: 'text'; filePath: string; content: string; startLine: number; numLines: number; totalLines: number; fromDirtyEditor: boolean }
  | { type: 'notebook'; filePath: string; content: string; cellCount: number }
  | { type: 'image'; filePath: string; block: ImageBlock; originalSize: number; resized?: { from: Size; to: Size }; note?: string }
  | { type: 'pdf'; filePath: string; block: DocumentBlock; originalSize: number; pages?: string; split?: PdfRead['split'] };

const kb = (bytes: number) => Math.round(bytes / 1024);

function tooLarge(absPath: string, size: number, cap: number): ToolError {
  return new ToolError(
    'too_large',
    `${absPath} is ${kb(size)} KB, over the ${kb(cap)} KB limit for reading a file whole. Read part of it with offset and limit, search it with Grep, or set allow_large to read it all.`,
  );
}

async function readTextFile(absPath: string, size: number, input: ReadInput, context: ToolUseContext): Promise<ReadOutput> {
  const cap = context.fileReadingLimits.maxSizeBytes ?? MAX_FILE_BYTES;
  const windowed = input.offset !== undefined || input.limit !== undefined;
  if (size > cap && !windowed && !input.allow_large) throw tooLarge(absPath, size, cap);
  const { workspace } = context.ports;
  const [bytes, file] = await Promise.all([workspace.readBytes(absPath), workspace.readText(absPath)]);
  if (looksBinary(bytes, file)) {
    const ext = path.extname(absPath) || 'no extension';
    throw new ToolError(
      'binary',
      `${absPath} looks like a binary file (${ext}); Read shows text, images, PDFs and notebooks only. Inspect it with a shell command instead.`,
    );
  }
  const window = renderTextWindow(absPath, file.content, {
    ...(input.offset !== undefined ? { offset: input.offset } : {}),
    ...(input.limit !== undefined ? { limit: input.limit } : {}),
    fromDirtyEditor: file.fromDirtyEditor,
    ...(context.fileReadingLimits.maxTokens !== undefined && !input.allow_large ? { maxTokens: context.fileReadingLimits.maxTokens } : {}),
  });
  context.readFileState.set(absPath, {
    content: file.content,
    timestamp: file.mtimeMs,
    offset: input.offset,
    limit: input.limit,
    isPartialView: window.isPartialView,
  });
  return {
    type: 'text',
    filePath: absPath,
    content: window.content,
    startLine: window.startLine,
    numLines: window.numLines,
    totalLines: window.totalLines,
    fromDirtyEditor: file.fromDirtyEditor,
  };
}

async function readNotebookFile(absPath: string, input: ReadInput, context: ToolUseContext): Promise<ReadOutput> {
  const file = await context.ports.workspace.readText(absPath);
  const { text, cellCount } = renderNotebook(absPath, file.content);
  // Embedded images make the JSON big, so the cap applies to what the model would actually receive.
  const cap = context.fileReadingLimits.maxSizeBytes ?? MAX_FILE_BYTES;
  if (text.length > cap && !input.allow_large) throw tooLarge(absPath, text.length, cap);
  // NotebookEdit and Write check staleness against the raw JSON, not the rendering.
  context.readFileState.set(absPath, { content: file.content, timestamp: file.mtimeMs, isPartialView: false });
  return { type: 'notebook', filePath: absPath, content: text, cellCount };
}

function rangeText(input: Partial<ReadInput>): string {
  if (input.pages) return ` (pages ${input.pages})`;
  const start = Math.max(1, input.offset ?? 1);
  if (input.limit !== undefined) return `:${start}-${start + input.limit - 1}`;
  return input.offset !== undefined ? `:${start}+` : '';
}

const readDef = {
  name: READ_TOOL_NAME,
  guidance: READ_GUIDANCE,
  present: presentRead,
  searchHint: 'open view cat file contents image pdf notebook',
  inputSchema,
  maxResultSizeChars: Infinity,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return READ_DESCRIPTION;
  },
  async prompt() {
    return READ_PROMPT;
  },
  userFacingName: () => READ_TOOL_NAME,
  approvalVerb: () => 'Read',
  toAutoClassifierInput: (input: ReadInput) => input.file_path,
  // The executor passes only the input; a host that knows the session's cwd can pass it to shorten paths.
  getToolUseSummary: (input: Partial<ReadInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? `${displayPath(input.file_path, options?.cwd)}${rangeText(input)}` : null,
  getActivityDescription: (input: Partial<ReadInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? `Reading ${displayPath(input.file_path, options?.cwd)}` : 'Reading a file',
  checkPermissions: (input: ReadInput, context: ToolUseContext) => checkReadAccess(resolveToolPath(input.file_path, context.cwd), context),
  async validateInput(input: ReadInput) {
    if (input.pages === undefined) return { result: true };
    if (path.extname(input.file_path).toLowerCase() !== '.pdf') {
      return { result: false, message: `pages applies only to PDF files; ${input.file_path} is not one. Use offset and limit for text.` };
    }
    const range = parsePageRange(input.pages);
    return typeof range === 'string' ? { result: false, message: range } : { result: true };
  },
  async call(input: ReadInput, context: ToolUseContext) {
    const absPath = resolveToolPath(input.file_path, context.cwd);
    const { workspace } = context.ports;
    const stat = await workspace.stat(absPath);
    if (!stat) throw new ToolError('not_found', await fileNotFoundMessage(workspace, absPath, context.cwd));
    if (stat.type === 'directory') {
      throw new ToolError('invalid_input', `${absPath} is a directory, not a file. List it with Glob or with ls in Bash.`);
    }
    // Reading a FIFO or a device could block forever or never end.
    if (stat.type !== 'file') {
      throw new ToolError('invalid_input', `${absPath} is not a regular file (a pipe, socket or device); Read reads files only.`);
    }
    const ext = path.extname(absPath).toLowerCase();
    let data: ReadOutput;
    if (IMAGE_EXTENSIONS.has(ext)) {
      const bytes = await workspace.readBytes(absPath);
      data = { type: 'image', filePath: absPath, originalSize: bytes.length, ...(await readImage(absPath, bytes)) };
    } else if (ext === '.pdf') {
      const bytes = await workspace.readBytes(absPath);
      const pages = input.pages !== undefined ? { pages: input.pages } : {};
      data = { type: 'pdf', filePath: absPath, originalSize: bytes.length, ...pages, ...(await readPdf(absPath, bytes, input.pages)) };
    } else if (ext === '.ipynb') {
      data = await readNotebookFile(absPath, input, context);
    } else {
      data = await readTextFile(absPath, stat.size, input, context);
    }
    return { data };
  },
  mapToolResultToToolResultBlockParam(output: ReadOutput, toolUseId: string): ToolResultBlock {
    const result = (content: ToolResultBlock['content']): ToolResultBlock => ({ type: 'tool_result', tool_use_id: toolUseId, content });
    switch (output.type) {
      case 'text':
      case 'notebook':
        return result(output.content);
      case 'image':
        return result(output.note ? [output.block, { type: 'text', text: output.note }] : [output.block]);
      case 'pdf':
        return result([output.block, { type: 'text', text: pdfNote(output.filePath, output.originalSize, output.split) }]);
    }
  },
} satisfies ToolDef<typeof inputSchema, ReadOutput>;

export const ReadTool = buildTool(readDef);
