/**
 * The conversation as the webview renders it: messages and tool uses, in order. The host owns the truth
 * (extension/conversation/ builds it) and sends it whole only in a snapshot; events change one entry at a time.
 * Everything here is render-ready: sizes are capped by the host, paths are as the tool printed them.
 */
import { z } from 'zod';
import { MAX_SNAPSHOT_CHANGES, SnapshotChangeViewSchema } from './checkpoints';

/** Longest text preview of a tool result the host sends. */
export const MAX_RESULT_PREVIEW_CHARS = 20_000;
/** Longest live output tail of a running tool. */
export const MAX_PROGRESS_CHARS = 8_000;

const Id = z.string().min(1).max(200);
/** A count or a line number (lines, tokens, indexes). */
export const NonNegativeInt = z.number().int().nonnegative();

export const DiffHunkSchema = z.strictObject({
  oldStart: NonNegativeInt,
  oldLines: NonNegativeInt,
  newStart: NonNegativeInt,
  newLines: NonNegativeInt,
  /** Unified-diff lines: a first character of ' ', '+' or '-', then the text. */
  lines: z.array(z.string()),
});
export type DiffHunk = z.infer<typeof DiffHunkSchema>;

/** Something the user attached to a prompt: an image (inline data) or a file reference. */
export const AttachmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('image'),
    name: z.string().max(500).optional(),
    mediaType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
    /** Base64 without the `data:` prefix. */
    data: z.string().max(10_000_000),
  }),
  z.strictObject({
    kind: z.literal('file'),
    path: z.string().min(1).max(4096),
    startLine: z.number().int().positive().optional(),
    endLine: z.number().int().positive().optional(),
    /** Why a mentioned file was not attached ("Not found…"), or that it was truncated. */
    warning: z.string().max(500).optional(),
  }),
]);
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A user prompt or a stretch of assistant output between tool uses. */
export const ChatMessageSchema = z.strictObject({
  id: Id,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** streaming: the turn is still running; stopped: the user pressed Stop; error: the turn failed. */
  status: z.enum(['streaming', 'done', 'stopped', 'error']),
  error: z.string().optional(),
  /** Extended thinking streamed before the text (assistant only). */
  thinking: z.string().optional(),
  attachments: z.array(AttachmentSchema).max(50).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

const PathItemSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  line: z.number().int().positive().optional(),
  /** The matching line (Grep content mode) or a count (Grep count mode). */
  text: z.string().max(2000).optional(),
});
export type PathItem = z.infer<typeof PathItemSchema>;

/** What a renderer can show beyond the text preview; absent when the tool has nothing structured. */
export const ToolResultDataSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('diff'),
    filePath: z.string(),
    created: z.boolean(),
    added: NonNegativeInt,
    removed: NonNegativeInt,
    hunks: z.array(DiffHunkSchema),
    /** Hunks were left out to keep the message small. */
    truncated: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('read'),
    filePath: z.string(),
    startLine: z.number().int().positive().optional(),
    endLine: z.number().int().positive().optional(),
  }),
  z.strictObject({
    kind: z.literal('paths'),
    items: z.array(PathItemSchema),
    /** More paths than items (the rest are in the text preview or were cut by the tool). */
    truncated: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('bash'),
    command: z.string(),
    output: z.string(),
    /** Null while unknown (moved to the background, interrupted). */
    exitCode: z.number().int().nullable(),
    backgroundTaskId: z.string().optional(),
    /** The files the command created, modified or deleted (workspace snapshots; ignored files are not seen). */
    changedFiles: z.array(SnapshotChangeViewSchema).max(MAX_SNAPSHOT_CHANGES).optional(),
    /** Why the workspace could not be snapshotted around the command (said once per session). */
    snapshotNote: z.string().max(2000).optional(),
  }),
  /** AskUserQuestion: each question with the labels picked and any "Other" text. */
  z.strictObject({
    kind: z.literal('questions'),
    declined: z.boolean(),
    items: z
      .array(
        z.strictObject({
          question: z.string().max(2000),
          header: z.string().max(100),
          selected: z.array(z.string().max(2000)).max(10),
          other: z.string().max(10_000).optional(),
        }),
      )
      .max(4),
  }),
  /** Agent: how the sub-agent's run ended, and its final report (markdown). */
  z.strictObject({
    kind: z.literal('agent'),
    agentType: z.string().max(200),
    model: z.string().max(200),
    status: z.enum(['completed', 'failed', 'killed']),
    /** Input plus output tokens of the whole run. */
    tokens: NonNegativeInt,
    toolUses: NonNegativeInt,
    durationMs: NonNegativeInt,
    report: z.string().max(MAX_RESULT_PREVIEW_CHARS + 200),
  }),
  /** ExitPlanMode: the plan as markdown and the user's decision (docs/ARCHITECTURE.md, Plan mode). */
  z.strictObject({
    kind: z.literal('plan'),
    plan: z.string().max(100_000),
    outcome: z.enum(['approved', 'keepPlanning']),
    /** The mode an approved plan is carried out in. */
    mode: z.enum(['default', 'acceptEdits']).optional(),
    feedback: z.string().max(10_000).optional(),
  }),
  /**
   * An MCP tool's result beyond its text (mcp__server__tool, ReadMcpResourceTool): the images and resource
   * links of its content blocks. The host fills it from the MCP content (the tool's `present`).
   */
  z.strictObject({
    kind: z.literal('mcp'),
    images: z
      .array(
        z.strictObject({
          mediaType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
          /** Base64 without the `data:` prefix. */
          data: z.string().max(10_000_000),
        }),
      )
      .max(20),
    links: z
      .array(
        z.strictObject({
          uri: z.string().min(1).max(8192),
          name: z.string().max(500).optional(),
          mimeType: z.string().max(200).optional(),
          description: z.string().max(2000).optional(),
        }),
      )
      .max(200),
  }),
  /** ToolSearch: the tools it loaded; none means the search found no match (not a success to celebrate). */
  z.strictObject({
    kind: z.literal('toolSearch'),
    query: z.string().max(2000),
    matches: z.array(z.string().max(200)).max(100),
  }),
  /**
   * WebFetch: what was fetched (the final URL after same-host redirects) with its HTTP status and size, or a
   * cross-host redirect that was not followed (`redirect`, the target the model may fetch next).
   */
  z.strictObject({
    kind: z.literal('web'),
    url: z.string().min(1).max(8192),
    status: z.number().int().min(0).max(999),
    statusText: z.string().max(200).optional(),
    /** Size of the body as received. */
    bytes: NonNegativeInt.optional(),
    contentType: z.string().max(200).optional(),
    /** Served from the 15-minute page cache. */
    cached: z.boolean().optional(),
    redirect: z.string().min(1).max(8192).optional(),
  }),
]);
export type ToolResultData = z.infer<typeof ToolResultDataSchema>;

export const ToolResultViewSchema = z.strictObject({
  isError: z.boolean(),
  /** The result as the model saw it, capped at MAX_RESULT_PREVIEW_CHARS. */
  text: z.string().max(MAX_RESULT_PREVIEW_CHARS + 200),
  truncated: z.boolean(),
  data: ToolResultDataSchema.optional(),
});
export type ToolResultView = z.infer<typeof ToolResultViewSchema>;

/** The latest progress of a running tool: an output tail (Bash) and/or a short message. */
export const ToolProgressViewSchema = z.strictObject({
  output: z.string().max(MAX_PROGRESS_CHARS + 200).optional(),
  message: z.string().max(500).optional(),
  elapsedSeconds: z.number().nonnegative().optional(),
  totalLines: NonNegativeInt.optional(),
});
export type ToolProgressView = z.infer<typeof ToolProgressViewSchema>;

/** Most child tool rows a sub-agent view keeps; earlier ones are only counted. */
export const MAX_AGENT_CHILDREN = 50;

/** One tool use of a sub-agent, nested under its Agent row. */
export const SubAgentChildSchema = z.strictObject({
  toolUseId: Id,
  toolName: z.string().min(1).max(200),
  summary: z.string().max(500),
  status: z.enum(['running', 'done', 'error', 'stopped']),
});
export type SubAgentChild = z.infer<typeof SubAgentChildSchema>;

/** What a sub-agent is doing: built by the host from the Agent tool's progress (its `subAgentView`, extension/tools/Agent/subAgentView.ts). */
export const SubAgentViewSchema = z.strictObject({
  agentId: Id,
  agentType: z.string().max(200),
  model: z.string().max(200),
  description: z.string().max(500),
  /** Input plus output tokens so far. */
  tokens: NonNegativeInt,
  /** Epoch ms when the host first heard of it, so the webview can tick the elapsed time. */
  startedAt: z.number().nonnegative(),
  /** Elapsed time as last reported. */
  elapsedMs: NonNegativeInt,
  /** Tool uses started so far, including the ones no longer in `children`. */
  toolUses: NonNegativeInt,
  /** The latest MAX_AGENT_CHILDREN tool uses, oldest first. */
  children: z.array(SubAgentChildSchema).max(MAX_AGENT_CHILDREN),
  /** How many earlier tool uses were dropped from `children`. */
  earlierChildren: NonNegativeInt,
  /** The last line of text the sub-agent wrote. */
  latestText: z.string().max(500).optional(),
});
export type SubAgentView = z.infer<typeof SubAgentViewSchema>;

/** The tool's input as the model sent it; long strings are cut by the host. */
export const ToolInputSchema = z.record(z.string(), z.unknown());

export const ToolEntrySchema = z.strictObject({
  id: Id,
  role: z.literal('tool'),
  /** The wire name the model called (Read, Bash, mcp__server__tool, ...). */
  name: z.string().min(1).max(200),
  input: ToolInputSchema,
  /** One line for the collapsed row ("src/app.ts:10-40"). */
  summary: z.string().max(2000).nullable(),
  /** Present tense, for the spinner ("Reading src/app.ts"). */
  activity: z.string().max(2000).nullable(),
  /** The tool's own title for the row's label, when it has one (an MCP tool's `annotations.title`). */
  label: z.string().min(1).max(200).optional(),
  /** stopped: the turn ended before the tool finished. */
  status: z.enum(['running', 'done', 'error', 'stopped']),
  progress: ToolProgressViewSchema.optional(),
  result: ToolResultViewSchema.optional(),
  /** An Agent tool use: its sub-agent's type, tokens and tool rows. */
  agent: SubAgentViewSchema.optional(),
});
export type ToolEntry = z.infer<typeof ToolEntrySchema>;

/** Longest text of a notice the host sends (a hook's message is already cut at 10,000 characters). */
export const MAX_NOTICE_CHARS = 10_000;

/**
 * A note for the user in the conversation, never sent to the model: what a hook told the user (`hookEvent`
 * names its event; `toolUseId` the call a PreToolUse / PostToolUse hook ran for), or how the turn runs (the
 * fallback model took over, the spending limit was reached). Plain text: shown as it is, never as markdown.
 */
export const NoticeEntrySchema = z.strictObject({
  id: Id,
  role: z.literal('notice'),
  text: z.string().max(MAX_NOTICE_CHARS + 200),
  hookEvent: z.string().min(1).max(100).optional(),
  toolUseId: Id.optional(),
});
export type NoticeEntry = z.infer<typeof NoticeEntrySchema>;

export const ChatEntrySchema = z.discriminatedUnion('role', [ChatMessageSchema, ToolEntrySchema, NoticeEntrySchema]);
export type ChatEntry = z.infer<typeof ChatEntrySchema>;
