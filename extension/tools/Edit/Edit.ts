/**
 * Edit: replaces exact text in a file the model has read. Matching and replacing happen on LF text; the
 * result is written back in the file's own line endings, encoding and BOM.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { withLineEnding } from '../shared/encoding';
import { recordWrite } from '../shared/fileState';
import { numberLines, numberedSnippet, splitLines, WRITE_SNIPPET_LINES } from '../shared/lines';
import { displayPath, resolveToolPath } from '../shared/paths';
import { EDIT_TOOL_NAME } from '../../protocol/toolNames';
import { EDIT_CONTEXT_LINES, EDIT_MAX_SNIPPET_LINES } from './constants';
import { planEdit, type EditPlan } from './planEdit';
import { reviewedContent, withReviewedContent } from './reviewed';
import { EDIT_DESCRIPTION, EDIT_GUIDANCE, EDIT_PROMPT } from './prompt';
import { diagnosticsBefore, newDiagnosticsNote } from '../shared/diagnostics';
import { askToEditFile } from '../shared/permissions';
import { presentEdit } from './present';
import { proposeEdit } from './proposeChange';

const inputSchema = z.strictObject({
  file_path: z.string().describe('Absolute path of the file to change'),
  old_string: z.string().describe('The exact text to replace, as it appears in the file'),
  new_string: z.string().describe('The text to put in its place (must differ from old_string)'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence instead of requiring exactly one (default false)'),
});

export type EditInput = z.infer<typeof inputSchema>;

export interface EditOutput {
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  /** How many places changed. */
  replacements: number;
  /** True when an empty old_string created the file. */
  created: boolean;
  /** Before the edit, LF-normalised ('' for a new file), for diff renderers. */
  originalFile: string;
  /** Numbered lines around the change, as the model sees them. */
  snippet: string;
  /** New language-server problems in the file after the change (VS Code only). */
  diagnostics?: string;
}

function changeSnippet(plan: EditPlan): string {
  const lines = splitLines(plan.updated);
  const from = Math.max(1, plan.firstLine - EDIT_CONTEXT_LINES);
  const to = Math.min(lines.length, plan.lastLine + EDIT_CONTEXT_LINES, from + EDIT_MAX_SNIPPET_LINES - 1);
  return to < from ? '' : numberLines(lines.slice(from - 1, to), from);
}

/** Validation failures are answers to the model, not crashes: turn our own errors into a message. */
async function validate(input: EditInput, context: ToolUseContext) {
  try {
    await planEdit(input, context);
    return { result: true as const };
  } catch (err) {
    if (err instanceof ToolError) return { result: false as const, message: err.message };
    throw err;
  }
}

const editDef = {
  name: EDIT_TOOL_NAME,
  guidance: EDIT_GUIDANCE,
  present: presentEdit,
  proposeChange: proposeEdit,
  searchHint: 'modify change replace text in file',
  inputSchema,
  maxResultSizeChars: 100_000,
  async description() {
    return EDIT_DESCRIPTION;
  },
  async prompt() {
    return EDIT_PROMPT;
  },
  userFacingName: (input?: Partial<EditInput>) => (input?.old_string === '' ? 'Create' : 'Update'),
  approvalVerb: (input?: Partial<EditInput>) => (input?.old_string === '' ? 'Create' : 'Edit'),
  toAutoClassifierInput: (input: EditInput) => `${input.file_path}: ${input.new_string}`,
  getToolUseSummary: (input: Partial<EditInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? displayPath(input.file_path, options?.cwd) : null,
  getActivityDescription: (input: Partial<EditInput> | undefined, options?: { cwd?: string }) =>
    input?.file_path ? `Editing ${displayPath(input.file_path, options?.cwd)}` : 'Editing a file',
  // Every edit needs a decision; the permission engine (rules, acceptEdits) may grant it without asking.
  async checkPermissions(input: EditInput, context: ToolUseContext) {
    const absPath = resolveToolPath(input.file_path, context.cwd);
    return askToEditFile(absPath, `Edit ${absPath}?`, context);
  },
  validateInput: validate,
  async call(input: EditInput, context: ToolUseContext) {
    // Planned again: the file may have changed while the permission prompt was open.
    const reviewed = reviewedContent(input);
    const plan = withReviewedContent(await planEdit(input, context), reviewed);
    const file = plan.existing;
    const text = withLineEnding(plan.updated, file?.lineEnding ?? 'LF');
    const before = await diagnosticsBefore(context, plan.absPath);
    const { mtimeMs } = await context.ports.workspace.writeText(plan.absPath, text, {
      encoding: file?.encoding ?? 'utf8',
      bom: file?.bom ?? false,
    });
    recordWrite(context, plan.absPath, text, mtimeMs);
    const created = !file;
    const data: EditOutput = {
      filePath: plan.absPath,
      // A reviewed edit replaced the whole text; saying so keeps the chat's diff of it true.
      oldString: reviewed === undefined ? input.old_string : plan.original,
      newString: reviewed === undefined ? input.new_string : plan.updated,
      replaceAll: reviewed === undefined ? input.replace_all : false,
      replacements: plan.replacements,
      created,
      originalFile: plan.original,
      snippet: created ? numberedSnippet(plan.updated, 1, WRITE_SNIPPET_LINES) : changeSnippet(plan),
    };
    const diagnostics = await newDiagnosticsNote(context, plan.absPath, before);
    return { data: diagnostics ? { ...data, diagnostics } : data };
  },
  mapToolResultToToolResultBlockParam(output: EditOutput, toolUseId: string): ToolResultBlock {
    const head = output.created
      ? `File created successfully at: ${output.filePath}`
      : `The file ${output.filePath} has been updated.${output.replacements > 1 ? ` Replaced ${output.replacements} occurrences.` : ''}`;
    const body = output.snippet ? `${head}\n${output.snippet}` : head;
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.diagnostics ? `${body}\n\n${output.diagnostics}` : body };
  },
} satisfies ToolDef<typeof inputSchema, EditOutput>;

export const EditTool = buildTool(editDef);
