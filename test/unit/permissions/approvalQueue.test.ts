import { describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../../../extension/core/engines/permissions/approvalQueue';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import type { ApprovalAnswer, PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import type { PermissionUpdate } from '../../../extension/core/contracts/permissions';
import type { AssistantMessage } from '../../../extension/core/base/messages';
import { echoTool, makeContext } from '../tool/fixtures';

const { tool } = echoTool({ name: 'Shell' });
const assistant = { role: 'assistant', content: [] } as unknown as AssistantMessage;
const prompt = (id: string): PermissionPrompt => ({ tool, input: { text: id }, toolUseId: id, message: `run ${id}?`, assistantMessage: assistant });
const allow = (p: PermissionPrompt): ApprovalAnswer => ({ behavior: 'allow', updatedInput: p.input });

describe('core/engines/permissions/approvalQueue', () => {
  it('shows one request at a time, in the order they asked', async () => {
    const shown: string[] = [];
    const release: (() => void)[] = [];
    const queue = new ApprovalQueue(async (p) => {
      shown.push(p.toolUseId);
      await new Promise<void>((r) => release.push(r));
      return allow(p);
    });
    const ctx = makeContext([tool]);
    const answers = ['a', 'b', 'c'].map((id) => queue.ask(prompt(id), ctx));
    await new Promise((r) => setTimeout(r, 10));
    expect(shown).toEqual(['a']);
    expect(queue.pending.map((p) => p.prompt.toolUseId)).toEqual(['a', 'b', 'c']);
    release.shift()!();
    await answers[0];
    await new Promise((r) => setTimeout(r, 10));
    expect(shown).toEqual(['a', 'b']);
    release.shift()!();
    await answers[1];
    await new Promise((r) => setTimeout(r, 10));
    release.shift()!();
    expect((await answers[2]!).behavior).toBe('allow');
    expect(shown).toEqual(['a', 'b', 'c']);
    expect(queue.pending).toHaveLength(0);
  });

  it('denies when no responder is set, and a failed responder does not block the next request', async () => {
    const queue = new ApprovalQueue();
    const ctx = makeContext([tool]);
    const denied = await queue.ask(prompt('x'), ctx);
    expect(denied).toMatchObject({ behavior: 'deny' });
    expect(denied.behavior === 'deny' && denied.message).toContain('nobody is available');
    const restore = queue.setResponder(async () => {
      throw new Error('dialog crashed');
    });
    await expect(queue.ask(prompt('y'), ctx)).rejects.toThrow('dialog crashed');
    restore();
    queue.setResponder(async (p) => allow(p));
    expect((await queue.ask(prompt('z'), ctx)).behavior).toBe('allow');
  });

  it('denies without asking once the turn was stopped', async () => {
    let asked = 0;
    const queue = new ApprovalQueue(async (p) => (asked++, allow(p)));
    const ctx = makeContext([tool]);
    ctx.abortController.abort();
    expect((await queue.ask(prompt('q'), ctx)).behavior).toBe('deny');
    expect(asked).toBe(0);
  });

  it('hands accepted suggestions to the update sink, and allows even when saving them fails', async () => {
    const update: PermissionUpdate = { type: 'addRules', rules: [{ toolName: 'Shell' }], behavior: 'allow', destination: 'localSettings' };
    const sunk: PermissionUpdate[][] = [];
    const notes: string[] = [];
    const ctx = makeContext([tool], { ui: { notify: (m) => notes.push(m) } });
    const ask = async (p: PermissionPrompt): Promise<ApprovalAnswer> => ({ ...allow(p), permissionUpdates: [update] });
    const decider = async () => ({ behavior: 'ask' as const, message: 'run?', suggestions: [update] });
    const ok = createCanUseTool(decider, ask, { onPermissionUpdates: async (u) => void sunk.push(u) });
    const decision = await ok(tool, { text: 'a' }, ctx, assistant, 't1');
    expect(decision).toEqual({ behavior: 'allow', updatedInput: { text: 'a' } });
    expect(sunk).toEqual([[update]]);
    const failing = createCanUseTool(decider, ask, {
      onPermissionUpdates: async () => {
        throw new Error('disk full');
      },
    });
    expect((await failing(tool, { text: 'b' }, ctx, assistant, 't2')).behavior).toBe('allow');
    expect(notes[0]).toContain('disk full');
  });
});
