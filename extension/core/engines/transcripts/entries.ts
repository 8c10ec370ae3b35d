/**
 * The lines of a session transcript (JSONL, one entry per line), as Zod schemas: transcripts are read back
 * from disk, so every line is parsed, never cast. Each line is self-contained, so a corrupt line costs only
 * itself.
 */
import { z } from 'zod';
import { isRecord } from '../../base/isRecord';
import type { Message } from '../../base/messages';

/** Bumped when a line's meaning changes; readers skip lines of a version they do not know. */
export const TRANSCRIPT_VERSION = 1;

/** Session ids double as file names in the stores, so they are restricted to a portable, path-free alphabet. */
export const SESSION_ID_PATTERN = /^[\w-]{1,100}$/;

const timestamp = z.iso.datetime({ offset: true });
const tokenCount = z.int().nonnegative();

type FieldKind = 'string' | 'object' | 'toolResultContent';
const KIND_TEXT: Record<FieldKind, string> = { string: 'a string', object: 'an object', toolResultContent: 'text or a list of blocks as' };

/**
 * The fields core relies on, per known block type and the role that may carry it. Block validation is loose
 * (extra fields and unknown block types pass, so a newer writer's blocks survive), but a known block
 * missing a field that repair or the API needs would make the whole session unresumable, so it fails its line.
 */
const KNOWN_BLOCKS: Record<string, { role: Message['role']; fields: Record<string, FieldKind> }> = {
  text: { role: 'user', fields: { text: 'string' } },
  image: { role: 'user', fields: { source: 'object' } },
  document: { role: 'user', fields: { source: 'object' } },
  tool_result: { role: 'user', fields: { tool_use_id: 'string', content: 'toolResultContent' } },
  tool_use: { role: 'assistant', fields: { id: 'string', name: 'string', input: 'object' } },
  thinking: { role: 'assistant', fields: { thinking: 'string', signature: 'string' } },
  redacted_thinking: { role: 'assistant', fields: { data: 'string' } },
};

function hasKind(value: unknown, kind: FieldKind): boolean {
  if (kind === 'string') return typeof value === 'string';
  if (kind === 'object') return isRecord(value);
  // A tool_result may omit content; when present it is text or a list of blocks.
  return value === undefined || typeof value === 'string' || (Array.isArray(value) && value.every((b) => isRecord(b) && typeof b.type === 'string'));
}

function blockSchema(role: Message['role']) {
  return z.looseObject({ type: z.string() }).superRefine((block, ctx) => {
    const known = KNOWN_BLOCKS[block.type];
    if (!known) return;
    // `text` is valid in both roles.
    if (known.role !== role && block.type !== 'text') {
      ctx.addIssue({ code: 'custom', message: `a ${block.type} block cannot be in a ${role} message`, path: ['type'] });
    }
    for (const [key, kind] of Object.entries(known.fields)) {
      if (!hasKind(block[key], kind)) {
        ctx.addIssue({ code: 'custom', message: `a ${block.type} block needs ${KIND_TEXT[kind]} "${key}"`, path: [key] });
      }
    }
  });
}

/**
 * One API message. The checks above are what make the value a `Message` for every block core reads, hence
 * the one cast below; unknown block types pass through untouched for the API to judge.
 */
export const messageSchema = z
  .discriminatedUnion('role', [
    z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(blockSchema('user'))]) }),
    z
      .object({ role: z.literal('assistant'), content: z.union([z.string(), z.array(blockSchema('assistant'))]) })
      // The API accepts string content for assistants; core's type is always blocks.
      .transform((m) => ({ role: m.role, content: typeof m.content === 'string' ? (m.content ? [{ type: 'text', text: m.content }] : []) : m.content })),
  ])
  .transform((m) => m as Message);

export const metaEntrySchema = z.object({
  type: z.literal('meta'),
  sessionId: z.string().regex(SESSION_ID_PATTERN),
  createdAt: timestamp,
  cwd: z.string(),
  model: z.string(),
  version: z.literal(TRANSCRIPT_VERSION),
});

export const messageEntrySchema = z.object({
  type: z.literal('message'),
  uuid: z.string().min(1),
  timestamp,
  message: messageSchema,
});

export const titleEntrySchema = z.object({ type: z.literal('title'), title: z.string() });

export const compactBoundaryEntrySchema = z.object({
  type: z.literal('compactBoundary'),
  timestamp,
  summary: z.string(),
  /** How many messages just before the boundary are kept verbatim after the summary. */
  preservedMessageCount: tokenCount.optional(),
});

export const usageEntrySchema = z.object({
  type: z.literal('usage'),
  timestamp,
  model: z.string(),
  inputTokens: tokenCount,
  outputTokens: tokenCount,
  cacheReadInputTokens: tokenCount,
  cacheCreationInputTokens: tokenCount,
  costUsd: z.number().nonnegative(),
});

export const eventEntrySchema = z.object({
  type: z.literal('event'),
  timestamp,
  name: z.string().min(1),
  data: z.unknown().optional(),
});

/**
 * Tool results the aggregate budget replaced by a reference (core/loop/query/resultBudget.ts), each with the exact text
 * that replaced it: a resumed session applies them again, so it sends the same bytes the live one did.
 */
export const contentReplacementEntrySchema = z.object({
  type: z.literal('contentReplacement'),
  timestamp,
  replacements: z.array(z.object({ toolUseId: z.string().min(1), content: z.string() })).min(1),
});

/** Any transcript line. */
export const transcriptEntrySchema = z.discriminatedUnion('type', [
  metaEntrySchema,
  messageEntrySchema,
  titleEntrySchema,
  compactBoundaryEntrySchema,
  usageEntrySchema,
  eventEntrySchema,
  contentReplacementEntrySchema,
]);

export type MetaEntry = z.infer<typeof metaEntrySchema>;
export type MessageEntry = z.infer<typeof messageEntrySchema>;
export type TitleEntry = z.infer<typeof titleEntrySchema>;
export type CompactBoundaryEntry = z.infer<typeof compactBoundaryEntrySchema>;
export type UsageEntry = z.infer<typeof usageEntrySchema>;
export type EventEntry = z.infer<typeof eventEntrySchema>;
export type ContentReplacementEntry = z.infer<typeof contentReplacementEntrySchema>;
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** A line's problems in one short sentence, for warnings ("message.content.0.id: a tool_use block needs …"). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
