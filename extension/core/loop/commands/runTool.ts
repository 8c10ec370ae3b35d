/**
 * `CommandContext.runTool` for a session: a prompt command's `!` lines and `@` files run as a model's Bash
 * and Read calls would, through `executeToolUse` and the session's `canUseTool` (the permission engine, and
 * the user when it asks). The command's `allowed-tools` join the permission context as `command` rules for
 * these calls only, so they never outlive the expansion. Used by the Skill tool and by slash-command dispatch.
 */
import { randomUUID } from 'node:crypto';
import type { AssistantMessage, ToolResultBlock, ToolUseBlock } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { executeToolUse } from '../../engines/tools/execute';
import type { CanUseToolFn } from '../../contracts/tool';
import type { CommandContext } from '../../contracts/commands';

export interface CommandToolRunnerOptions {
  context: ToolUseContext;
  canUseTool: CanUseToolFn;
  /** The assistant message the calls hang off (the Skill tool's); a synthetic one otherwise. */
  assistantMessage?: AssistantMessage;
}

/** A `runTool` bound to one session's tools and permission decider. */
export function createCommandToolRunner(opts: CommandToolRunnerOptions): NonNullable<CommandContext['runTool']> {
  return async (name, input, { allowedTools }) => {
    const block: ToolUseBlock = { type: 'tool_use', id: `toolu_cmd_${randomUUID().replace(/-/g, '')}`, name, input };
    const context = allowedTools.length > 0 ? withCommandRules(opts.context, allowedTools) : opts.context;
    const assistantMessage = opts.assistantMessage ?? { role: 'assistant', content: [block] };
    const outcome = await executeToolUse({ block, assistantMessage, context, canUseTool: opts.canUseTool });
    return { ok: outcome.stage === 'success' && outcome.result.is_error !== true, text: resultText(outcome.result) };
  };
}

export interface CommandToolRunnerDeps {
  /** A fresh tool context under the window's current rules, taken at each call. */
  context: () => ToolUseContext;
  canUseTool: CanUseToolFn;
}

/** The session's `runTool` (slash-command dispatch): like `createCommandToolRunner`, with the context taken per call. */
export function commandToolRunner(deps: CommandToolRunnerDeps): NonNullable<CommandContext['runTool']> {
  return (name, input, opts) => createCommandToolRunner({ context: deps.context(), canUseTool: deps.canUseTool })(name, input, opts);
}

/** The context with `rules` added as `command` allow rules, read fresh from the store on every access. */
export function withCommandRules(context: ToolUseContext, rules: readonly string[]): ToolUseContext {
  return {
    ...context,
    getAppState: () => {
      const state = context.getAppState();
      const perms = state.toolPermissionContext;
      const command = [...(perms.alwaysAllowRules.command ?? []), ...rules];
      return { ...state, toolPermissionContext: { ...perms, alwaysAllowRules: { ...perms.alwaysAllowRules, command } } };
    },
  };
}

/** A result's text: its string, or its text blocks joined (images and documents have no place in a prompt line). */
export function resultText(result: ToolResultBlock): string {
  if (typeof result.content === 'string') return result.content;
  return (result.content ?? [])
    .map((b) => (b.type === 'text' ? b.text : `[${b.type}]`))
    .join('\n');
}
