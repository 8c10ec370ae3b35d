/**
 * LSP: asks the editor's language servers about code (definitions, references, hovers, symbols, call
 * hierarchy, diagnostics) through `ports.lsp`. Read-only and safe to run in parallel.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { LspOperation } from '../../core/contracts/workspace';
import { buildTool, type ValidationResult } from '../../core/contracts/tool';
import { checkReadAccess } from '../shared/permissions';
import { displayPath, formatDiagnostics, formatHover, formatLocations, type Formatted } from './format';
import { LSP_TOOL_NAME } from '../../protocol/toolNames';

const OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
  'diagnostics',
] as const;
type Operation = (typeof OPERATIONS)[number];

/** Operations that ask about the symbol at a position: they need file_path, line and character. */
const POSITIONAL: ReadonlySet<Operation> = new Set([
  'goToDefinition',
  'findReferences',
  'hover',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
]);

const inputSchema = z.strictObject({
  operation: z.enum(OPERATIONS).describe('The language-server operation to perform'),
  file_path: z.string().min(1).optional().describe('Absolute path of the file'),
  line: z.number().int().min(1).optional().describe('1-based line of the symbol'),
  character: z.number().int().min(1).optional().describe('1-based column of the symbol'),
  query: z.string().optional().describe('Symbol name or fragment (workspaceSymbol)'),
});
type Input = z.infer<typeof inputSchema>;

export interface LspOutput {
  operation: Operation;
  filePath?: string;
  /** The text the model reads. */
  result: string;
  resultCount: number;
  fileCount: number;
}

const invalid = (message: string): ValidationResult => ({ result: false, message });

function missingFields(input: Input): string[] {
  const op = input.operation;
  const missing: string[] = [];
  if (op === 'workspaceSymbol') {
    if (!input.query?.trim()) missing.push('query');
    return missing;
  }
  if (op === 'diagnostics') return missing;
  if (!input.file_path) missing.push('file_path');
  if (POSITIONAL.has(op)) {
    if (input.line === undefined) missing.push('line');
    if (input.character === undefined) missing.push('character');
  }
  return missing;
}

function noServer(input: Input, cwd: string, full: string | undefined): Formatted {
  const target = full ? displayPath(cwd, full) : input.operation === 'workspaceSymbol' ? 'workspace symbol search' : 'this workspace';
  return { text: `No language server is available for ${target}.`, resultCount: 0, fileCount: 0 };
}

export const LspTool = buildTool({
  name: LSP_TOOL_NAME,
  searchHint: 'language server definition references hover symbols call hierarchy diagnostics type errors',
  inputSchema,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description(input) {
    return `Language server: ${input.operation}`;
  },
  async prompt() {
    return [
      "Queries the editor's language servers. Lines and characters are 1-based, as Read and Grep show them.",
      '- goToDefinition, goToImplementation, findReferences, hover: file_path, line, character (on the symbol).',
      '- incomingCalls / outgoingCalls: the same, on a function or method; who calls it / what it calls.',
      '- documentSymbol: file_path. workspaceSymbol: query, by name across the workspace.',
      '- diagnostics: file_path, or none for every file with errors or warnings.',
      'Prefer it to text search for the real definition or every real use of a symbol. Not every language has a server; the answer says so.',
    ].join('\n');
  },
  userFacingName: () => LSP_TOOL_NAME,
  getToolUseSummary(input) {
    if (!input?.operation) return null;
    const where = input.file_path ? ` ${path.basename(input.file_path)}${input.line ? `:${input.line}` : ''}` : '';
    return `${input.operation}${where}${input.query ? ` "${input.query}"` : ''}`;
  },
  getActivityDescription: (input) => (input?.operation ? `Asking the language server (${input.operation})` : 'Asking the language server'),
  toAutoClassifierInput: (input) => `${input.operation} ${input.file_path ?? input.query ?? ''}`.trim(),
  async checkPermissions(input, context) {
    // workspaceSymbol and diagnostics without a file look at the workspace as a whole.
    if (!input.file_path || input.operation === 'workspaceSymbol') return { behavior: 'allow', updatedInput: input };
    return checkReadAccess(path.resolve(context.cwd, input.file_path), context);
  },
  async validateInput(input, context) {
    const missing = missingFields(input);
    if (missing.length) {
      const needs =
        input.operation === 'workspaceSymbol'
          ? 'a query'
          : POSITIONAL.has(input.operation)
            ? 'file_path, line and character (1-based) of the symbol'
            : 'file_path';
      return invalid(`${input.operation} needs ${needs}; missing: ${missing.join(', ')}.`);
    }
    if (input.file_path && input.operation !== 'workspaceSymbol') {
      const full = path.resolve(context.cwd, input.file_path);
      const stat = await context.ports.workspace.stat(full);
      if (!stat) return invalid(`File does not exist: ${full}. Current working directory: ${context.cwd}`);
      if (stat.type !== 'file') return invalid(`Not a file: ${full}. LSP operations work on one source file.`);
    }
    return { result: true };
  },
  async call(input, context) {
    const { cwd } = context;
    const full = input.file_path && input.operation !== 'workspaceSymbol' ? path.resolve(cwd, input.file_path) : undefined;
    const lsp = context.ports.lsp;
    let formatted: Formatted;
    if (!lsp) {
      formatted = noServer(input, cwd, full);
    } else if (input.operation === 'diagnostics') {
      formatted = formatDiagnostics(await lsp.diagnostics(full), cwd, full);
    } else {
      const operation: LspOperation = input.operation;
      const answer = await lsp.query(operation, {
        ...(full ? { path: full } : {}),
        ...(input.line !== undefined ? { line: input.line } : {}),
        ...(input.character !== undefined ? { character: input.character } : {}),
        ...(input.query !== undefined ? { query: input.query } : {}),
      });
      context.abortController.signal.throwIfAborted();
      const where =
        operation === 'workspaceSymbol'
          ? `"${input.query ?? ''}"`
          : operation === 'documentSymbol'
            ? displayPath(cwd, full ?? '')
            : `${displayPath(cwd, full ?? '')}:${input.line}:${input.character}`;
      if (!answer) formatted = noServer(input, cwd, full);
      else if (operation === 'hover') formatted = formatHover(answer.hover, where);
      else formatted = formatLocations(operation, answer.locations ?? [], cwd, where);
    }
    const output: LspOutput = {
      operation: input.operation,
      ...(full ? { filePath: full } : {}),
      result: formatted.text,
      resultCount: formatted.resultCount,
      fileCount: formatted.fileCount,
    };
    return { data: output };
  },
  mapToolResultToToolResultBlockParam(output: LspOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.result };
  },
});
