/** What the work-list tools (TaskCreate, TaskGet, TaskList, TaskUpdate) share: the id field and its checks. */
import { z } from 'zod';
import { findItem, notFoundMessage } from '../../core/engines/worklist/store';
import { readWorkList } from '../../core/engines/worklist/access';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import type { ValidationResult } from '../../core/contracts/tool';

/** A work-list id; list items go undescribed, the list's own description says what they are. */
export const workListId = z.string().trim().min(1, 'taskId cannot be empty').max(20);

export const taskIdField = workListId.describe('The work-list task id, as TaskCreate or TaskList gave it ("3")');

/** JSON values the model attaches to a task. */
export const metadataField = z.record(z.string().max(200), z.unknown()).refine((m) => Object.keys(m).length <= 50, 'metadata may have at most 50 keys');

/** Refuses an id the work list does not hold, before anything runs. */
export function validateTaskId(taskId: string, context: Pick<ToolUseContext, 'getAppState'>): ValidationResult {
  return findItem(readWorkList(context), taskId) ? { result: true } : { result: false, message: notFoundMessage(taskId) };
}
