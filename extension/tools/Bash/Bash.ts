/**
 * Bash: runs a command through the shell port, with the working directory kept between calls, output
 * streamed as progress, long runs moved to background tasks, and the permission check delegated to the
 * Bash command analysis. A factory, because the analysis needs the (host-loaded) tree-sitter parser.
 */
import { z } from 'zod';
import type { AssistantMessage, ToolResultBlock } from '../../core/base/messages';
import { cap } from '../../core/base/text/cap';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { recordShellCwd, workspaceRoots } from '../../core/contracts/workingDirectory';
import { buildTool, type ToolCallProgress } from '../../core/contracts/tool';
import { checkCommandPermissions, isReadOnlyCommand, type ShellParser } from './analysis';
import { BASH_TOOL_NAME } from '../../protocol/toolNames';
import { DEFAULT_TIMEOUT_MS, MAX_OUTPUT_CHARS, MAX_TIMEOUT_MS } from './constants';
import { bashResultBlock, type BashOutput } from './format';
import { BASH_DESCRIPTION, BASH_GUIDANCE, BASH_PROMPT } from './prompt';
import { runCommand, type BashProgress, type RunOutcome } from './run';
import { imageOutput } from './imageOutput';
import { commandOf, presentBash } from './present';
import { splitCommand } from '../../core/engines/permissions/bash';
import { withSandboxAutoAllow } from '../../core/engines/permissions/sandboxPlan';
import { detectSandboxFailure, sandboxFailureNote } from '../../core/engines/sandbox/failure';
import type { ShellExit } from '../../core/contracts/shell';
import type { BashSnapshotPort } from '../../core/contracts/snapshots';
import { requireUnsandboxedConsent, sandboxPlanFor, sandboxSpawnOptions } from '../shared/sandbox';

/** The command's parts for matching `excludedCommands` (none when it does not parse). */
function partsOf(parser: ShellParser | undefined, command: string): { parts?: string[] } {
  try {
    const parts = splitCommand(parser, command);
    return parts ? { parts } : {};
  } catch {
    return {};
  }
}

export type { BashOutput, BashProgress };

const inputSchema = z.strictObject({
  command: z.string().min(1).describe('The command to run'),
  timeout: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`Optional timeout in milliseconds (max ${MAX_TIMEOUT_MS}); default ${DEFAULT_TIMEOUT_MS}`),
  description: z
    .string()
    .optional()
    .describe('A short active-voice summary of what the command does, shown to the user, e.g. "Install dependencies"'),
  run_in_background: z
    .boolean()
    .optional()
    .describe('Run the command as a background task'),
  dangerouslyDisableSandbox: z
    .boolean()
    .optional()
    .describe('Run outside the sandbox (when sandboxing is on); the user is asked unless their settings allow it'),
});

export type BashInput = z.infer<typeof inputSchema>;

export interface BashToolOptions {
  /** The tree-sitter Bash parser the command analysis needs; without it every command asks. */
  parser?: ShellParser;
}

/** The tool_use this call answers, found by its input in the assistant message (progress and tasks link to it). */
function toolUseIdOf(parent: AssistantMessage | undefined, input: BashInput): string | undefined {
  const uses = parent?.content.filter((b) => b.type === 'tool_use' && b.name === BASH_TOOL_NAME) ?? [];
  const match = uses.find((b) => b.type === 'tool_use' && (b.input as { command?: unknown }).command === input.command);
  return match?.type === 'tool_use' ? match.id : undefined;
}

function oneLine(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return cap(line, max);
}

/** When a sandboxed run failed because of the sandbox, the note saying so (core/engines/sandbox/failure.ts). */
function sandboxNoteFor(output: string, exit: ShellExit, context: ToolUseContext): string | undefined {
  const failure = detectSandboxFailure(output, exit.code, exit.sandboxViolations);
  const overrideAllowed = context.getAppState().toolPermissionContext.sandbox?.allowUnsandboxedCommands !== false;
  return failure ? sandboxFailureNote(failure, { overrideAllowed }) : undefined;
}

function completed(output: string, exit: ShellExit, notes: { cwdNote: string | undefined; sandboxNote: string | undefined }): Extract<BashOutput, { kind: 'completed' }> {
  const { cwdNote, sandboxNote } = notes;
  return { kind: 'completed', output, exitCode: exit.code, ...(cwdNote ? { cwdNote } : {}), ...(sandboxNote ? { sandboxNote } : {}) };
}

/** A command that exited: its output (or the image it printed, imageOutput.ts) and the notes that go with it. */
async function finished(outcome: Extract<RunOutcome, { kind: 'exited' }>, sandboxed: boolean, context: ToolUseContext): Promise<BashOutput> {
  const cwdNote = recordShellCwd(context, outcome.exit.cwd);
  const sandboxNote = sandboxed ? sandboxNoteFor(outcome.output, outcome.exit, context) : undefined;
  const image = await imageOutput(outcome.output, outcome.outputFile, context);
  if (!image) return completed(outcome.output, outcome.exit, { cwdNote, sandboxNote });
  const { summary, ...attached } = image;
  return { ...completed(summary, outcome.exit, { cwdNote, sandboxNote }), image: attached };
}

type Snapped = Awaited<ReturnType<BashSnapshotPort['after']>>;

/**
 * Runs the command between a workspace snapshot before and one after (ToolPorts.snapshots), so what it changed
 * joins the checkpoint. One that moved to the background is not followed: what it writes from then on is seen
 * by nothing but the next baseline. One that failed part way still has what it wrote so far recorded.
 */
async function betweenSnapshots(
  snapshots: BashSnapshotPort | undefined,
  context: ToolUseContext,
  run: () => Promise<RunOutcome>,
): Promise<RunOutcome & { snapped?: Snapped }> {
  if (!snapshots) return run();
  await snapshots.before(context.abortController.signal);
  let outcome: RunOutcome;
  try {
    outcome = await run();
  } catch (err) {
    await snapshots.after();
    throw err;
  }
  return outcome.kind === 'background' ? outcome : { ...outcome, snapped: await snapshots.after() };
}

/** The row's list of what the command changed, and the once-per-session note when none could be taken. */
function withChanges(data: BashOutput, snapped: Snapped): BashOutput {
  if (data.kind !== 'completed') return data;
  return { ...data, ...(snapped.changes.length ? { changedFiles: snapped.changes } : {}), ...(snapped.note ? { snapshotNote: snapped.note } : {}) };
}

export function createBashTool(options: BashToolOptions = {}) {
  const readOnly = (input: BashInput) => isReadOnlyCommand(options.parser, input.command);
  const planFor = (input: BashInput, context: ToolUseContext) =>
    sandboxPlanFor(context, input.command, {
      dangerouslyDisableSandbox: input.dangerouslyDisableSandbox === true,
      ...partsOf(options.parser, input.command),
    });

  return buildTool({
    name: BASH_TOOL_NAME,
    guidance: BASH_GUIDANCE,
    present: presentBash,
    commandPreview: commandOf,
    searchHint: 'shell terminal command run execute bash npm git',
    inputSchema,
    maxResultSizeChars: MAX_OUTPUT_CHARS,
    isReadOnly: readOnly,
    isConcurrencySafe: readOnly,
    interruptBehavior: () => 'cancel',
    async description(input) {
      return input?.description ?? BASH_DESCRIPTION;
    },
    async prompt() {
      return BASH_PROMPT;
    },
    userFacingName: () => BASH_TOOL_NAME,
    approvalVerb: () => 'Run',
    getToolUseSummary: (input) => (input?.command ? oneLine(input.command) : null),
    getActivityDescription: (input) =>
      input?.description ? oneLine(input.description) : input?.command ? `Running ${oneLine(input.command, 60)}` : 'Running a command',
    toAutoClassifierInput: (input) => input.command,

    async checkPermissions(input, context: ToolUseContext) {
      const permissionContext = context.getAppState().toolPermissionContext;
      const result = await checkCommandPermissions(
        options.parser,
        input.command,
        permissionContext,
        { cwd: context.cwd, workspaceRoots: workspaceRoots(context) },
        { dangerouslyDisableSandbox: input.dangerouslyDisableSandbox === true },
      );
      // A command that will run sandboxed may skip the prompt (autoAllowBashIfSandboxed); nothing else changes.
      return withSandboxAutoAllow(result, planFor(input, context), permissionContext.sandbox);
    },

    async call(input, context, _canUseTool, parentMessage, onProgress?: ToolCallProgress<BashProgress>) {
      const shell = context.ports.shell;
      if (!shell) throw new ToolError('unavailable', 'Bash is not available in this host: no shell is configured.');
      const plan = planFor(input, context);
      await requireUnsandboxedConsent(plan, context);
      const sandbox = sandboxSpawnOptions(context, plan);
      const toolUseId = toolUseIdOf(parentMessage, input);
      // A command that may write runs between two workspace snapshots, so rewind can undo what it changed.
      const snapshots = readOnly(input) || input.run_in_background === true ? undefined : context.ports.snapshots;
      const request = {
        command: input.command,
        ...(input.description ? { description: input.description } : {}),
        cwd: context.cwd,
        timeoutMs: Math.min(input.timeout ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS),
        runInBackground: input.run_in_background === true,
        ...sandbox,
        ...(toolUseId ? { toolUseId } : {}),
      };
      const outcome = await betweenSnapshots(snapshots, context, () => runCommand(shell, request, context, onProgress));
      if (outcome.kind === 'background') {
        const timeoutMs = Math.min(input.timeout ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
        return { data: { ...outcome, ...(outcome.reason === 'timeout' ? { timeoutMs } : {}) } satisfies BashOutput };
      }
      const data = await finished(outcome, sandbox.sandboxed, context);
      return { data: outcome.snapped ? withChanges(data, outcome.snapped) : data };
    },

    mapToolResultToToolResultBlockParam(output: BashOutput, toolUseId: string): ToolResultBlock {
      return bashResultBlock(output, toolUseId);
    },
  });
}

export type BashTool = ReturnType<typeof createBashTool>;
