import { describe, expect, it } from 'vitest';
import { toolResultText, type Message } from '../../../../extension/core/base/messages';
import type { PermissionDecider } from '../../../../extension/core/contracts/permissionPrompts';
import { parseHostToWebview } from '../../../../extension/protocol/messages';
import { TaskCreateTool } from '../../../../extension/tools/TaskCreate/TaskCreate';
import { TaskListTool } from '../../../../extension/tools/TaskList/TaskList';
import { TaskUpdateTool } from '../../../../extension/tools/TaskUpdate/TaskUpdate';
import { ToolSearchTool } from '../../../../extension/tools/ToolSearch/ToolSearch';
import { BlockModel, type ScriptBlock } from '../../chat/blockModel';
import { agentDeps, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

function setup(replies: ScriptBlock[][]) {
  const model = new BlockModel(replies);
  const session = chatOver({ ...agentDeps(model), tools: [TaskCreateTool, TaskUpdateTool, TaskListTool, ToolSearchTool], decider: allowAll });
  const { bridge, posted } = bridgeOver(session);
  return { model, posted, session, bridge };
}

const lastToolResults = (messages: readonly Message[]) => {
  const last = messages.at(-1);
  return Array.isArray(last?.content) ? last.content.flatMap((b) => (b.type === 'tool_result' && b.content !== undefined ? [toolResultText(b.content)] : [])) : [];
};

describe('ui: the work list through the chat bridge', () => {
  it('posts the list on every change, answers the model, and puts the list in the snapshot', async () => {
    const { model, posted, session, bridge } = setup([
      [
        { tool: { id: 'c1', name: 'TaskCreate', input: { subject: 'Read the code', description: 'Find the parser' } } },
        { tool: { id: 'c2', name: 'TaskCreate', input: { subject: 'Fix the parser', description: 'Dates', activeForm: 'Fixing the parser' } } },
      ],
      [{ tool: { id: 'u1', name: 'TaskUpdate', input: { taskId: '2', addBlockedBy: ['1'], status: 'in_progress', owner: 'main' } } }],
      // TaskList is deferred: the model loads it first.
      [{ tool: { id: 's1', name: 'ToolSearch', input: { query: 'select:TaskList' } } }],
      [{ tool: { id: 'l1', name: 'TaskList', input: {} } }],
      [{ text: 'Planned.' }],
    ]);
    await session.send('plan the fix');
    expect(lastToolResults(model.requests[1]!.messages)).toEqual(['Task #1 created: Read the code', 'Task #2 created: Fix the parser']);
    expect(lastToolResults(model.requests[4]!.messages)).toEqual(['#1 [pending] Read the code\n#2 [in_progress] Fix the parser (owner: main) [blocked by #1]']);

    const changes = posted.filter((p) => p.type === 'workListChanged');
    expect(changes).toHaveLength(3);
    for (const p of changes) expect(parseHostToWebview(p).ok).toBe(true);
    const expected = [
      { id: '1', subject: 'Read the code', status: 'pending', blockedBy: [] },
      { id: '2', subject: 'Fix the parser', activeForm: 'Fixing the parser', status: 'in_progress', owner: 'main', blockedBy: ['1'] },
    ];
    expect(changes.at(-1)).toEqual({ type: 'workListChanged', workList: expected });
    expect(session.feeds.workList()).toEqual(expected);

    bridge.receive({ type: 'ready' });
    await until(() => posted.some((p) => p.type === 'sessionSnapshot'));
    const snap = posted.find((p) => p.type === 'sessionSnapshot');
    expect(snap).toMatchObject({ workList: expected });
    expect(parseHostToWebview(snap).ok).toBe(true);
  });

  it('starts a new chat with an empty list and stops posting the old session’s changes', async () => {
    const { posted, session } = setup([[{ tool: { id: 'c1', name: 'TaskCreate', input: { subject: 'Old', description: '' } } }], [{ text: 'ok' }]]);
    await session.send('one task');
    expect(session.feeds.workList()).toHaveLength(1);
    session.sessions.reset();
    expect(session.feeds.workList()).toEqual([]);
    expect(posted.filter((p) => p.type === 'workListChanged')).toHaveLength(1);
  });
});
