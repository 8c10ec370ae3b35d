import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../extension/core/base/messages';
import { ApprovalQueue } from '../../../../extension/core/engines/permissions/approvalQueue';
import type { PermissionUpdate } from '../../../../extension/core/contracts/permissions';
import type { PermissionPrompt } from '../../../../extension/core/contracts/permissionPrompts';
import { parseHostToWebview, type HostToWebview, type PermissionRequest } from '../../../../extension/protocol/messages';
import { WebviewApprovalResponder, type ProposedChange } from '../../../../extension/ui/chat/approvalResponder';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { memoryHarness } from '../../tools/shared/harness';
import { mcpTools } from '../../../../extension/core/engines/mcp/tools';
import { fakeHub, tool } from '../../core/mcp/fakeHub';
import { makeContext } from '../../tool/fixtures';
import { agentDeps, ScriptedModel, sequentialIds, tick, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

const assistant = { role: 'assistant', content: [] } as unknown as AssistantMessage;
// The real tools: the dialog asks them for their command preview and proposed change.
const bash = createBashTool();
const edit = EditTool;
const rule: PermissionUpdate = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }], behavior: 'allow', destination: 'localSettings' };

const bashPrompt = (command = 'npm run test:unit > /etc/out'): PermissionPrompt => ({
  tool: bash,
  input: { command, description: 'Run the unit tests' },
  toolUseId: 'toolu_1',
  message: 'Bash wants to run a command',
  suggestions: [rule],
  decisionReason: { type: 'rule', rule: { source: 'projectSettings', ruleBehavior: 'ask', ruleValue: { toolName: 'Bash', ruleContent: 'npm:*' } } },
  assistantMessage: assistant,
});

function setup(files: Record<string, string> = {}) {
  const posted: HostToWebview[] = [];
  const opened: ProposedChange[] = [];
  let queued = 1;
  const responder = new WebviewApprovalResponder({
    post: (m) => {
      // Everything the responder posts must pass the webview's own validation.
      const parsed = parseHostToWebview(m);
      if (!parsed.ok) throw new Error(parsed.error);
      posted.push(m);
    },
    newId: sequentialIds('req'),
    queued: () => queued,
    readFile: async (p) => files[p],
    bashWarnings: (command) => (command.includes('/etc') ? ['The redirection > /etc/out writes outside the workspace'] : []),
    openDiff: async (change) => void opened.push(change),
  });
  const requests = () => posted.flatMap((m) => (m.type === 'permissionRequested' ? [m.request] : []));
  return { responder, posted, opened, requests, setQueued: (n: number) => (queued = n) };
}

async function shown(requests: () => PermissionRequest[], n = 1): Promise<PermissionRequest> {
  await until(() => requests().length >= n);
  return requests()[n - 1]!;
}

describe('ui/chat/approvalResponder', () => {
  it('posts a Bash request with its command, description, warnings, reason and suggestions', async () => {
    const { responder, requests } = setup();
    void responder.ask(bashPrompt(), makeContext([bash]));
    const request = await shown(requests);
    expect(request).toMatchObject({
      requestId: 'req-1',
      toolUseId: 'toolu_1',
      toolName: 'Bash',
      message: 'Bash wants to run a command',
      warnings: ['The redirection > /etc/out writes outside the workspace'],
      preview: { kind: 'bash', command: 'npm run test:unit > /etc/out', description: 'Run the unit tests' },
      waiting: 0,
    });
    expect(request.reason).toContain('Bash(npm:*)');
    expect(request.suggestions).toEqual([{ index: 0, label: expect.stringContaining('npm run test:*') }]);
  });

  it('maps allow once, a suggestion and a denial with feedback to approval answers', async () => {
    const { responder, requests, posted } = setup();
    const ctx = makeContext([bash]);
    const once = responder.ask(bashPrompt(), ctx);
    expect(responder.answer({ type: 'answerPermission', requestId: (await shown(requests, 1)).requestId, choice: 'allowOnce' })).toBe(true);
    expect(await once).toMatchObject({ behavior: 'allow', updatedInput: bashPrompt().input });
    expect((await once).permissionUpdates).toBeUndefined();
    expect(posted).toContainEqual({ type: 'permissionResolved', requestId: 'req-1' });

    const always = responder.ask(bashPrompt(), ctx);
    const second = await shown(requests, 2);
    responder.answer({ type: 'answerPermission', requestId: second.requestId, choice: 'suggestion', suggestionIndex: 0 });
    expect(await always).toMatchObject({ behavior: 'allow', permissionUpdates: [rule] });

    const denied = responder.ask(bashPrompt(), ctx);
    const third = await shown(requests, 3);
    responder.answer({ type: 'answerPermission', requestId: third.requestId, choice: 'deny', feedback: ' use pnpm instead ' });
    const answer = await denied;
    expect(answer.behavior).toBe('deny');
    expect(answer.behavior === 'deny' && answer.message).toBe('The user denied Bash. Do not retry it. The user said: use pnpm instead');
  });

  it('passes feedback typed before an allow on as a note for the model (acceptFeedback), and none when blank', async () => {
    const { responder, requests } = setup();
    const ctx = makeContext([bash]);
    const once = responder.ask(bashPrompt(), ctx);
    responder.answer({ type: 'answerPermission', requestId: (await shown(requests, 1)).requestId, choice: 'allowOnce', feedback: ' then run the linter ' });
    expect(await once).toMatchObject({ behavior: 'allow', acceptFeedback: 'then run the linter' });
    const always = responder.ask(bashPrompt(), ctx);
    responder.answer({ type: 'answerPermission', requestId: (await shown(requests, 2)).requestId, choice: 'suggestion', suggestionIndex: 0, feedback: 'only this project' });
    expect(await always).toMatchObject({ behavior: 'allow', permissionUpdates: [rule], acceptFeedback: 'only this project' });
    const blank = responder.ask(bashPrompt(), ctx);
    responder.answer({ type: 'answerPermission', requestId: (await shown(requests, 3)).requestId, choice: 'allowOnce', feedback: '   ' });
    expect(await blank).not.toHaveProperty('acceptFeedback');
  });

  it('warns that a Write replaces an existing file the model read, and not for a new file', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/a.ts', 'old\n');
    await h.run('Read', { file_path: '/proj/a.ts' });
    const { responder, requests } = setup({ '/proj/a.ts': 'old\n' });
    const write = (file_path: string): PermissionPrompt => ({ tool: WriteTool, input: { file_path, content: 'new\n' }, toolUseId: 'toolu_w', message: `Write ${file_path}?`, assistantMessage: assistant });
    void responder.ask(write('/proj/a.ts'), h.context);
    expect((await shown(requests, 1)).destructive).toBe('This overwrites an existing file (destructive: its current contents are replaced)');
    responder.dispose();
    void responder.ask(write('/proj/b.ts'), h.context);
    expect((await shown(requests, 2)).destructive).toBeUndefined();
  });

  it('ignores answers to requests that are not pending and suggestions that do not exist', async () => {
    const { responder, requests } = setup();
    const pending = responder.ask(bashPrompt(), makeContext([bash]));
    const request = await shown(requests);
    expect(responder.answer({ type: 'answerPermission', requestId: 'req-other', choice: 'allowOnce' })).toBe(false);
    expect(responder.answer({ type: 'answerPermission', requestId: request.requestId, choice: 'suggestion', suggestionIndex: 5 })).toBe(false);
    expect(responder.pendingRequest?.requestId).toBe(request.requestId);
    responder.answer({ type: 'answerPermission', requestId: request.requestId, choice: 'deny' });
    expect((await pending).behavior).toBe('deny');
    expect(responder.answer({ type: 'answerPermission', requestId: request.requestId, choice: 'allowOnce' })).toBe(false);
  });

  it('denies and closes the dialog when the turn is stopped while it is open', async () => {
    const { responder, requests, posted } = setup();
    const ctx = makeContext([bash]);
    const pending = responder.ask(bashPrompt(), ctx);
    const request = await shown(requests);
    ctx.abortController.abort();
    const answer = await pending;
    expect(answer).toMatchObject({ behavior: 'deny', message: 'Interrupted by user' });
    expect(posted.at(-1)).toEqual({ type: 'permissionResolved', requestId: request.requestId });
    expect(responder.pendingRequest).toBeUndefined();
  });

  it('previews an Edit as a diff of the file and opens the proposed change on request', async () => {
    const { responder, requests, opened } = setup({ '/ws/a.ts': 'const a = 1;\nconst b = 2;\n' });
    const prompt: PermissionPrompt = {
      tool: edit,
      input: { file_path: '/ws/a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' },
      toolUseId: 'toolu_e',
      message: 'Edit wants to change a file',
      assistantMessage: assistant,
    };
    void responder.ask(prompt, makeContext([edit]));
    const request = await shown(requests);
    expect(request.preview).toMatchObject({ kind: 'diff', path: '/ws/a.ts', added: 1, removed: 1, created: false, canOpenDiff: true });
    expect(request.preview.kind === 'diff' && request.preview.hunks[0]?.lines).toEqual([' const a = 1;', '-const b = 2;', '+const b = 3;']);
    expect(await responder.openProposedDiff(request.requestId)).toBe(true);
    expect(opened).toEqual([{ path: '/ws/a.ts', before: 'const a = 1;\nconst b = 2;\n', after: 'const a = 1;\nconst b = 3;\n' }]);
  });

  it('words an Edit in the user\'s terms: its verb, the file relative to the workspace, the full path for the tooltip', async () => {
    const { responder, requests, opened } = setup({ '/ws/src/a.ts': 'const b = 2;\n' });
    const prompt: PermissionPrompt = {
      tool: edit,
      input: { file_path: '/ws/src/a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' },
      toolUseId: 'toolu_w',
      message: 'Edit /ws/src/a.ts?',
      decisionReason: { type: 'mode', mode: 'default' },
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      assistantMessage: assistant,
    };
    void responder.ask(prompt, { ...makeContext([edit]), cwd: '/ws' });
    const request = await shown(requests);
    expect(request).toMatchObject({ title: 'Update', verb: 'Edit', summary: 'src/a.ts', summaryTitle: '/ws/src/a.ts', reason: 'permission mode "Ask before edits"' });
    expect(request.suggestions).toEqual([{ index: 0, label: 'Switch to Accept edits for this session' }]);
    expect(request.preview).toMatchObject({ kind: 'diff', path: '/ws/src/a.ts', displayPath: 'src/a.ts' });
    void responder.ask({ ...prompt, input: { file_path: '/ws/new.ts', old_string: '', new_string: 'x' } }, { ...makeContext([edit]), cwd: '/ws' });
    await until(() => requests().length === 2);
    expect(requests()[1]).toMatchObject({ verb: 'Create', summary: 'new.ts' });
    await responder.openProposedDiff(requests()[1]!.requestId);
    expect(opened.at(-1)?.path).toBe('/ws/new.ts');
  });

  it('tells the dialog how many requests wait behind it when the queue grows', async () => {
    const { responder, requests, posted, setQueued } = setup();
    void responder.ask(bashPrompt(), makeContext([bash]));
    const request = await shown(requests);
    setQueued(3);
    responder.queueChanged();
    expect(posted.at(-1)).toEqual({ type: 'permissionWaiting', requestId: request.requestId, waiting: 2 });
    expect(responder.pendingRequest?.waiting).toBe(2);
  });

  it('serves the pending request in the snapshot a reloaded view asks for, and takes its answer', async () => {
    const { responder, requests } = setup();
    const queue = new ApprovalQueue(responder.ask);
    const { bridge, posted: toView } = bridgeOver(chatOver(agentDeps(new ScriptedModel([]))), { approvals: responder });
    const answer = queue.ask(bashPrompt(), makeContext([bash]));
    const request = await shown(requests);
    bridge.receive({ type: 'ready' });
    await until(() => toView.length > 0);
    const snapshot = toView[0];
    expect(snapshot?.type === 'sessionSnapshot' && snapshot.pendingPermission).toMatchObject({ requestId: request.requestId, toolName: 'Bash' });
    expect(bridge.receive({ type: 'answerPermission', requestId: request.requestId, choice: 'allowOnce' })).toBe(true);
    expect((await answer).behavior).toBe('allow');
    toView.length = 0;
    bridge.receive({ type: 'ready' });
    await until(() => toView.length > 0);
    expect(toView[0]).not.toHaveProperty('pendingPermission');
    await tick();
    bridge.dispose();
  });
});

describe('ui/chat/approvalResponder: MCP tools', () => {
  // Real MCP tools, built from a fake hub as the session builds them.
  const tools = mcpTools(
    fakeHub([{ name: 'notes', tools: [tool('wipe', { annotations: { destructiveHint: true, title: 'Wipe the notes' } }), tool('peek', { annotations: { readOnlyHint: true, destructiveHint: true } })] }]),
  );
  const prompt = (name: string): PermissionPrompt => ({
    tool: tools.find((t) => t.name === `mcp__notes__${name}`)!,
    input: { q: 'all' },
    toolUseId: `toolu_${name}`,
    message: `Allow the MCP server "notes" to run its tool "${name}"?`,
    assistantMessage: assistant,
  });

  it('warns that a tool its server marks destructive may delete or overwrite data, under the title the server gave it', async () => {
    const { responder, requests } = setup();
    void responder.ask(prompt('wipe'), makeContext(tools));
    const request = await shown(requests);
    expect(request).toMatchObject({ title: 'notes - Wipe the notes (MCP)', destructive: 'This tool may delete or overwrite data (the server marks it destructive)', warnings: [] });
  });

  it('does not warn about a tool the server says only reads', async () => {
    const { responder, requests } = setup();
    void responder.ask(prompt('peek'), makeContext(tools));
    expect((await shown(requests)).destructive).toBeUndefined();
  });
});
