/**
 * The header and composer controls of the protocol: permission mode, model, session history, slash
 * commands, `@` file suggestions and background tasks. Kept apart from messages.ts, which composes them
 * into the two unions.
 */
import { z } from 'zod';

/** Modes the header offers; `dontAsk` and the internal modes are not picked from the sidebar. */
export const PERMISSION_MODE_CHOICES = ['default', 'acceptEdits', 'plan', 'auto', 'bypassPermissions'] as const;
export const PermissionModeChoiceSchema = z.enum(PERMISSION_MODE_CHOICES);
export type PermissionModeChoice = z.infer<typeof PermissionModeChoiceSchema>;

/** What the header, the status bar and the palette call each mode. */
export const PERMISSION_MODE_LABELS: Record<PermissionModeChoice | 'dontAsk', string> = {
  default: 'Ask before edits',
  acceptEdits: 'Accept edits',
  plan: 'Plan',
  auto: 'Auto',
  bypassPermissions: 'Bypass permissions',
  dontAsk: "Don't ask",
};

/** The label of any mode the host reports; an unknown one is shown by its name. */
export function permissionModeLabel(mode: string): string {
  return (PERMISSION_MODE_LABELS as Record<string, string>)[mode] ?? mode;
}

/** Any mode the host may report (a settings file can set `dontAsk`). */
export const PermissionModeSchema = z.string().min(1).max(50);

/**
 * Models the picker lists until the host sends its `modelList` (the model table's listed models, plus the API's
 * models list: core/engines/models/models.ts `pickerModels`); a unit test keeps the two in step.
 */
export const MODEL_CHOICES = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5', 'claude-fable-5-2'] as const;

const ModelIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:@[\]/-]+$/);

/** One past session in the history list. */
export const SessionListItemSchema = z.strictObject({
  sessionId: z.string().min(1).max(200),
  title: z.string().max(500),
  /** ISO timestamp of the last change. */
  modifiedAt: z.string().max(100),
  messageCount: z.number().int().nonnegative(),
});
export type SessionListItem = z.infer<typeof SessionListItemSchema>;

export const SlashCommandSchema = z.strictObject({
  /** Without the slash: `compact`. */
  name: z.string().min(1).max(100),
  description: z.string().max(500),
  /** Shown after the name while typing, e.g. `<file> [line]`. */
  argumentHint: z.string().max(200).optional(),
  /** builtin, user, project, plugin, mcp, or skill. */
  source: z.string().max(50).optional(),
});
export type SlashCommand = z.infer<typeof SlashCommandSchema>;

/** A running or finished background task, for the task panel. */
export const TaskViewSchema = z.strictObject({
  id: z.string().min(1).max(200),
  description: z.string().max(2000),
  status: z.string().max(50),
  /** The task's type (`local_bash`, `local_agent`, `in_process_teammate`, `monitor_mcp`, `cron`). */
  type: z.string().max(50).optional(),
  /** Epoch ms. */
  startTime: z.number().optional(),
  endTime: z.number().optional(),
  /** One line of detail: an agent's type, model and tokens; a monitor's command. */
  detail: z.string().max(500).optional(),
  /** Epoch ms of a scheduled task's next run. */
  nextRunAt: z.number().optional(),
  /** The task has a transcript the user can open (background agents, teammates). */
  hasTranscript: z.boolean().optional(),
});
export type TaskView = z.infer<typeof TaskViewSchema>;

const RequestIdSchema = z.string().min(1).max(100);

/** webview → host requests of the controls. */
export const ControlRequestSchemas = [
  z.strictObject({ type: z.literal('setPermissionMode'), mode: PermissionModeChoiceSchema }),
  z.strictObject({ type: z.literal('setModel'), model: ModelIdSchema }),
  z.strictObject({ type: z.literal('listSessions') }),
  z.strictObject({ type: z.literal('resumeSession'), sessionId: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('searchFiles'), query: z.string().max(500), requestId: RequestIdSchema }),
  z.strictObject({ type: z.literal('stopTask'), taskId: z.string().min(1).max(200) }),
  /** Opens a task's transcript (TaskView.hasTranscript) as markdown in an editor tab. */
  z.strictObject({ type: z.literal('openTaskTranscript'), taskId: z.string().min(1).max(200) }),
] as const;

/** host → webview events of the controls. */
export const ControlEventSchemas = [
  z.strictObject({ type: z.literal('permissionModeChanged'), mode: PermissionModeSchema }),
  z.strictObject({ type: z.literal('modelChanged'), model: z.string().max(200) }),
  /** The ids the model picker offers: the model table's, then the provider's models list. */
  z.strictObject({ type: z.literal('modelList'), models: z.array(ModelIdSchema).max(300) }),
  z.strictObject({ type: z.literal('sessionList'), sessions: z.array(SessionListItemSchema).max(500) }),
  z.strictObject({
    type: z.literal('fileSuggestions'),
    requestId: RequestIdSchema,
    items: z.array(z.strictObject({ path: z.string().min(1).max(4096) })).max(200),
  }),
  z.strictObject({ type: z.literal('tasksChanged'), tasks: z.array(TaskViewSchema).max(500) }),
  /** The slash command list changed (a command or skill file was added, edited or removed). */
  z.strictObject({ type: z.literal('commandsChanged'), commands: z.array(SlashCommandSchema).max(500) }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const ControlSnapshotFields = {
  permissionMode: PermissionModeSchema.optional(),
  commands: z.array(SlashCommandSchema).max(500).optional(),
  tasks: z.array(TaskViewSchema).max(500).optional(),
};
