/**
 * In-process parts of a Claude Agent SDK program, served over the control protocol by the built CLI
 * (dist/cli.js): an SDK MCP server (`createSdkMcpServer` + `tool()`) whose tool the model calls, and hook
 * callbacks (PreToolUse blocking Bash, PostToolUse adding context for the model).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSdkMcpServer, tool, type HookCallback, type HookInput, type SDKSystemMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeSandbox, messagesOf, resultText, runQuery, textOf, toolResultIn, useFakeApi } from '../support/agentSdk';

describe('an Agent SDK program\'s MCP server and hooks, served by the CLI', { timeout: 120_000 }, () => {
  const fake = useFakeApi();

  it('offers the tool of an in-process SDK MCP server, runs it in the SDK\'s process, and gives the model its result', async () => {
    const box = makeSandbox();
    const calls: { a: number; b: number }[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          calls.push({ a, b });
          return { content: [{ type: 'text', text: `sum=${a + b}` }] };
        }),
      ],
    });
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_add', name: 'mcp__calc__add', input: { a: 2, b: 40 } }], expect: { toolNames: ['mcp__calc__add'] } },
      { content: [{ type: 'text', text: 'The sum is 42.' }], expect: { toolResultIds: ['toolu_add'], lastUserTextIncludes: 'sum=42' } },
    ]);
    const { messages, result } = await runQuery(fake(), box, 'add 2 and 40', { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] });

    expect(calls).toEqual([{ a: 2, b: 40 }]);
    const init = messages.find((m): m is SDKSystemMessage => m.type === 'system' && m.subtype === 'init');
    expect(init?.mcp_servers).toContainEqual(expect.objectContaining({ name: 'calc', status: 'connected' }));
    expect(init?.tools).toContain('mcp__calc__add');
    const seen = toolResultIn(fake().requests[1], 'toolu_add');
    expect(resultText(seen)).toBe('sum=42');
    expect(seen?.['is_error']).not.toBe(true);
    expect(result).toMatchObject({ subtype: 'success', result: 'The sum is 42.' });
  });

  it('never runs a Bash call a PreToolUse hook callback blocked, and the model reads the hook\'s reason', async () => {
    const box = makeSandbox();
    const hookInputs: HookInput[] = [];
    const block: HookCallback = async (input) => {
      hookInputs.push(input);
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'Blocked by the audit hook.' } };
    };
    const asked: string[] = [];
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_blocked', name: 'Bash', input: { command: 'touch hooked.txt', description: 'touch' } }] },
      { content: [{ type: 'text', text: 'The hook stopped me.' }], expect: { toolResultIds: ['toolu_blocked'] } },
    ]);
    const { result } = await runQuery(fake(), box, 'make the file', {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [block] }] },
      canUseTool: async (name, input) => {
        asked.push(name);
        return { behavior: 'allow', updatedInput: input };
      },
    });

    expect(hookInputs).toEqual([
      expect.objectContaining({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_blocked', tool_input: expect.objectContaining({ command: 'touch hooked.txt' }) }),
    ]);
    // The hook decided before any permission ask.
    expect(asked).toEqual([]);
    expect(existsSync(path.join(box.workspace, 'hooked.txt'))).toBe(false);
    const seen = toolResultIn(fake().requests[1], 'toolu_blocked');
    expect(resultText(seen)).toContain('Blocked by the audit hook.');
    expect(seen?.['is_error']).toBe(true);
    expect(result).toMatchObject({ subtype: 'success', result: 'The hook stopped me.' });
  });

  it('adds a PostToolUse hook callback\'s additionalContext to what the model reads next', async () => {
    const box = makeSandbox();
    const hookInputs: HookInput[] = [];
    const addContext: HookCallback = async (input) => {
      hookInputs.push(input);
      return { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST-HOOK-CONTEXT: the build is green.' } };
    };
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_post', name: 'Bash', input: { command: 'echo post-hook-ran', description: 'echo' } }] },
      { content: [{ type: 'text', text: 'Noted.' }], expect: { toolResultIds: ['toolu_post'] } },
    ]);
    const { result } = await runQuery(fake(), box, 'run echo', {
      hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [addContext] }] },
      canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
    });

    expect(hookInputs).toEqual([expect.objectContaining({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_post' })]);
    expect(JSON.stringify((hookInputs[0] as { tool_response?: unknown }).tool_response)).toContain('post-hook-ran');
    expect(resultText(toolResultIn(fake().requests[1], 'toolu_post'))).toContain('post-hook-ran');
    // The context goes with the call's result, in the user message the next request ends with.
    const lastUser = messagesOf(fake().requests[1]).at(-1);
    expect(lastUser?.role).toBe('user');
    expect(textOf(lastUser)).toContain('POST-HOOK-CONTEXT: the build is green.');
    expect(result).toMatchObject({ subtype: 'success', result: 'Noted.' });
  });
});
