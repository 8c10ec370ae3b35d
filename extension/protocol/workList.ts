/**
 * The work-list panel of the protocol: `workListChanged` carries the session's work list (TaskCreate …)
 * whenever it changes, and the snapshot carries it after a reload. Kept apart from messages.ts, which
 * composes it into the host → webview union.
 */
import { z } from 'zod';

const TaskIdSchema = z.string().min(1).max(20);

/** One task as the panel shows it. `blockedBy` lists only the blockers that are not completed yet. */
export const WorkItemViewSchema = z.strictObject({
  id: TaskIdSchema,
  subject: z.string().max(2000),
  activeForm: z.string().max(2000).optional(),
  status: z.enum(['pending', 'in_progress', 'completed']),
  owner: z.string().max(200).optional(),
  blockedBy: z.array(TaskIdSchema).max(100),
});
export type WorkItemView = z.infer<typeof WorkItemViewSchema>;

const WorkListSchema = z.array(WorkItemViewSchema).max(500);

/** host → webview events of the work-list panel. */
export const WorkListEventSchemas = [z.strictObject({ type: z.literal('workListChanged'), workList: WorkListSchema })] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const WorkListSnapshotFields = {
  workList: WorkListSchema.optional(),
};
