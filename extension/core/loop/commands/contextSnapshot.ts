/**
 * What the next request would carry, for /context: the system blocks and tool definitions the last turn sent
 * (exactly), or, before the first turn, the ones it will send built the same way (core/loop/query/systemPrompt.ts,
 * core/engines/tools/toolSchema.ts), plus the conversation.
 */
import { buildSystemPrompt } from '../query/systemPrompt';
import { contextWindowFor } from '../query/usage';
import type { Message } from '../../base/messages';
import type { EnvironmentInfo } from '../../contracts/environment';
import type { RequestPrefix, ToolUseContext } from '../../contracts/toolUseContext';
import type { Tools } from '../../contracts/tool';
import { toolDefinitions } from '../../engines/tools/toolSchema';
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
