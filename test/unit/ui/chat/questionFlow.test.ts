import { describe, expect, it } from 'vitest';
import type { ToolEntry } from '../../../../extension/protocol/entries';
import { toolResultText, type Message } from '../../../../extension/core/base/messages';
import type { PermissionDecider } from '../../../../extension/core/contracts/permissionPrompts';
import { parseHostToWebview, type HostToWebview } from '../../../../extension/protocol/messages';
import { AskUserQuestionTool } from '../../../../extension/tools/AskUserQuestion/AskUserQuestion';
import { TodoWriteTool } from '../../../../extension/tools/TodoWrite/TodoWrite';
import { WebviewQuestionResponder } from '../../../../extension/ui/chat/questionResponder';
import { colour as question, paintTodos as todos } from '../../../fixtures/questions';
import { BlockModel, type ScriptBlock } from '../../chat/blockModel';
import { agentDeps, sequentialIds, tick, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

function setup(replies: ScriptBlock[][]) {
  const model = new BlockModel(replies);
  const posted: HostToWebview[] = [];
  const questions = new WebviewQuestionResponder({ post: (m) => posted.push(m), newId: sequentialIds('q') });
  const deps = agentDeps(model);
  const session = chatOver({ ...deps, toolPorts: { ...deps.toolPorts, questions }, tools: [TodoWriteTool, AskUserQuestionTool], decider: allowAll });
  // The bridge posts beside the question responder, as the view's one message channel.
  const { bridge } = bridgeOver(session, { post: (m) => posted.push(m), questions });
  return { model, posted, session, bridge, questions };
}

const lastToolResult = (messages: readonly Message[]) => {
  const last = messages.at(-1);
  const block = Array.isArray(last?.content) ? last.content.find((b) => b.type === 'tool_result') : undefined;
  return block?.type === 'tool_result' && block.content !== undefined ? toolResultText(block.content) : undefined;
};

describe('ui: TodoWrite and AskUserQuestion through the chat bridge', () => {
  it('posts the todo list, asks the question, and sends the answer to the model', async () => {
    const { model, posted, session, bridge } = setup([
      [{ tool: { id: 't1', name: 'TodoWrite', input: { todos } } }],
      [{ tool: { id: 'q1', name: 'AskUserQuestion', input: { questions: [question] } } }],
      [{ text: 'Blue it is.' }],
    ]);
    const turn = session.send('paint it');
    await until(() => posted.some((p) => p.type === 'questionAsked'));
    expect(posted.find((p) => p.type === 'todosChanged')).toEqual({ type: 'todosChanged', todos });
    for (const p of posted) expect(parseHostToWebview(p).ok).toBe(true);

    // A reload while the question waits gets it back, with the todos, in the snapshot.
    bridge.receive({ type: 'ready' });
    await until(() => posted.some((p) => p.type === 'sessionSnapshot'));
    const snap = posted.find((p) => p.type === 'sessionSnapshot');
    expect(snap).toMatchObject({ pendingQuestion: { requestId: 'q-1', questions: [question] }, todos });
    expect(parseHostToWebview(snap).ok).toBe(true);

    expect(bridge.receive({ type: 'answerQuestion', requestId: 'q-1', answers: [{ question: question.question, selected: ['Green'] }] })).toBe(true);
    await tick();
    expect(posted.some((p) => p.type === 'questionResolved')).toBe(false);
    bridge.receive({ type: 'answerQuestion', requestId: 'q-1', answers: [{ question: question.question, selected: ['Blue'] }] });
    await turn;
    expect(posted).toContainEqual({ type: 'questionResolved', requestId: 'q-1' });
    expect(lastToolResult(model.requests[2]!.messages)).toBe(
      'User has answered your questions: "Which colour should the button be?"="Blue". You can now continue with the user\'s answers in mind.',
    );
    const entry = session.allEntries().find((e): e is ToolEntry => e.role === 'tool' && e.name === 'AskUserQuestion');
    expect(entry?.result?.data).toEqual({ kind: 'questions', declined: false, items: [{ question: question.question, header: 'Colour', selected: ['Blue'] }] });
    expect(session.feeds.todos()).toEqual(todos);
  });

  it('withdraws the card when the turn is stopped', async () => {
    const { posted, session } = setup([[{ tool: { id: 'q1', name: 'AskUserQuestion', input: { questions: [question] } } }]]);
    const turn = session.send('paint it');
    await until(() => posted.some((p) => p.type === 'questionAsked'));
    session.stop();
    await turn;
    expect(posted).toContainEqual({ type: 'questionResolved', requestId: 'q-1' });
    const entry = session.allEntries().find((e): e is ToolEntry => e.role === 'tool');
    expect(entry).toMatchObject({ status: 'error', result: { isError: true, text: expect.stringMatching(/^Interrupted by user/) } });
    expect(session.busy).toBe(false);
  });
});
