/**
 * Skill: the model loads a skill (`.claude/skills/<name>/SKILL.md`) or a custom prompt command by name
 * (docs/ARCHITECTURE.md, Slash commands and skills). The command is found in `context.options.commands`,
 * expanded with its arguments (its `!` lines and `@` files run through the permission engine, as the model's
 * own calls would), and the expanded text is the tool result, so its instructions enter the conversation.
 * Its `allowed-tools` are allowed for the rest of the turn. `Skill(name)` rules allow, ask or deny by name. A
 * skill with `context: fork` runs instead as the task of a fork of the conversation, whose report is the result.
 */
import { z } from 'zod';
import { createCommandToolRunner, withCommandRules } from '../../core/loop/commands/runTool';
import { promptText } from '../../core/loop/commands/promptCommand';
import type { CommandContext, PromptCommand } from '../../core/contracts/commands';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import type { AgentRunResult, SpawnAgent } from '../../core/contracts/agents';
import { buildTool, type CanUseToolFn } from '../../core/contracts/tool';
import { FORK_AGENT_TYPE } from '../../core/loop/subagents/fork';
import { SKILL_TOOL_NAME } from '../../protocol/toolNames';
import { checkSkillPermission } from './permissions';
import { SKILL_DESCRIPTION, SKILL_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  skill: z.string().min(1).describe('The skill or command name as listed, e.g. "pdf" or "git:commit" (no leading slash)'),
  args: z.string().optional().describe('Optional arguments for it, as typed after the command'),
});

export type SkillInput = z.infer<typeof inputSchema>;

export interface SkillOutput {
  skill: string;
  /** The expanded prompt. */
  text: string;
  source: string;
  loadedFrom?: string;
  /** A `context: fork` skill's run in a fork of the conversation: what the fork reported. */
  forked?: { agentId: string; status: AgentRunResult['status']; report: string };
}

/** Runs a `context: fork` skill's text as the task of a fork of the conversation (core/loop/subagents/fork.ts). */
async function runForked(name: string, text: string, context: ToolUseContext, canUseTool: CanUseToolFn, spawn: SpawnAgent): Promise<NonNullable<SkillOutput['forked']>> {
  const spawned = await spawn({ agentType: FORK_AGENT_TYPE, prompt: text, description: `skill ${name}`, runInBackground: false }, context, canUseTool);
  const result = await spawned.result;
  return { agentId: spawned.agentId, status: result.status, report: result.report };
}

/** `/pdf` and `pdf` name the same skill. */
export function skillName(raw: string): string {
  return raw.trim().replace(/^\//, '');
}

/** The prompt commands the model may load: all of them but those that set disable-model-invocation. */
export function invocableSkills(context: ToolUseContext): PromptCommand[] {
  return context.options.commands.filter((c): c is PromptCommand => c.type === 'prompt' && c.disableModelInvocation !== true && c.isEnabled?.() !== false);
}

function unknownSkillMessage(name: string, context: ToolUseContext): string {
  const names = invocableSkills(context).map((c) => c.name);
  const listed = names.length > 0 ? `Available: ${names.join(', ')}.` : 'No skills or custom commands are defined.';
  const blocked = context.options.commands.some((c) => c.name === name && c.type === 'prompt' && c.disableModelInvocation === true);
  return blocked ? `/${name} may only be run by the user (disable-model-invocation). ${listed}` : `Unknown skill "${name}". ${listed}`;
}

export const SkillTool = buildTool({
  name: SKILL_TOOL_NAME,
  searchHint: 'skill slash command instructions load',
  inputSchema,
  maxResultSizeChars: 100_000,
  async description() {
    return SKILL_DESCRIPTION;
  },
  async prompt() {
    return SKILL_PROMPT;
  },
  userFacingName: () => 'Skill',
  getToolUseSummary: (input) => (input?.skill ? skillName(input.skill) : null),
  getActivityDescription: (input) => (input?.skill ? `Launching skill: ${skillName(input.skill)}` : 'Launching skill'),
  toAutoClassifierInput: (input) => `${skillName(input.skill)} ${input.args ?? ''}`.trim(),

  async validateInput(input, context) {
    const name = skillName(input.skill);
    if (!invocableSkills(context).some((c) => c.name === name)) return { result: false, message: unknownSkillMessage(name, context) };
    return { result: true };
  },

  checkPermissions: (input, context) => checkSkillPermission(skillName(input.skill), input, context),

  async call(input, context, canUseTool, parentMessage) {
    const name = skillName(input.skill);
    const command = invocableSkills(context).find((c) => c.name === name)!;
    const commandContext: CommandContext = {
      cwd: context.cwd,
      getAppState: context.getAppState,
      setAppState: context.setAppState,
      abortSignal: context.abortController.signal,
      runTool: createCommandToolRunner({ context, canUseTool, assistantMessage: parentMessage }),
    };
    const text = promptText(await command.getPromptForCommand(input.args ?? '', commandContext));
    const data: SkillOutput = { skill: name, text, source: command.source, ...(command.loadedFrom ? { loadedFrom: command.loadedFrom } : {}) };
    // A sub-agent cannot start one: there the skill runs inline.
    const spawn = command.context === 'fork' ? context.options.spawnAgent : undefined;
    if (spawn) return { data: { ...data, forked: await runForked(name, text, context, canUseTool, spawn) } };
    const rules = command.allowedTools ?? [];
    return { data, ...(rules.length > 0 ? { contextModifier: (ctx: ToolUseContext) => withCommandRules(ctx, rules) } : {}) };
  },

  mapToolResultToToolResultBlockParam(output: SkillOutput, toolUseId: string): ToolResultBlock {
    const fork = output.forked;
    if (fork) {
      const content = `Skill ${output.skill} ran in a fork of this conversation (agent ${fork.agentId}, ${fork.status}). Its report:\n\n${fork.report}`;
      return { type: 'tool_result', tool_use_id: toolUseId, content, ...(fork.status === 'completed' ? {} : { is_error: true }) };
    }
    return { type: 'tool_result', tool_use_id: toolUseId, content: `Launching skill: ${output.skill}\n\n${output.text}` };
  },
});
