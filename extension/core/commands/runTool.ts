/**
 * `CommandContext.runTool` for a session: runs one tool for a prompt command's expansion (`!` shell lines
 * through Bash, `@` files through Read) with the same executor, permission engine and asking as a model's
 * call, the command's `allowed-tools` added as `command` allow rules for this call only.
 */
import { toolResultText, type ToolUseBlock } from '../messages';
import { executeToolUse } from '../tool/execute';
import type { ToolUseContext } from '../tool/context';
import type { CanUseToolFn } from '../tool/Tool';
import { withCommandRules } from './commandRules';
import type { CommandContext } from './types';

export interface CommandToolRunnerDeps {
  /** A fresh tool context under the window's current rules. */
  context: () => ToolUseContext;
  canUseTool: CanUseToolFn;
  newId: () => string;
}

export function commandToolRunner(deps: CommandToolRunnerDeps): NonNullable<CommandContext['runTool']> {
  return async (name, input, { allowedTools }) => {
    const base = deps.context();
    const context: ToolUseContext = allowedTools.length
      ? {
          ...base,
          getAppState: () => {
            const state = base.getAppState();
            return { ...state, toolPermissionContext: withCommandRules(state.toolPermissionContext, allowedTools) };
          },
        }
      : base;
    const block: ToolUseBlock = { type: 'tool_use', id: `toolu_command_${deps.newId()}`, name, input };
    const outcome = await executeToolUse({ block, assistantMessage: { role: 'assistant', content: [block] }, context, canUseTool: deps.canUseTool });
    return { ok: outcome.stage === 'success' && outcome.result.is_error !== true, text: toolResultText(outcome.result.content) };
  };
}
