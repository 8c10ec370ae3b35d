import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSdkHooks, sdkCallbackHooks } from '../../../../extension/cli/sdk/sdkHooks';
import { runHookCallback } from '../../../../extension/core/engines/hooks/callback';
import { HookEngine } from '../../../../extension/core/engines/hooks/engine';
import { toolResultText } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import { buildTool } from '../../../../extension/core/contracts/tool';
import { FakeRunner, hookOf } from '../../hooks/support';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { FakeSdkApp } from './fakeSdkApp';

/** A stand-in for Bash: records what it ran. */
function bashTool() {
  const ran: string[] = [];
  const tool = buildTool({
    name: 'Bash',
    inputSchema: z.strictObject({ command: z.string().min(1) }),
    maxResultSizeChars: 10_000,
    async description() {
      return 'Runs a command';
    },
    async prompt() {
      return 'Runs a command.';
    },
    async checkPermissions() {
      return { behavior: 'passthrough' as const, message: 'Bash needs approval.' };
    },
    async call({ command }) {
      ran.push(command);
      return { data: { stdout: `ran ${command}` } };
    },
    mapToolResultToToolResultBlockParam(output: { stdout: string }, toolUseId: string) {
      return { type: 'tool_result' as const, tool_use_id: toolUseId, content: output.stdout };
    },
  });
  return { tool, ran };
}

async function runBash(engine: HookEngine, command = 'rm -rf build') {
  const { tool, ran } = bashTool();
  const context = makeContext([tool]);
  context.options.hooks = engine;
  const block = toolUse('Bash', { command }, 'toolu_7');
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), async () => ({ behavior: 'allow' })) });
  return { ran, text: toolResultText(outcome.result.content) };
}

function setup(hooks: unknown, settingsHooks = [] as ReturnType<typeof hookOf>[]) {
  const app = new FakeSdkApp();
  const runner = new FakeRunner({});
  const engine = new HookEngine({ runner, config: { hooks: settingsHooks, problems: [] } });
  const warnings: string[] = [];
  const applied = addSdkHooks(engine, hooks, app.channel, (l) => warnings.push(l));
  return { app, engine, runner, warnings, applied };
}

describe('SDK hook callbacks', () => {
  it('PreToolUse on Bash: the callback gets the settings hook’s JSON, and its deny blocks the call', async () => {
    const { app, engine, applied } = setup({ PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] });
    app.answers.hook_callback = () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no deleting' } });
    const { ran, text } = await runBash(engine);
    expect(applied).toBe(true);
    expect(ran).toEqual([]);
    expect(text).toContain('Blocked by PreToolUse hook "hook callback hook_0": no deleting');
    expect(app.sent('hook_callback')).toEqual([
      {
        subtype: 'hook_callback',
        callback_id: 'hook_0',
        tool_use_id: 'toolu_7',
        input: { session_id: 'session-test', cwd: expect.any(String), hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_7' },
      },
    ]);
  });

  it('the legacy decision "block", continue:false and updatedInput are honoured as a settings hook’s', async () => {
    const { app, engine } = setup({ PreToolUse: [{ hookCallbackIds: ['a'] }] });
    app.answers.hook_callback = () => ({ decision: 'block', reason: 'legacy says no' });
    expect((await runBash(engine)).text).toContain('legacy says no');
    app.answers.hook_callback = () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls' } } });
    expect((await runBash(engine)).ran).toEqual(['ls']);
    app.answers.hook_callback = () => ({ continue: false, stopReason: 'halt' });
    expect((await runBash(engine)).text).toContain('Stopped by PreToolUse hook "hook callback a": halt');
  });

  it('PostToolUse: additionalContext reaches the model with the result; other tools do not match', async () => {
    const { app, engine } = setup({ PostToolUse: [{ matcher: 'Bash', hookCallbackIds: ['post'] }, { matcher: 'Write', hookCallbackIds: ['never'] }] });
    app.answers.hook_callback = () => ({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'build dir was empty' } });
    const { ran, text } = await runBash(engine, 'make');
    expect(ran).toEqual(['make']);
    expect(text).toContain('ran make');
    expect(text).toContain('PostToolUse hook context: build dir was empty');
    expect(app.sent('hook_callback').map((r) => r.callback_id)).toEqual(['post']);
    expect(app.sent('hook_callback')[0]!.input).toMatchObject({ hook_event_name: 'PostToolUse', tool_response: { stdout: 'ran make' } });
  });

  it('an error answer is a non-blocking error, or a block with onFailure "block"', async () => {
    const soft = setup({ PreToolUse: [{ hookCallbackIds: ['x'] }] });
    soft.app.answers.hook_callback = () => {
      throw new Error('app crashed');
    };
    expect((await runBash(soft.engine)).ran).toEqual(['rm -rf build']);
    const hard = setup({ PreToolUse: [{ hookCallbackIds: ['x'], onFailure: 'block' }] });
    hard.app.answers.hook_callback = soft.app.answers.hook_callback;
    const blocked = await runBash(hard.engine);
    expect(blocked.ran).toEqual([]);
    expect(blocked.text).toMatch(/Blocked by PreToolUse hook "hook callback x": The hook callback failed: hook_callback: app crashed/);
  });

  it('settings hooks and callbacks run side by side, and a settings reload keeps the callbacks', async () => {
    const { app, engine, runner } = setup({ UserPromptSubmit: [{ hookCallbackIds: ['p'] }] }, [hookOf('UserPromptSubmit', 'echo hi')]);
    app.answers.hook_callback = () => ({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'from the app' } });
    engine.setConfig({ hooks: [hookOf('UserPromptSubmit', 'echo reloaded')], problems: [] });
    const result = await engine.run({ hook_event_name: 'UserPromptSubmit', prompt: 'hello' }, { sessionId: 's', cwd: '/w' });
    expect(runner.runs.map((r) => r.command)).toEqual(['echo reloaded']);
    expect(result.additionalContext).toEqual(['from the app']);
    expect(engine.hooks.map((h) => h.source)).toEqual(['projectSettings', 'session']);
  });

  it('skips events Codewright never fires and bad matchers, saying so', () => {
    const { warnings, applied, engine } = setup({ PostToolUseFailure: [{ hookCallbackIds: ['f'] }], PreToolUse: [{ matcher: '(', hookCallbackIds: ['bad'] }, { matcher: 'Bash', hookCallbackIds: ['ok'], timeout: 5 }] });
    expect(applied).toBe(true);
    expect(engine.hooks.map((h) => [h.event, h.matcher, h.command, h.timeoutSec])).toEqual([['PreToolUse', 'Bash', 'hook callback ok', 5]]);
    expect(warnings).toEqual([expect.stringContaining('PostToolUseFailure hook callbacks are never called'), expect.stringContaining('matcher "(" skipped')]);
    expect(sdkCallbackHooks(undefined, new FakeSdkApp().channel)).toEqual({ hooks: [], skipped: [] });
  });
});

describe('runHookCallback', () => {
  it('times out as a command does, aborting the callback', async () => {
    let aborted = false;
    const run = await runHookCallback({ run: (_input, signal) => new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve({})))) }, {}, 20);
    expect(run).toMatchObject({ exitCode: null, timedOut: true });
    expect(aborted).toBe(true);
  });

  it('an answer is the stdout of exit 0: an object as JSON, a string as it is, nothing as empty', async () => {
    expect(await runHookCallback({ run: async () => ({ a: 1 }) }, {}, 1000)).toEqual({ exitCode: 0, stdout: '{"a":1}', stderr: '', timedOut: false });
    expect((await runHookCallback({ run: async () => 'plain' }, {}, 1000)).stdout).toBe('plain');
    expect((await runHookCallback({ run: async () => undefined }, {}, 1000)).stdout).toBe('');
  });
});
