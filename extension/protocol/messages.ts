/**
 * The host ↔ webview protocol. Both directions are Zod discriminated unions, parsed on receipt:
 * anything that does not parse is logged and dropped, never acted on. The webview imports only this
 * folder from the extension, so this file must stay free of `vscode` and Node APIs.
 */
import { z } from 'zod';
import { ChatEntrySchema, ChatMessageSchema, DiffHunkSchema, NonNegativeInt, NoticeEntrySchema, ToolInputSchema, ToolProgressViewSchema, ToolResultViewSchema } from './entries';
import { SubAgentViewSchema } from './entries';

import { ControlEventSchemas, ControlRequestSchemas, ControlSnapshotFields } from './controls';
import { CheckpointEventSchemas, CheckpointRequestSchemas, CheckpointSnapshotFields } from './checkpoints';
import { QuestionEventSchemas, QuestionRequestMessageSchemas, QuestionSnapshotFields } from './questions';
import { ComposerEventSchemas, ComposerRequestSchemas, ComposerSnapshotFields, PromptImagesSchema } from './composer';
import { QueueEventSchemas, QueueRequestSchemas, QueueSnapshotFields } from './queue';
import { PlanEventSchemas, PlanRequestMessageSchemas, PlanSnapshotFields } from './plans';
import { WorkListEventSchemas, WorkListSnapshotFields } from './workList';
import { PanelEventSchemas, PanelRequestSchemas, PanelSnapshotFields } from './panels';
import { ElicitationEventSchemas, ElicitationRequestMessageSchemas, ElicitationSnapshotFields } from './elicitation';

export * from './controls';
export * from './queue';
export * from './checkpoints';
export * from './questions';
export * from './composer';
export * from './entries';
export * from './toolNames';
export * from './plans';
export * from './workList';
export * from './panels';
export * from './elicitation';

/** Where model requests go, as the header's badge names it (llm/providers/select.ts chooses); none for the Anthropic API. */
export const PROVIDER_BADGES = {
  bedrock: { label: 'Bedrock', title: 'Model requests go to Amazon Bedrock' },
  vertex: { label: 'Vertex AI', title: 'Model requests go to Google Vertex AI' },
  foundry: { label: 'Foundry', title: 'Model requests go to Microsoft Foundry' },
} as const;

export const SetupStateSchema = z.strictObject({
  /** True when a key is in SecretStorage or ANTHROPIC_API_KEY is set, or a cloud provider needs none. */
  hasApiKey: z.boolean(),
  /** Where the key comes from, for the setup screen; `provider`: Bedrock, Vertex AI or Foundry, which need none. */
  keySource: z.enum(['secretStorage', 'environment', 'provider', 'none']),
  /** The model provider (`codewright.provider`, CLAUDE_CODE_USE_*); absent: not known, shown as the Anthropic API. */
  provider: z.enum(['anthropic', 'bedrock', 'vertex', 'foundry']).optional(),
  /**
   * False in Restricted Mode (an untrusted folder): the chat works, but the workspace's hooks, .mcp.json
   * servers, commands, skills and agents wait for trust, and the view says so. Absent: trusted.
   */
  workspaceTrusted: z.boolean().optional(),
});
export type SetupState = z.infer<typeof SetupStateSchema>;

/** Session totals and how full the context window is, for the usage line. */
export const UsageSchema = z.strictObject({
  inputTokens: NonNegativeInt,
  outputTokens: NonNegativeInt,
  cacheReadInputTokens: NonNegativeInt,
  cacheCreationInputTokens: NonNegativeInt,
  costUsd: z.number().nonnegative(),
  contextFill: z.number().min(0).max(1),
});
export type Usage = z.infer<typeof UsageSchema>;

/** What a permission dialog shows of the call: the Bash command, the file change, or the raw input. */
export const PermissionPreviewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('bash'), command: z.string().max(100_000), description: z.string().max(2000).optional() }),
  z.strictObject({
    kind: z.literal('diff'),
    /** The full path (the header's tooltip). */
    path: z.string().min(1).max(4096),
    /** The path as the user reads it, relative to the workspace when inside it; absent: `path`. */
    displayPath: z.string().min(1).max(4096).optional(),
    created: z.boolean(),
    added: NonNegativeInt,
    removed: NonNegativeInt,
    hunks: z.array(DiffHunkSchema),
    truncated: z.boolean(),
    /** The host can open the proposed content in VS Code's diff editor. */
    canOpenDiff: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('generic'), input: ToolInputSchema }),
]);
export type PermissionPreview = z.infer<typeof PermissionPreviewSchema>;

/** A tool call waiting for the user's answer; one is shown at a time, the rest wait (`waiting`). */
export const PermissionRequestSchema = z.strictObject({
  requestId: z.string().min(1).max(200),
  toolUseId: z.string().min(1).max(200),
  toolName: z.string().min(1).max(200),
  /** "Bash", "Update", … the tool's user-facing name. */
  title: z.string().max(500),
  /**
   * What the call does in the user's words ("Edit", "Run", "Fetch"): the dialog then reads "Edit src/a.ts?"
   * rather than "Allow <title>: <summary>?". Absent for tools without one (MCP tools, …).
   */
  verb: z.string().min(1).max(100).optional(),
  summary: z.string().max(2000).nullable(),
  /** The full text a shortened summary stands for (the absolute path of a file shown relative to the workspace): its tooltip. */
  summaryTitle: z.string().max(4096).optional(),
  /** Why the call asks, as the permission check said it. */
  message: z.string().max(10_000),
  /** The decision reason, rendered ("rule Bash(npm:*) in .claude/settings.json asks"). */
  reason: z.string().max(2000).optional(),
  warnings: z.array(z.string().max(2000)).max(50),
  /** The call cannot be undone (its tool's `isDestructive`: a Write over an existing file, an MCP tool marked `destructiveHint`, …): the line that says so and why. */
  destructive: z.string().min(1).max(500).optional(),
  /** Accepting one allows this call and remembers the rule; `index` goes back in `answerPermission`. */
  suggestions: z.array(z.strictObject({ index: NonNegativeInt, label: z.string().max(2000) })).max(10),
  preview: PermissionPreviewSchema,
  /** Further requests queued behind this one. */
  waiting: NonNegativeInt,
  /**
   * The sub-agent asking ("Asked by sub-agent Explore: find config loaders"); absent for the main agent. A background
   * agent or teammate (`background`, with a teammate's `name`) may also be allowed for the rest of its run.
   */
  agent: z
    .strictObject({ agentType: z.string().max(200), description: z.string().max(500), name: z.string().max(200).optional(), background: z.boolean().optional() })
    .optional(),
});
export type PermissionRequest = z.infer<typeof PermissionRequestSchema>;

const MAX_PROMPT_CHARS = 200_000;
const MAX_COPY_CHARS = 5_000_000;

/** webview → host: imperative requests. */
export const WebviewToHostSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  ...ControlRequestSchemas,
  ...CheckpointRequestSchemas,
  ...QuestionRequestMessageSchemas,
  ...PlanRequestMessageSchemas,
  ...QueueRequestSchemas,
  ...ComposerRequestSchemas,
  ...PanelRequestSchemas,
  ...ElicitationRequestMessageSchemas,
  /**
   * A prompt. While a turn runs it waits for the next tool boundary (nothing running is cancelled); with
   * `interrupt` ("Send now") the running tools that can be cancelled stop so it is read at once.
   */
  z.strictObject({
    type: z.literal('sendPrompt'),
    text: z.string().trim().min(1).max(MAX_PROMPT_CHARS),
    attachments: PromptImagesSchema.optional(),
    interrupt: z.literal(true).optional(),
  }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('newChat') }),
  z.strictObject({ type: z.literal('setApiKey') }),
  z.strictObject({ type: z.literal('showLogs') }),
  /** Open a file of a tool result or a markdown link in the editor; the host checks the path. */
  z.strictObject({
    type: z.literal('openFile'),
    path: z.string().min(1).max(4096),
    line: z.number().int().positive().optional(),
    endLine: z.number().int().positive().optional(),
  }),
  /** A link the user clicked; the host opens http(s) URLs in the browser and ignores the rest. */
  z.strictObject({ type: z.literal('openLink'), url: z.string().min(1).max(8192) }),
  /** Copy a code block; the webview has no reliable clipboard of its own. */
  z.strictObject({ type: z.literal('copyText'), text: z.string().max(MAX_COPY_CHARS) }),
  /** The user's answer to the permission dialog; the host ignores answers to requests no longer pending. */
  z.strictObject({
    type: z.literal('answerPermission'),
    requestId: z.string().min(1).max(200),
    /** `allowForAgentRun`: this tool, for the rest of the asking background agent's run. */
    choice: z.enum(['allowOnce', 'suggestion', 'deny', 'allowForAgentRun']),
    suggestionIndex: NonNegativeInt.optional(),
    /** Sent to the model: with a denial, what to do instead; with an allow, a note added to the call's result. */
    feedback: z.string().max(10_000).optional(),
  }),
  /** Show the pending request's proposed file change in VS Code's diff editor. */
  z.strictObject({ type: z.literal('openProposedDiff'), requestId: z.string().min(1).max(200) }),
]);
export type WebviewToHost = z.infer<typeof WebviewToHostSchema>;

/** host → webview: events. Updates are deltas; only `sessionSnapshot` carries the whole history. */
export const HostToWebviewSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('sessionSnapshot'),
    sessionId: z.string(),
    /** Messages and tool uses in conversation order. */
    entries: z.array(ChatEntrySchema),
    busy: z.boolean(),
    ...ControlSnapshotFields,
    ...CheckpointSnapshotFields,
    ...QuestionSnapshotFields,
    ...PlanSnapshotFields,
    ...QueueSnapshotFields,
    ...ComposerSnapshotFields,
    ...WorkListSnapshotFields,
    ...PanelSnapshotFields,
    ...ElicitationSnapshotFields,
    setup: SetupStateSchema,
    model: z.string(),
    usage: UsageSchema.optional(),
    /** The permission request on screen, re-sent when the view reloads. */
    pendingPermission: PermissionRequestSchema.optional(),
  }),
  z.strictObject({ type: z.literal('messageAdded'), message: ChatMessageSchema }),
  /** A note for the user (a hook's message, the fallback model, the spending limit): a new entry at the end of the list. */
  z.strictObject({ type: z.literal('noticeAdded'), notice: NoticeEntrySchema }),
  z.strictObject({ type: z.literal('assistantDelta'), messageId: z.string(), text: z.string() }),
  ...ControlEventSchemas,
  ...CheckpointEventSchemas,
  ...QuestionEventSchemas,
  ...PlanEventSchemas,
  ...ComposerEventSchemas,
  ...QueueEventSchemas,
  ...WorkListEventSchemas,
  ...PanelEventSchemas,
  ...ElicitationEventSchemas,
  /** Extended thinking of an assistant message, streamed before its text. */
  z.strictObject({ type: z.literal('thinkingDelta'), messageId: z.string(), text: z.string() }),
  /** Replaces a message's text: a failed attempt's output is discarded before the retry streams. */
  z.strictObject({ type: z.literal('assistantText'), messageId: z.string(), text: z.string(), thinking: z.string().optional() }),
  /** A transient status line ("Retrying in 4 s …", "Reading src/app.ts"); null clears it. */
  z.strictObject({ type: z.literal('status'), text: z.string().max(500).nullable() }),
  z.strictObject({ type: z.literal('usage'), usage: UsageSchema }),
  z.strictObject({
    type: z.literal('messageFinished'),
    messageId: z.string(),
    status: z.enum(['done', 'stopped', 'error']),
    error: z.string().optional(),
  }),
  z.strictObject({ type: z.literal('busyChanged'), busy: z.boolean() }),
  /** A tool use began (it may still wait for permission): a new tool entry at the end of the list. */
  z.strictObject({
    type: z.literal('toolUseStarted'),
    toolUseId: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
    input: ToolInputSchema,
    summary: z.string().max(2000).nullable(),
    activity: z.string().max(2000).nullable(),
    /** The tool's own title for the row's label (an MCP tool's `annotations.title`). */
    label: z.string().min(1).max(200).optional(),
  }),
  /** The latest progress of a running tool; replaces the previous one. */
  z.strictObject({ type: z.literal('toolProgress'), toolUseId: z.string(), progress: ToolProgressViewSchema }),
  z.strictObject({ type: z.literal('toolResult'), toolUseId: z.string(), result: ToolResultViewSchema }),
  /** An Agent tool use's sub-agent view; replaces the previous one. */
  z.strictObject({ type: z.literal('toolAgentUpdated'), toolUseId: z.string(), agent: SubAgentViewSchema }),
  /** The turn ended before the tool did. */
  z.strictObject({ type: z.literal('toolStopped'), toolUseId: z.string() }),
  z.strictObject({ type: z.literal('setupChanged'), setup: SetupStateSchema }),
  z.strictObject({ type: z.literal('permissionRequested'), request: PermissionRequestSchema }),
  /** The request was answered (here, in a modal, or by Stop): the dialog closes. */
  z.strictObject({ type: z.literal('permissionResolved'), requestId: z.string() }),
  /** How many requests wait behind the one shown. */
  z.strictObject({ type: z.literal('permissionWaiting'), requestId: z.string(), waiting: NonNegativeInt }),
]);
export type HostToWebview = z.infer<typeof HostToWebviewSchema>;

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string };

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

export function parseWebviewToHost(raw: unknown): ParseResult<WebviewToHost> {
  const r = WebviewToHostSchema.safeParse(raw);
  return r.success ? { ok: true, message: r.data } : { ok: false, error: describe(r.error) };
}

export function parseHostToWebview(raw: unknown): ParseResult<HostToWebview> {
  const r = HostToWebviewSchema.safeParse(raw);
  return r.success ? { ok: true, message: r.data } : { ok: false, error: describe(r.error) };
}
