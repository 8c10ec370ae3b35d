/** Runs the work-list tools through the real executor, on a main context and a sub-agent context sharing its store. */
import { toolResultText } from '../../../../extension/core/base/messages';
import { asAgentId } from '../../../../extension/core/base/ids';
import { createAppStateStore } from '../../../../extension/core/contracts/appState';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { TaskCreateTool } from '../../../../extension/tools/TaskCreate/TaskCreate';
import { TaskGetTool } from '../../../../extension/tools/TaskGet/TaskGet';
import { TaskListTool } from '../../../../extension/tools/TaskList/TaskList';
import { TaskUpdateTool } from '../../../../extension/tools/TaskUpdate/TaskUpdate';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

export const WORK_LIST_TOOLS = [TaskCreateTool, TaskGetTool, TaskListTool, TaskUpdateTool];

export async function runTool(context: ToolUseContext, name: string, input: unknown) {
  const block = toolUse(name, input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  return { outcome, text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
}

/** A main-agent context on a store of its own. */
export function mainContext(): ToolUseContext {
  const store = createAppStateStore();
  // TaskGet and TaskList are deferred: as if ToolSearch had loaded them.
  return makeContext(WORK_LIST_TOOLS, { getAppState: store.getState, setAppState: store.setState, discoveredToolNames: new Set(WORK_LIST_TOOLS.map((t) => t.name)) });
}

/** A sub-agent of `parent`: it reads the session's state, its own setAppState is a no-op, tasks reach the root. */
export function subAgentContext(parent: ToolUseContext): ToolUseContext {
  return {
    ...parent,
    agentId: asAgentId('agent-sub'),
    setAppState: () => {},
    setAppStateForTasks: parent.setAppState,
  };
}

/** Creates tasks with these subjects, in order (ids "1", "2", …). */
export async function seed(context: ToolUseContext, ...subjects: string[]): Promise<void> {
  for (const subject of subjects) await runTool(context, 'TaskCreate', { subject, description: `${subject}, in detail` });
}
