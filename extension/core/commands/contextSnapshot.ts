/**
 * What the next request would carry, for /context: the system blocks and tool definitions the last turn sent
 * (exactly), or, before the first turn, the ones it will send built the same way (core/agent/systemPrompt.ts,
 * core/tool/toolSchema.ts), plus the conversation.
 */
import { buildSystemPrompt } from '../agent/systemPrompt';
import { contextWindowFor } from '../agent/usage';
import type { Message } from '../messages';
import type { EnvironmentInfo } from '../ports';
import type { RequestPrefix, ToolUseContext } from '../tool/context';
import type { Tools } from '../tool/Tool';
import { toolDefinitions } from '../tool/toolSchema';
import type { ContextSnapshot } from './host';

export type { ContextSnapshot } from './host';

export async function estimateContextSnapshot(opts: {
  prefix: RequestPrefix | undefined;
  env: EnvironmentInfo;
  model: string;
  messages: readonly Message[];
  tools: Tools;
  toolContext: () => ToolUseContext;
  /** The skills the system prompt would list (before the first turn, when there is no prefix yet). */
  skills?: readonly { name: string; description: string }[];
}): Promise<ContextSnapshot> {
  const model = opts.prefix?.model ?? opts.model;
  const base = { model, contextWindow: contextWindowFor(model), messages: opts.messages };
  if (opts.prefix) return { ...base, system: opts.prefix.system, tools: opts.prefix.tools };
  const context = opts.toolContext();
  const tools = await toolDefinitions(opts.tools, {
    isNonInteractiveSession: context.options.isNonInteractiveSession,
    toolPermissionContext: context.getAppState().toolPermissionContext,
    tools: opts.tools,
    agentDefinitions: context.options.agentDefinitions,
  });
  return { ...base, system: buildSystemPrompt({ env: opts.env, tools: opts.tools, skills: opts.skills ?? [] }), tools };
}
