/**
 * What the chat adds to a session's transcript so that a resumed chat shows its rows as they were
 * (docs/ARCHITECTURE.md, Resuming a chat). The messages hold the calls and their results; what they do not
 * hold is the tool's own output, from which `Tool.present` built the row's view, how each turn ended, and the
 * notes shown in a reply that never reached the model (hook messages, the fallback notice). They go in as `event` lines, which core stores and never reads (`AgentSession.recordEvent`).
 */
import { z } from 'zod';
import { toolResultText, type ToolResultBlock } from '../core/base/messages';
import type { ToolEntry, ToolResultView } from '../protocol/entries';

/** A finished tool call's row (`ToolRecord`). */
export const TOOL_RECORD = 'chat.tool';
/** How a turn ended (`TurnRecord`). */
export const TURN_RECORD = 'chat.turn';

/** A note the turn showed in its reply and never sent to the model: a hook's message, a fallback notice (`NoteRecord`). */
export const NOTE_RECORD = 'chat.note';

/** A view larger than this is not kept (an MCP image): the resumed row shows the result's text instead. */
const MAX_RECORDED_VIEW_CHARS = 256_000;

export const ToolRecordSchema = z.object({
  toolUseId: z.string().min(1),
  /** The row as it started: the name, summary and activity the executor reported (they depend on the cwd then). */
  name: z.string().min(1),
  summary: z.string().nullable(),
  activity: z.string().nullable(),
  /**
   * Length of the result text the row showed. Notes the loop appends to the stored result afterwards (a
   * repeated failure's note, nested memory files) were never in the row, so a resumed row cuts them off.
   */
  chars: z.number().int().nonnegative(),
  /** The view `Tool.present` made from the tool's output (checked against the protocol again on resume). */
  data: z.unknown().optional(),
  /** An Agent call's sub-agent, whose own transcript gives its nested rows. */
  agentId: z.string().min(1).optional(),
});
export type ToolRecord = z.infer<typeof ToolRecordSchema>;

export const TurnRecordSchema = z.object({
  status: z.enum(['done', 'stopped', 'error']),
  error: z.string().optional(),
  /** The transcript uuid of the turn's prompt; absent when none was stored (a hook blocked it). */
  prompt: z.string().optional(),
});
export type TurnRecord = z.infer<typeof TurnRecordSchema>;

export const NoteRecordSchema = z.object({
  /** The hook event whose hook said it (a `hookMessage`); absent for the loop's own notice. */
  hookEvent: z.string().min(1).optional(),
  /** The call a PreToolUse / PostToolUse hook ran for. */
  toolUseId: z.string().min(1).optional(),
  text: z.string(),
});
export type NoteRecord = z.infer<typeof NoteRecordSchema>;

/** The record of a finished row: `result` is the block the executor reported, `view` what the row shows of it. */
export function toolRecord(entry: ToolEntry, result: ToolResultBlock, view: ToolResultView): ToolRecord {
  const data = view.data && JSON.stringify(view.data).length <= MAX_RECORDED_VIEW_CHARS ? view.data : undefined;
  return {
    toolUseId: entry.id,
    name: entry.name,
    summary: entry.summary,
    activity: entry.activity,
    chars: result.content === undefined ? 0 : toolResultText(result.content).length,
    ...(data ? { data } : {}),
    ...(entry.agent ? { agentId: entry.agent.agentId } : {}),
  };
}
