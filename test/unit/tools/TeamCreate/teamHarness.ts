/**
 * Teams without the real sub-agent runner: a fake SpawnAgent that does what the runner does for a teammate
 * (registers its inbox in the parent's mailbox, puts an `in_process_teammate` task in the app state), and a
 * fake task type whose kill marks the task killed and closes the inbox.
 */
import { createMailbox, type Inbox } from '../../../../extension/core/contracts/mailbox';
import type { SpawnAgent, SpawnAgentRequest } from '../../../../extension/core/contracts/agents';
import { createAgentId } from '../../../../extension/core/base/ids';
import { transitionTask } from '../../../../extension/core/engines/tasks/lifecycle';
import { registerTaskType } from '../../../../extension/core/engines/tasks/registry';
import { putTask, taskSetter } from '../../../../extension/core/engines/tasks/taskStore';
import { generateTaskId } from '../../../../extension/core/contracts/tasks';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { toolResultText } from '../../../../extension/core/base/messages';
import { SendMessageTool } from '../../../../extension/tools/SendMessage/SendMessage';
import { TeamCreateTool } from '../../../../extension/tools/TeamCreate/TeamCreate';
import { TeamDeleteTool } from '../../../../extension/tools/TeamDelete/TeamDelete';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

export interface TeamHarness {
  context: ToolUseContext;
  requests: SpawnAgentRequest[];
  /** Each spawned teammate's inbox, by name. */
  inboxes: Map<string, Inbox>;
  killed: string[];
  /** The main agent's inbox (`main`). */
  mainInbox: Inbox;
  run(name: string, input: Record<string, unknown>, context?: ToolUseContext): Promise<{ text: string; isError: boolean; stage: string }>;
}

export function teamHarness(opts: { spawn?: boolean; failFor?: string } = {}): TeamHarness {
  const requests: SpawnAgentRequest[] = [];
  const inboxes = new Map<string, Inbox>();
  const killed: string[] = [];
  const inboxByTask = new Map<string, Inbox>();
  registerTaskType({
    name: 'FakeTeammate',
    type: 'in_process_teammate',
    async kill(taskId, setAppState) {
      killed.push(taskId);
      transitionTask(setAppState, taskId, 'killed');
      inboxByTask.get(taskId)?.close();
    },
  });
  const spawnAgent: SpawnAgent = async (request, parent) => {
    requests.push(request);
    if (request.name === opts.failFor) throw new Error('unknown agent type "nope"');
    const agentId = createAgentId(request.name);
    const inbox = parent.mailbox!.register({ agentId, ...(request.name ? { name: request.name } : {}), ...(request.teamName ? { teamName: request.teamName } : {}) });
    const taskId = generateTaskId('in_process_teammate');
    putTask(taskSetter(parent), { id: taskId, type: 'in_process_teammate', status: 'running', description: request.description, startTime: Date.now(), outputFile: `/tmp/${taskId}`, outputOffset: 0, notified: false });
    inboxes.set(request.name!, inbox);
    inboxByTask.set(taskId, inbox);
    return { agentId, taskId, result: new Promise(() => {}) };
  };
  const base = makeContext([TeamCreateTool, TeamDeleteTool, SendMessageTool], { mailbox: createMailbox() });
  const mainInbox = base.mailbox!.register({ agentId: 'main' as never, name: 'main' });
  const context: ToolUseContext = { ...base, discoveredToolNames: new Set([TeamCreateTool.name, TeamDeleteTool.name, SendMessageTool.name]), options: { ...base.options, ...(opts.spawn === false ? {} : { spawnAgent }) } };
  return {
    context,
    requests,
    inboxes,
    killed,
    mainInbox,
    async run(name, input, ctx = context) {
      const block = toolUse(name, input);
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context: ctx, canUseTool: allowAll });
      return { text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true, stage: outcome.stage };
    },
  };
}

/** A two-member team input. */
export const RED_TEAM = {
  team_name: 'red',
  description: 'Fix the flaky tests',
  members: [
    { name: 'alice', prompt: 'Fix test A' },
    { name: 'bob', prompt: 'Fix test B', subagent_type: 'Explore', model: 'haiku' },
  ],
};
