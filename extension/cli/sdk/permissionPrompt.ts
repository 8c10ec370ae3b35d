/**
 * Who answers a permission ask in a headless run (docs/ARCHITECTURE.md, The SDK transport):
 * - `--permission-prompt-tool stdio`: the SDK app, through a `can_use_tool` control request;
 * - `--permission-prompt-tool mcp__server__tool`: an MCP tool (Claude Code's older form) called with
 *   `{tool_name, input, tool_use_id}` that answers `{"behavior":"allow"|"deny", …}` as JSON text.
 * Either answer allows (with `updatedInput`, and `updatedPermissions` applied as an accepted suggestion) or
 * denies (with `message`; `interrupt: true` also ends the turn). The decision reason is `permissionPromptTool`.
 * An answer that cannot be read is a denial that says why: nothing runs on a garbled yes.
 */
import { z } from 'zod';
import type { McpHub } from '../../core/contracts/mcp';
import type { PermissionDecisionReason, PermissionUpdate } from '../../core/contracts/permissions';
import type { ApprovalAnswer, AskUser, PermissionPrompt } from '../../core/contracts/permissionPrompts';
import type { ControlChannel } from './channel';

const Answer = z.union([
  z.looseObject({
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedPermissions: z.array(z.looseObject({ type: z.string() })).optional(),
  }),
  z.looseObject({ behavior: z.literal('deny'), message: z.string().optional(), interrupt: z.boolean().optional() }),
]);

/** Called when an answer says `interrupt: true`: the running turn stops. */
export type OnInterrupt = () => void;

function reasonType(reason: PermissionDecisionReason | undefined): string | undefined {
  return reason?.type;
}

function reasonText(prompt: PermissionPrompt): string {
  const r = prompt.decisionReason;
  if (r && 'reason' in r && typeof r.reason === 'string' && r.reason) return r.reason;
  return prompt.message;
}

/** The file a path check stopped at, when the ask is about one. */
function blockedPath(prompt: PermissionPrompt): string | undefined {
  const type = prompt.decisionReason?.type;
  if (type !== 'workingDir' && type !== 'safetyCheck') return undefined;
  const p = prompt.input.file_path ?? prompt.input.notebook_path ?? prompt.input.path;
  return typeof p === 'string' ? p : undefined;
}

/** The `can_use_tool` request body for one ask. */
export function canUseToolRequest(prompt: PermissionPrompt): Record<string, unknown> & { subtype: string } {
  const path = blockedPath(prompt);
  const type = reasonType(prompt.decisionReason);
  return {
    subtype: 'can_use_tool',
    tool_name: prompt.tool.name,
    input: prompt.input,
    tool_use_id: prompt.toolUseId,
    ...(prompt.suggestions?.length ? { permission_suggestions: prompt.suggestions } : {}),
    ...(path ? { blocked_path: path } : {}),
    decision_reason: reasonText(prompt),
    ...(type ? { decision_reason_type: type } : {}),
    ...(prompt.agent ? { agent_id: prompt.agent.agentType } : {}),
    description: prompt.message,
  };
}

/** Reads an answer (the SDK's or the MCP tool's) as the approval the gate takes. */
export function answerFrom(raw: unknown, toolName: string, promptToolName: string, onInterrupt?: OnInterrupt): ApprovalAnswer {
  const parsed = Answer.safeParse(raw);
  const decisionReason: PermissionDecisionReason = { type: 'permissionPromptTool', permissionPromptToolName: promptToolName, toolResult: raw };
  if (!parsed.success) {
    return { behavior: 'deny', message: `Permission to use ${toolName} was not granted: the permission prompt tool (${promptToolName}) gave an answer that is not {"behavior":"allow"|"deny", …}.`, decisionReason };
  }
  const answer = parsed.data;
  if (answer.behavior === 'deny') {
    if (answer.interrupt) onInterrupt?.();
    return { behavior: 'deny', message: answer.message?.trim() || `Permission to use ${toolName} was denied.`, decisionReason };
  }
  return {
    behavior: 'allow',
    decisionReason,
    ...(answer.updatedInput ? { updatedInput: answer.updatedInput } : {}),
    ...(answer.updatedPermissions?.length ? { permissionUpdates: answer.updatedPermissions as unknown as PermissionUpdate[] } : {}),
  };
}

/** `--permission-prompt-tool stdio`: each ask is a `can_use_tool` request; the turn's abort cancels it. */
export function sdkAskUser(channel: ControlChannel, onInterrupt: OnInterrupt): AskUser {
  return async (prompt, context) => {
    try {
      const response = await channel.request(canUseToolRequest(prompt), context.abortController.signal);
      return answerFrom(response, prompt.tool.name, 'stdio', onInterrupt);
    } catch (err) {
      return {
        behavior: 'deny',
        message: `Permission to use ${prompt.tool.name} was not granted: ${err instanceof Error ? err.message : String(err)}.`,
        decisionReason: { type: 'other', reason: 'the SDK did not answer' },
      };
    }
  };
}

/** The JSON an MCP permission prompt tool answered: the first text block of its result. */
function toolAnswer(result: Awaited<ReturnType<McpHub['callTool']>>): unknown {
  const text = result.content.find((c) => c.type === 'text');
  if (!text || text.type !== 'text') return undefined;
  try {
    return JSON.parse(text.text);
  } catch {
    return undefined;
  }
}

/** `mcp__<server>__<tool>` split on the server the hub knows (server names may hold `__`). */
export function splitMcpToolName(name: string, hub: McpHub): { server: string; tool: string } | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  for (const s of hub.servers()) {
    const prefix = `mcp__${s.name.replace(/[^A-Za-z0-9_-]/g, '_')}__`;
    if (!name.startsWith(prefix)) continue;
    const tool = s.tools.find((t) => `${prefix}${t.name.replace(/[^A-Za-z0-9_-]/g, '_')}` === name);
    if (tool) return { server: s.name, tool: tool.name };
  }
  return undefined;
}

/** `--permission-prompt-tool mcp__server__tool`: each ask calls that MCP tool. */
export function mcpToolAskUser(toolName: string, hub: () => McpHub | undefined, onInterrupt: OnInterrupt): AskUser {
  return async (prompt, context) => {
    const mcp = hub();
    const target = mcp ? splitMcpToolName(toolName, mcp) : undefined;
    if (!mcp || !target) {
      return { behavior: 'deny', message: `Permission to use ${prompt.tool.name} was not granted: the permission prompt tool ${toolName} is not among the connected MCP servers' tools.`, decisionReason: { type: 'other', reason: 'permission prompt tool missing' } };
    }
    try {
      const result = await mcp.callTool(target.server, target.tool, { tool_name: prompt.tool.name, input: prompt.input, tool_use_id: prompt.toolUseId }, context.abortController.signal);
      if (result.isError) throw new Error(result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ').trim() || 'the tool reported an error');
      return answerFrom(toolAnswer(result), prompt.tool.name, toolName, onInterrupt);
    } catch (err) {
      return { behavior: 'deny', message: `Permission to use ${prompt.tool.name} was not granted: ${toolName} failed: ${err instanceof Error ? err.message : String(err)}.`, decisionReason: { type: 'other', reason: 'permission prompt tool failed' } };
    }
  };
}
