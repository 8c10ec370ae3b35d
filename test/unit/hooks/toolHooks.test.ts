import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HookEngine } from '../../../extension/core/engines/hooks/engine';
import { toolResultText } from '../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import type { ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import type { AskUser, PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { buildTool } from '../../../extension/core/contracts/tool';
import { assistantWith, makeContext, toolUse } from '../tool/fixtures';
import { fakeEngine, hookOf, json } from './support';

/** A tool that changes things: the engine asks unless a rule or a hook says otherwise. */
function runTool() {
  const calls: string[] = [];
  const tool = buildTool({
    name: 'Run',
    inputSchema: z.strictObject({ command: z.string().min(1) }),
    maxResultSizeChars: 10_000,
    async description() {
      return 'Runs';
    },
    async prompt() {
      return 'Runs a command.';
    },
    async checkPermissions() {
      return { behavior: 'passthrough' as const, message: 'Run needs approval.' };
    },
    async call({ command }) {
      calls.push(command);
      return { data: { ran: command } };
    },
    mapToolResultToToolResultBlockParam(output: { ran: string }, toolUseId: string) {
      return { type: 'tool_result' as const, tool_use_id: toolUseId, content: `ran ${output.ran}` };
    },
  });
  return { tool, calls };
}

async function exec(hooks: HookEngine, opts: { input?: Record<string, unknown>; rules?: Partial<ToolPermissionContext>; answer?: 'allow' | 'deny' } = {}) {
  const { tool, calls } = runTool();
  const context = makeContext([tool]);
  context.options.hooks = hooks;
  if (opts.rules) context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, ...opts.rules } }));
  const asked: PermissionPrompt[] = [];
  const askUser: AskUser = async (prompt) => {
    asked.push(prompt);
    return opts.answer === 'deny' ? { behavior: 'deny', message: 'User said no.', decisionReason: { type: 'other', reason: 'user' } } : { behavior: 'allow' };
  };
  const block = toolUse('Run', opts.input ?? { command: 'make' }, 'toolu_1');
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), askUser) });
  return { outcome, calls, asked, context, text: toolResultText(outcome.result.content) };
}

describe('PreToolUse hooks', () => {
  it('deny: the tool does not run and the model reads the exit-2 stderr', async () => {
    const { engine, runner } = fakeEngine([hookOf('PreToolUse', 'guard', 'Run')], { guard: { exitCode: 2, stderr: 'make is frozen today' } });
    const { outcome, calls, asked, text, context } = await exec(engine);
    expect(calls).toEqual([]);
    expect(asked).toEqual([]);
    expect(outcome.stage).toBe('permission');
    expect(text).toContain('Blocked by PreToolUse hook "guard": make is frozen today');
    expect(context.toolDecisions.get('toolu_1')).toMatchObject({ decision: 'deny' });
    expect(runner.runs[0]!.stdin).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Run', tool_input: { command: 'make' }, tool_use_id: 'toolu_1', session_id: 'session-test' });
  });

  it('allow: runs without asking, the decision reason naming the hook', async () => {
    const decisions: unknown[] = [];
    const { engine } = fakeEngine([hookOf('PreToolUse', 'ok')], { ok: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'safe' } }) });
    const { tool, calls } = runTool();
    const context = makeContext([tool]);
    context.options.hooks = engine;
    const canUse = createCanUseTool(createPermissionEngine(), async () => ({ behavior: 'deny', message: 'asked', decisionReason: { type: 'other', reason: '' } }));
    const block = toolUse('Run', { command: 'make' }, 'toolu_2');
    await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: async (...args) => {
      const d = await canUse(...args);
      decisions.push(d);
      return d;
    } });
    expect(calls).toEqual(['make']);
    expect(decisions[0]).toMatchObject({ behavior: 'allow', decisionReason: { type: 'hook', hookName: 'ok', reason: 'safe' } });
  });

  it('ask: shows the dialog with the hook reason even when a rule allows the tool', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'careful')], { careful: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'touches prod' } }) });
    const { asked, calls } = await exec(engine, { rules: { alwaysAllowRules: { session: ['Run'] } }, answer: 'allow' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toContain('touches prod');
    expect(asked[0]!.decisionReason).toEqual({ type: 'hook', hookName: 'careful', reason: 'touches prod' });
    expect(calls).toEqual(['make']);
  });

  it('a deny rule beats a hook allow', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'ok')], { ok: json({ decision: 'approve' }) });
    const { calls, asked, text } = await exec(engine, { rules: { alwaysDenyRules: { projectSettings: ['Run'] } } });
    expect(calls).toEqual([]);
    expect(asked).toEqual([]);
    expect(text).toContain('Run is denied by a rule');
  });

  it('an ask rule still asks after a hook allow', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'ok')], { ok: json({ hookSpecificOutput: { permissionDecision: 'allow' } }) });
    const { asked, calls } = await exec(engine, { rules: { alwaysAskRules: { session: ['Run'] } }, answer: 'deny' });
    expect(asked).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('updatedInput: the tool runs with the rewritten input, also after the user approves', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'rewrite')], { rewrite: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'make --dry-run' } } }) });
    const { calls, asked } = await exec(engine, { answer: 'allow' });
    expect(asked[0]!.input).toEqual({ command: 'make --dry-run' });
    expect(calls).toEqual(['make --dry-run']);
  });

  it('updatedInput the tool schema rejects is a denial, and the tool never runs', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'rewrite')], { rewrite: json({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: '', extra: 1 } } }) });
    const { calls, text } = await exec(engine);
    expect(calls).toEqual([]);
    expect(text).toContain('rewrote the input into one Run does not accept');
  });

  it('a hook that fails is reported to the user and the normal decision applies', async () => {
    const notes: string[] = [];
    const { engine } = fakeEngine([hookOf('PreToolUse', 'crash')], { crash: { exitCode: 1, stderr: 'boom' } });
    const { tool, calls } = runTool();
    const context = makeContext([tool], { ui: { notify: (m) => notes.push(m) } });
    context.options.hooks = engine;
    const block = toolUse('Run', { command: 'make' });
    await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), async () => ({ behavior: 'allow' })) });
    expect(calls).toEqual(['make']);
    expect(notes[0]).toMatch(/PreToolUse hook "crash" failed \(exit 1\): boom/);
  });

  it('only hooks whose matcher fits the tool run', async () => {
    const { engine, runner } = fakeEngine([hookOf('PreToolUse', 'for-write', 'Write|Edit')], { 'for-write': { exitCode: 2, stderr: 'no' } });
    const { calls } = await exec(engine, { answer: 'allow' });
    expect(runner.runs).toEqual([]);
    expect(calls).toEqual(['make']);
  });
});

describe('PostToolUse hooks', () => {
  it('feeds exit-2 stderr and additionalContext to the model with the result', async () => {
    const { engine, runner } = fakeEngine([hookOf('PostToolUse', 'lint', 'Run'), hookOf('PostToolUse', 'ctx')], {
      lint: { exitCode: 2, stderr: 'lint found 2 errors' },
      ctx: json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'coverage is 80%' } }),
    });
    const { text, calls } = await exec(engine, { answer: 'allow' });
    expect(calls).toEqual(['make']);
    expect(text).toContain('ran make');
    expect(text).toContain('PostToolUse hook "lint" feedback: lint found 2 errors');
    expect(text).toContain('coverage is 80%');
    expect(runner.runs[0]!.stdin).toMatchObject({ hook_event_name: 'PostToolUse', tool_response: { ran: 'make' } });
  });
});

describe("PreToolUse and PostToolUse hooks' messages for the user", () => {
  it('reach the UI as hook messages naming the event and the call; the model does not read them', async () => {
    const said: unknown[] = [];
    const { engine } = fakeEngine([hookOf('PreToolUse', 'pre'), hookOf('PostToolUse', 'post')], {
      pre: json({ systemMessage: 'Remember to run the linter.' }),
      post: json({ systemMessage: 'Build cache refreshed.' }),
    });
    const { tool } = runTool();
    const context = makeContext([tool], { ui: { hookMessage: (m) => said.push(m), notify: () => said.push('notify') } });
    context.options.hooks = engine;
    const block = toolUse('Run', { command: 'make' }, 'toolu_9');
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), async () => ({ behavior: 'allow' })) });
    expect(said).toEqual([
      { hookEvent: 'PreToolUse', text: 'Remember to run the linter.', toolUseId: 'toolu_9' },
      { hookEvent: 'PostToolUse', text: 'Build cache refreshed.', toolUseId: 'toolu_9' },
    ]);
    expect(toolResultText(outcome.result.content)).toBe('ran make');
  });
});

describe('Notification hooks', () => {
  it('hear when a permission prompt goes out', async () => {
    const { engine, runner } = fakeEngine([hookOf('Notification', 'ping')], {});
    await exec(engine, { answer: 'allow' });
    expect(runner.runs.map((r) => r.stdin)).toEqual([expect.objectContaining({ hook_event_name: 'Notification', message: 'Codewright needs your permission to use Run' })]);
  });
});
