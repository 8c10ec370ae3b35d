/**
 * Write: creates a file or replaces it whole. Replacing is allowed only over a file the model has read and
 * that has not changed since; the file keeps its encoding, BOM and line endings.
 */
import { z } from 'zod';
import type { TextFile } from '../../core/base/text/encoding';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { assertEncodable, toLf, withLineEnding } from '../shared/encoding';
import { freshnessError, recordWrite } from '../shared/fileState';
import { numberedSnippet, WRITE_SNIPPET_LINES } from '../shared/lines';
import { displayPath, resolveToolPath } from '../shared/paths';
import { WRITE_TOOL_NAME } from '../../protocol/toolNames';
import { WRITE_DESCRIPTION, WRITE_GUIDANCE, WRITE_PROMPT } from './prompt';
import { diagnosticsBefore, newDiagnosticsNote } from '../shared/diagnostics';
import { askToEditFile } from '../shared/permissions';
import { presentWrite } from './present';
import { proposeWrite } from './proposeChange';

const inputSchema = z.strictObject({
  file_path: z.string().describe('Absolute path of the file to write'),
  content: z.string().describe('The complete new contents of the file'),
});

export type WriteInput = z.infer<typeof inputSchema>;

export interface WriteOutput {
  type: 'create' | 'update';
  filePath: string;
  /** What was written, in the file's line endings. */
  content: string;
  /** The text before the write (LF-normalised), for diff renderers; absent for a new file. */
  originalFile?: string;
  /** New language-server problems in the file after the write (VS Code only). */
  diagnostics?: string;
}

interface WritePlan {
  absPath: string;
  existing?: TextFile;
  text: string;
  encoding: TextFile['encoding'];
  bom: boolean;
}

/** Everything that can refuse the write, checked from validateInput and again right before writing. */
async function planWrite(input: WriteInput, context: ToolUseContext): Promise<WritePlan> {
  const absPath = resolveToolPath(input.file_path, context.cwd);
  const { workspace } = context.ports;
  const stat = await workspace.stat(absPath);
  if (stat?.type === 'directory') throw new ToolError('invalid_input', `${absPath} is a directory; give the path of a file.`);
  if (!stat) return { absPath, text: toLf(input.content), encoding: 'utf8', bom: false };
  const existing = await workspace.readText(absPath);
  const stale = freshnessError(context, absPath, existing, 'write');
  if (stale) throw stale;
  assertEncodable(input.content, existing.encoding, absPath);
  return { absPath, existing, text: withLineEnding(input.content, existing.lineEnding), encoding: existing.encoding, bom: existing.bom };
}

/** The dialog's line for a Write over an existing file. */
export const WRITE_OVERWRITE_WARNING = 'This overwrites an existing file (destructive: its current contents are replaced)';

const writeDef = {
  name: WRITE_TOOL_NAME,
  guidance: WRITE_GUIDANCE,
  present: presentWrite,
  proposeChange: proposeWrite,
  searchHint: 'create file save overwrite',
  inputSchema,
  maxResultSizeChars: 100_000,
  // Replacing a file needs a read of it first (validateInput runs before the permission check), so the read
  // state tells an overwrite from a new file; without the call's context, assume the worse.
  isDestructive: (input: WriteInput, context?: ToolUseContext) => !context || context.readFileState.has(resolveToolPath(input.file_path, context.cwd)),
  destructiveWarning: () => WRITE_OVERWRITE_WARNING,
  async description() {
    return WRITE_DESCRIPTION;
  },
  async prompt() {
    return WRITE_PROMPT;
  },
  userFacingName: () => WRITE_TOOL_NAME,
  approvalVerb: () => 'Write',
  toAutoClassifierInput: (input: WriteInput) => `${input.file_path}: ${input.content}`,
  getToolUseSummary: (input: Partial<WriteInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? displayPath(input.file_path, options?.cwd) : null,
  getActivityDescription: (input: Partial<WriteInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? `Writing ${displayPath(input.file_path, options?.cwd)}` : 'Writing a file',
  // Writing always needs a decision; the permission engine (rules, acceptEdits) may grant it without asking.
  async checkPermissions(input: WriteInput, context: ToolUseContext) {
    const absPath = resolveToolPath(input.file_path, context.cwd);
    return askToEditFile(absPath, `Write ${absPath}?`, context);
  },
  async validateInput(input: WriteInput, context: ToolUseContext) {
    try {
      await planWrite(input, context);
      return { result: true as const };
    } catch (err) {
      if (err instanceof ToolError) return { result: false as const, message: err.message };
      throw err;
    }
  },
  async call(input: WriteInput, context: ToolUseContext) {
    // Re-planned: the file may have changed while the user looked at the permission prompt.
    const plan = await planWrite(input, context);
    const before = await diagnosticsBefore(context, plan.absPath);
    const { mtimeMs } = await context.ports.workspace.writeText(plan.absPath, plan.text, { encoding: plan.encoding, bom: plan.bom });
    recordWrite(context, plan.absPath, plan.text, mtimeMs);
    const data: WriteOutput = plan.existing
      ? { type: 'update', filePath: plan.absPath, content: plan.text, originalFile: toLf(plan.existing.content) }
      : { type: 'create', filePath: plan.absPath, content: plan.text };
    const diagnostics = await newDiagnosticsNote(context, plan.absPath, before);
    return { data: diagnostics ? { ...data, diagnostics } : data };
  },
  mapToolResultToToolResultBlockParam(output: WriteOutput, toolUseId: string): ToolResultBlock {
    const head = output.type === 'create' ? `File created successfully at: ${output.filePath}` : `The file ${output.filePath} has been updated.`;
    const snippet = numberedSnippet(output.content, 1, WRITE_SNIPPET_LINES);
    const body = snippet ? `${head}\n${snippet}` : head;
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.diagnostics ? `${body}\n\n${output.diagnostics}` : body };
  },
} satisfies ToolDef<typeof inputSchema, WriteOutput>;

export const WriteTool = buildTool(writeDef);
