/**
 * The required fields of the Agent SDK's message types (`@anthropic-ai/claude-agent-sdk` sdk.d.ts: SDKSystemMessage,
 * SDKAssistantMessage, SDKUserMessage, SDKUserMessageReplay, SDKResultMessage, SDKPartialAssistantMessage,
 * SDKAPIRetryMessage, SDKCompactBoundaryMessage, SDKStatusMessage, the task messages), as Zod schemas, so a test
 * checks each stream-json line against the shape an SDK consumer expects. Extra fields pass.
 */
import { z } from 'zod';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const count = z.number().int().nonnegative();

/** `NonNullableUsage`: BetaUsage without nulls. */
export const Usage = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
  cache_creation: z.looseObject({ ephemeral_1h_input_tokens: count, ephemeral_5m_input_tokens: count }),
  server_tool_use: z.looseObject({ web_search_requests: count, web_fetch_requests: count }),
  service_tier: z.enum(['standard', 'priority', 'batch']),
  inference_geo: z.string(),
  iterations: z.array(z.unknown()),
  speed: z.enum(['standard', 'fast']),
});

const Envelope = { uuid, session_id: z.string().min(1) };

export const Init = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('init'),
  agents: z.array(z.string()).optional(),
  apiKeySource: z.enum(['ANTHROPIC_API_KEY', 'apiKeyHelper', '/login managed key', 'none']),
  claude_code_version: z.string().min(1),
  cwd: z.string(),
  tools: z.array(z.string()),
  mcp_servers: z.array(z.looseObject({ name: z.string(), status: z.string() })),
  model: z.string(),
  permissionMode: z.enum(['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto']),
  slash_commands: z.array(z.string()),
  output_style: z.string(),
  skills: z.array(z.string()),
  plugins: z.array(z.looseObject({ name: z.string(), path: z.string() })),
  ...Envelope,
});

const SubAgentFields = { agent_id: z.string().optional(), subagent_type: z.string().optional(), task_description: z.string().optional() };

export const Assistant = z.looseObject({
  type: z.literal('assistant'),
  message: z.looseObject({
    id: z.string().min(1),
    type: z.literal('message'),
    role: z.literal('assistant'),
    model: z.string().min(1),
    content: z.array(z.looseObject({ type: z.string() })),
    stop_reason: z.string().nullable(),
    stop_sequence: z.string().nullable(),
    usage: Usage,
    container: z.null(),
    context_management: z.null(),
    diagnostics: z.null(),
    stop_details: z.null(),
  }),
  parent_tool_use_id: z.string().nullable(),
  ...Envelope,
  ...SubAgentFields,
});

const UserParam = z.looseObject({ role: z.literal('user'), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) });

export const User = z.looseObject({
  type: z.literal('user'),
  message: UserParam,
  parent_tool_use_id: z.string().nullable(),
  isSynthetic: z.boolean().optional(),
  tool_use_result: z.unknown().optional(),
  uuid: uuid.optional(),
  session_id: z.string().optional(),
  ...SubAgentFields,
});

export const UserReplay = z.looseObject({ type: z.literal('user'), message: UserParam, parent_tool_use_id: z.string().nullable(), isReplay: z.literal(true), ...Envelope });

const ModelUsage = z.looseObject({
  inputTokens: count,
  outputTokens: count,
  cacheReadInputTokens: count,
  cacheCreationInputTokens: count,
  webSearchRequests: count,
  costUSD: z.number().nonnegative(),
  contextWindow: z.number().positive(),
  maxOutputTokens: z.number().positive(),
});

const ResultCommon = {
  type: z.literal('result'),
  duration_ms: z.number().nonnegative(),
  duration_api_ms: z.number().nonnegative(),
  is_error: z.boolean(),
  num_turns: count,
  stop_reason: z.string().nullable(),
  total_cost_usd: z.number().nonnegative(),
  usage: Usage,
  modelUsage: z.record(z.string(), ModelUsage),
  permission_denials: z.array(z.strictObject({ tool_name: z.string(), tool_use_id: z.string(), tool_input: z.record(z.string(), z.unknown()) })),
  ...Envelope,
};

export const Result = z.union([
  z.looseObject({ ...ResultCommon, subtype: z.literal('success'), result: z.string() }),
  z.looseObject({
    ...ResultCommon,
    subtype: z.enum(['error_during_execution', 'error_max_turns', 'error_max_budget_usd', 'error_max_structured_output_retries']),
    errors: z.array(z.string()),
  }),
]);

export const StreamEvent = z.looseObject({
  type: z.literal('stream_event'),
  event: z.looseObject({ type: z.enum(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']) }),
  parent_tool_use_id: z.string().nullable(),
  ...Envelope,
});

const AssistantError = z.enum([
  'authentication_failed',
  'oauth_org_not_allowed',
  'account_on_hold',
  'verification_required',
  'billing_error',
  'rate_limit',
  'overloaded',
  'invalid_request',
  'model_not_found',
  'server_error',
  'unknown',
  'max_output_tokens',
  'cloud_credential_error',
]);

export const ApiRetry = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('api_retry'),
  attempt: z.number().int().positive(),
  max_retries: count,
  retry_delay_ms: z.number().nonnegative(),
  error_status: z.number().int().nullable(),
  error: AssistantError,
  ...Envelope,
});

export const CompactBoundary = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('compact_boundary'),
  compact_metadata: z.looseObject({ trigger: z.enum(['manual', 'auto']), pre_tokens: count }),
  ...Envelope,
});

export const Status = z.looseObject({ type: z.literal('system'), subtype: z.literal('status'), status: z.enum(['compacting', 'requesting']).nullable(), ...Envelope });

const TaskUsage = z.looseObject({ total_tokens: count, tool_uses: count, duration_ms: z.number().nonnegative() });

export const TaskStarted = z.looseObject({ type: z.literal('system'), subtype: z.literal('task_started'), task_id: z.string(), description: z.string(), ...Envelope });
export const TaskProgress = z.looseObject({ type: z.literal('system'), subtype: z.literal('task_progress'), task_id: z.string(), description: z.string(), usage: TaskUsage, ...Envelope });
export const TaskUpdated = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('task_updated'),
  task_id: z.string(),
  patch: z.strictObject({
    status: z.enum(['pending', 'running', 'completed', 'failed', 'killed', 'paused']).optional(),
    description: z.string().optional(),
    end_time: z.number().optional(),
    total_paused_ms: z.number().optional(),
    error: z.string().optional(),
    is_backgrounded: z.boolean().optional(),
  }),
  ...Envelope,
});
export const TaskNotification = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('task_notification'),
  task_id: z.string(),
  status: z.enum(['completed', 'failed', 'stopped']),
  output_file: z.string(),
  summary: z.string(),
  ...Envelope,
});

const Informational = z.looseObject({ type: z.literal('system'), subtype: z.literal('informational'), content: z.string(), level: z.enum(['info', 'notice', 'suggestion', 'warning']), uuid: z.string(), session_id: z.string() });

const SYSTEM: Record<string, z.ZodType> = {
  init: Init,
  api_retry: ApiRetry,
  compact_boundary: CompactBoundary,
  status: Status,
  task_started: TaskStarted,
  task_progress: TaskProgress,
  task_updated: TaskUpdated,
  task_notification: TaskNotification,
  informational: Informational,
};

/** Checks one line against its SDK type; throws with Zod's issues when it does not fit. A system subtype without a schema here fails. */
export function checkSdkLine(line: Record<string, unknown>): void {
  if (line.type === 'assistant') Assistant.parse(line);
  else if (line.type === 'user') (line.isReplay ? UserReplay : User).parse(line);
  else if (line.type === 'result') Result.parse(line);
  else if (line.type === 'stream_event') StreamEvent.parse(line);
  else if (line.type === 'system') {
    const schema = SYSTEM[String(line.subtype)];
    if (!schema) throw new Error(`not an SDK system subtype: ${String(line.subtype)}`);
    schema.parse(line);
  }
  else throw new Error(`not an SDK message type: ${String(line.type)}`);
}
