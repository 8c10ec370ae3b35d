/**
 * Runs the file tools through the real executor (schema → validateInput → permission → call → map) against
 * a Workspace of the test's choosing, so tests see exactly what the model would.
 */
import { toolResultText, type ToolResultBlock } from '../../../../extension/core/base/messages';
import type { Workspace } from '../../../../extension/core/contracts/workspace';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { ToolExecutionOutcome } from '../../../../extension/core/contracts/events';
import type { CanUseToolFn } from '../../../../extension/core/contracts/tool';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { ReadTool } from '../../../../extension/tools/Read/Read';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { MemoryWorkspace } from './memoryWorkspace';

export const CWD = '/proj';

export interface Harness<W extends Workspace> {
  workspace: W;
  context: ToolUseContext;
  run(name: string, input: Record<string, unknown>, canUseTool?: CanUseToolFn): Promise<RunResult>;
}

export interface RunResult {
  outcome: ToolExecutionOutcome;
  result: ToolResultBlock;
  /** The result's text (image and document blocks left out). */
  text: string;
}

/** A context whose workspace is `workspace` and whose working directory is `cwd`. */
export function fileToolsHarness<W extends Workspace>(workspace: W, cwd: string = CWD): Harness<W> {
  const base = makeContext([ReadTool, WriteTool, EditTool]);
  const context: ToolUseContext = { ...base, cwd, ports: { ...base.ports, workspace } };
  return {
    workspace,
    context,
    async run(name, input, canUseTool = allowAll) {
      const block = toolUse(name, input);
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool });
      return { outcome, result: outcome.result, text: toolResultText(outcome.result.content) };
    },
  };
}

export function memoryHarness(): Harness<MemoryWorkspace> {
  return fileToolsHarness(new MemoryWorkspace([CWD]));
}
