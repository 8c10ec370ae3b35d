/**
 * The Claude Agent SDK's permission callbacks against the built CLI (dist/cli.js) and the fake API:
 * `canUseTool` allows, denies with a message, rewrites the input and interrupts; `setPermissionMode()`
 * between turns of a streaming-input session changes what asks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CanUseTool, PermissionResult, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { InputQueue, makeSandbox, resultText, runQuery, startQuery, toolResultIn, useFakeApi } from '../support/agentSdk';

interface Asked {
  toolName: string;
  input: Record<string, unknown>;
  toolUseID: string;
}

/** A canUseTool that records each ask and answers with `answer`. */
function recorder(answer: (toolName: string, input: Record<string, unknown>) => PermissionResult) {
  const asked: Asked[] = [];
  const canUseTool: CanUseTool = async (toolName, input, { toolUseID }) => {
    asked.push({ toolName, input, toolUseID });
    return answer(toolName, input);
  };
  return { asked, canUseTool };
}

/** The tool_result blocks the SDK yielded for `id` (the user message that carries the call's result). */
function yieldedResult(messages: { type: string }[], id: string): Record<string, unknown> | undefined {
  for (const m of messages) {
    if (m.type !== 'user') continue;
    const content = (m as SDKUserMessage).message.content;
    if (!Array.isArray(content)) continue;
    const hit = content.find((b) => b.type === 'tool_result' && b.tool_use_id === id);
    if (hit) return hit as unknown as Record<string, unknown>;
  }
  return undefined;
}

describe('the Agent SDK\'s permission callbacks against the CLI', { timeout: 120_000 }, () => {
  const fake = useFakeApi();

  it('runs the call canUseTool allowed, and the model sees its output', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_allow', name: 'Bash', input: { command: 'touch allowed.txt && echo allowed-ran', description: 'touch' } }] },
      { content: [{ type: 'text', text: 'Allowed and done.' }], expect: { toolResultIds: ['toolu_allow'] } },
    ]);
    const perm = recorder((_name, input) => ({ behavior: 'allow', updatedInput: input }));
    const { messages, result } = await runQuery(fake(), box, 'make the file', { canUseTool: perm.canUseTool });

    expect(perm.asked).toEqual([{ toolName: 'Bash', input: expect.objectContaining({ command: 'touch allowed.txt && echo allowed-ran' }), toolUseID: 'toolu_allow' }]);
    expect(existsSync(path.join(box.workspace, 'allowed.txt'))).toBe(true);
    const seen = toolResultIn(fake().requests[1], 'toolu_allow');
    expect(resultText(seen)).toContain('allowed-ran');
    expect(seen?.['is_error']).not.toBe(true);
    expect(yieldedResult(messages, 'toolu_allow')).toBeDefined();
    expect(result).toMatchObject({ type: 'result', subtype: 'success', result: 'Allowed and done.', permission_denials: [] });
    expect(fake().requests).toHaveLength(2);
  });

  it('refuses the call canUseTool denied, and the model reads the denial message as an error result', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_deny', name: 'Bash', input: { command: 'touch denied.txt', description: 'touch' } }] },
      { content: [{ type: 'text', text: 'Understood, I will not.' }], expect: { toolResultIds: ['toolu_deny'] } },
    ]);
    const perm = recorder(() => ({ behavior: 'deny', message: 'Policy says no touching today.' }));
    const { result } = await runQuery(fake(), box, 'make the file', { canUseTool: perm.canUseTool });

    expect(perm.asked.map((a) => a.toolName)).toEqual(['Bash']);
    expect(existsSync(path.join(box.workspace, 'denied.txt'))).toBe(false);
    const seen = toolResultIn(fake().requests[1], 'toolu_deny');
    expect(resultText(seen)).toContain('Policy says no touching today.');
    expect(seen?.['is_error']).toBe(true);
    expect(result).toMatchObject({ subtype: 'success', result: 'Understood, I will not.' });
    expect(result.permission_denials).toEqual([{ tool_name: 'Bash', tool_use_id: 'toolu_deny', tool_input: expect.objectContaining({ command: 'touch denied.txt' }) }]);
  });

  it('runs the input canUseTool rewrote instead of the model\'s', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_rewrite', name: 'Bash', input: { command: 'touch original.txt && echo original-ran', description: 'touch' } }] },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_rewrite'] } },
    ]);
    const perm = recorder((_name, input) => ({ behavior: 'allow', updatedInput: { ...input, command: 'touch rewritten.txt && echo rewritten-ran' } }));
    await runQuery(fake(), box, 'make the file', { canUseTool: perm.canUseTool });

    expect(existsSync(path.join(box.workspace, 'rewritten.txt'))).toBe(true);
    expect(existsSync(path.join(box.workspace, 'original.txt'))).toBe(false);
    const output = resultText(toolResultIn(fake().requests[1], 'toolu_rewrite'));
    expect(output).toContain('rewritten-ran');
    expect(output).not.toContain('original-ran');
  });

  it('ends the turn without another model request when canUseTool denies with interrupt', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_stop', name: 'Bash', input: { command: 'touch interrupted.txt', description: 'touch' } }] },
      // Must never be asked for: the interrupt ends the turn before the result goes back to the model.
      { content: [{ type: 'text', text: 'This reply must not be requested.' }] },
    ]);
    const perm = recorder(() => ({ behavior: 'deny', message: 'Stop right there.', interrupt: true }));
    const { result } = await runQuery(fake(), box, 'make the file', { canUseTool: perm.canUseTool });

    expect(perm.asked.map((a) => a.toolName)).toEqual(['Bash']);
    expect(existsSync(path.join(box.workspace, 'interrupted.txt'))).toBe(false);
    expect(result.type).toBe('result');
    expect(result).not.toMatchObject({ result: 'This reply must not be requested.' });
    expect(fake().requests).toHaveLength(1);
    expect(fake().remaining()).toBe(1);
  });

  it('stops asking for edits after setPermissionMode(\'acceptEdits\') between two streamed turns', async () => {
    const box = makeSandbox();
    const first = path.join(box.workspace, 'first.txt');
    const second = path.join(box.workspace, 'second.txt');
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_edit1', name: 'Edit', input: { file_path: first, old_string: '', new_string: 'one\n' } }] },
      { content: [{ type: 'text', text: 'Created the first file.' }], expect: { toolResultIds: ['toolu_edit1'] } },
      { content: [{ type: 'tool_use', id: 'toolu_edit2', name: 'Edit', input: { file_path: second, old_string: '', new_string: 'two\n' } }], expect: { lastUserTextIncludes: 'second file' } },
      { content: [{ type: 'text', text: 'Created the second file.' }], expect: { toolResultIds: ['toolu_edit2'] } },
    ]);
    const perm = recorder((_name, input) => ({ behavior: 'allow', updatedInput: input }));
    const input = new InputQueue();
    const run = startQuery(fake(), box, input, { canUseTool: perm.canUseTool, permissionMode: 'default' });
    try {
      input.push('create the first file');
      await run.waitForResults(1);
      expect(perm.asked.map((a) => a.toolName)).toEqual(['Edit']);
      await run.query.setPermissionMode('acceptEdits');
      input.push('now create the second file');
      const results = await run.waitForResults(2);
      expect(results.map((r) => r.subtype)).toEqual(['success', 'success']);
    } finally {
      input.end();
    }
    const { error } = await run.done;
    expect(error).toBeUndefined();

    // Only the first edit asked; the second ran under acceptEdits.
    expect(perm.asked.map((a) => a.toolName)).toEqual(['Edit']);
    expect(readFileSync(first, 'utf8')).toBe('one\n');
    expect(readFileSync(second, 'utf8')).toBe('two\n');
    expect(toolResultIn(fake().requests[3], 'toolu_edit2')?.['is_error']).not.toBe(true);
  });
});
