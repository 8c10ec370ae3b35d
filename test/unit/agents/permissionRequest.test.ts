import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../extension/core/base/messages';
import { parseHostToWebview, type HostToWebview, type PermissionRequest } from '../../../extension/protocol/messages';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { WebviewApprovalResponder } from '../../../extension/ui/chat/approvalResponder';
import { makeContext } from '../tool/fixtures';
import { sequentialIds, until } from '../support';

const bash = createBashTool();
const assistant = { role: 'assistant', content: [] } as unknown as AssistantMessage;

describe('the permission request of a sub-agent', () => {
  it('names the asking agent, and passes the webview validation', async () => {
    const posted: HostToWebview[] = [];
    const responder = new WebviewApprovalResponder({
      post: (m) => {
        const parsed = parseHostToWebview(m);
        if (!parsed.ok) throw new Error(parsed.error);
        posted.push(m);
      },
      newId: sequentialIds('req'),
      queued: () => 1,
      readFile: async () => undefined,
    });
    const requests = () => posted.flatMap((m) => (m.type === 'permissionRequested' ? [m.request] : []));
    const prompt = { tool: bash, input: { command: 'ls src' }, toolUseId: 'toolu_1', message: 'Bash wants to run ls', assistantMessage: assistant };
    void responder.ask({ ...prompt, agent: { agentType: 'Explore', description: 'find config loaders' } }, makeContext([bash]));
    await until(() => requests().length === 1);
    expect(requests()[0]!.agent).toEqual({ agentType: 'Explore', description: 'find config loaders' });
    responder.answer({ type: 'answerPermission', requestId: requests()[0]!.requestId, choice: 'allowOnce' });

    void responder.ask({ ...prompt, toolUseId: 'toolu_2' }, makeContext([bash]));
    await until(() => requests().length === 2);
    const main: PermissionRequest = requests()[1]!;
    expect(main.agent).toBeUndefined();
  });

  it("names a background agent, and only its request takes an allow for the rest of the agent's run", async () => {
    const posted: HostToWebview[] = [];
    const responder = new WebviewApprovalResponder({
      post: (m) => {
        const parsed = parseHostToWebview(m);
        if (!parsed.ok) throw new Error(parsed.error);
        posted.push(m);
      },
      newId: sequentialIds('req'),
      queued: () => 1,
      readFile: async () => undefined,
    });
    const requests = () => posted.flatMap((m) => (m.type === 'permissionRequested' ? [m.request] : []));
    const prompt = { tool: bash, input: { command: 'ls src' }, toolUseId: 'toolu_1', message: 'Bash wants to run ls', assistantMessage: assistant };
    const background = responder.ask({ ...prompt, agent: { agentType: 'general-purpose', description: 'check', name: 'alice', background: true } }, makeContext([bash]));
    await until(() => requests().length === 1);
    expect(requests()[0]!.agent).toEqual({ agentType: 'general-purpose', description: 'check', name: 'alice', background: true });
    expect(responder.answer({ type: 'answerPermission', requestId: requests()[0]!.requestId, choice: 'allowForAgentRun' })).toBe(true);
    expect(await background).toMatchObject({ behavior: 'allow', allowForAgentRun: true });

    const foreground = responder.ask({ ...prompt, toolUseId: 'toolu_2', agent: { agentType: 'Explore', description: 'find' } }, makeContext([bash]));
    await until(() => requests().length === 2);
    expect(responder.answer({ type: 'answerPermission', requestId: requests()[1]!.requestId, choice: 'allowForAgentRun' })).toBe(false);
    responder.answer({ type: 'answerPermission', requestId: requests()[1]!.requestId, choice: 'allowOnce' });
    expect(await foreground).not.toHaveProperty('allowForAgentRun');
  });
});
