import { describe, expect, it, vi } from 'vitest';
import { DENIAL_LIMITS } from '../../../extension/core/engines/permissions/denials';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import type { PermissionMode, PermissionResult } from '../../../extension/core/contracts/permissions';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import { assistantWith, toolUse } from '../tool/fixtures';
import { contextWith, fakeTool, setPermissions } from './support';

const acceptEditsSuggestion = { type: 'setMode', mode: 'acceptEdits', destination: 'session' } as const;

const shell = fakeTool('Shell');
const reader = fakeTool('Reader', { readOnly: true, check: async (input) => ({ behavior: 'allow', updatedInput: input }) });
const editor = fakeTool('Editor', { check: async () => ({ behavior: 'passthrough', message: 'Edit a.ts?', suggestions: [acceptEditsSuggestion] }) });
const guarded = fakeTool('Guarded', {
  check: async () => ({ behavior: 'ask', message: 'Write .git/config?', decisionReason: { type: 'safetyCheck', reason: 'it is inside .git/' }, suggestions: [acceptEditsSuggestion] }),
});
const refusing = fakeTool('Refusing', {
  check: async () => ({ behavior: 'deny', message: 'no', decisionReason: { type: 'other', reason: 'content deny rule' } }),
});
const tools = [shell, reader, editor, guarded, refusing];

async function decide(tool: (typeof tools)[number], mode: PermissionMode, rules: { allow?: string[]; deny?: string[]; ask?: string[] } = {}, extra = {}): Promise<PermissionResult> {
  const context = contextWith(tools, {
    mode,
    alwaysAllowRules: { localSettings: rules.allow ?? [] },
    alwaysDenyRules: { projectSettings: rules.deny ?? [] },
    alwaysAskRules: { userSettings: rules.ask ?? [] },
    ...extra,
  });
  return createPermissionEngine()(tool, { arg: 'x' }, context);
}

describe('core/engines/permissions/engine: order', () => {
  it('denies by a whole-tool deny rule before the tool is even asked, naming the rule and its file', async () => {
    const check = vi.fn(async () => ({ behavior: 'allow' as const }));
    const tool = fakeTool('Spy', { check });
    const context = contextWith([tool], { alwaysDenyRules: { projectSettings: ['Spy'] }, alwaysAllowRules: { session: ['Spy'] }, mode: 'bypassPermissions' });
    const r = await createPermissionEngine()(tool, {}, context);
    expect(r).toMatchObject({
      behavior: 'deny',
      message: 'Spy is denied by a rule (rule Spy from project settings (.claude/settings.json)).',
      decisionReason: { type: 'rule', rule: { source: 'projectSettings', ruleBehavior: 'deny', ruleValue: { toolName: 'Spy' } } },
    });
    expect(check).not.toHaveBeenCalled();
  });

  it('matches whole-tool rules by alias and MCP server rules by server', async () => {
    const aliased = fakeTool('NewName', { aliases: ['OldName'] });
    const mcp = fakeTool('mcp__github__create_issue');
    const context = contextWith([aliased, mcp], { alwaysDenyRules: { session: ['OldName', 'mcp__github'] } });
    expect(await createPermissionEngine()(aliased, {}, context)).toMatchObject({ behavior: 'deny' });
    expect(await createPermissionEngine()(mcp, {}, context)).toMatchObject({ behavior: 'deny', decisionReason: { rule: { ruleValue: { toolName: 'mcp__github' } } } });
  });

  it("returns the tool's own deny in every mode", async () => {
    for (const mode of ['default', 'bypassPermissions', 'acceptEdits', 'dontAsk'] as const) {
      expect(await decide(refusing, mode, { allow: ['Refusing'] })).toMatchObject({ behavior: 'deny', decisionReason: { reason: 'content deny rule' } });
    }
  });

  it('asks for a whole-tool ask rule even when an allow rule and bypassPermissions would allow', async () => {
    expect(await decide(shell, 'bypassPermissions', { allow: ['Shell'], ask: ['Shell'] })).toMatchObject({
      behavior: 'ask',
      decisionReason: { type: 'rule', rule: { ruleBehavior: 'ask', source: 'userSettings' } },
    });
  });

  it('allows by a whole-tool allow rule what would otherwise ask, with the rule as the reason', async () => {
    expect(await decide(shell, 'default', { allow: ['Shell'] })).toMatchObject({
      behavior: 'allow',
      updatedInput: { arg: 'x' },
      decisionReason: { type: 'rule', rule: { ruleBehavior: 'allow', source: 'localSettings' } },
    });
  });

  it("keeps the tool's own allow and gives it a reason when it has none", async () => {
    expect(await decide(reader, 'default')).toMatchObject({ behavior: 'allow', updatedInput: { arg: 'x' }, decisionReason: { type: 'other' } });
  });

  it('asks by default with the reason and "always allow <Tool> in this project" when the tool suggests nothing', async () => {
    expect(await decide(shell, 'default')).toEqual({
      behavior: 'ask',
      message: 'Use Shell?',
      decisionReason: { type: 'mode', mode: 'default' },
      suggestions: [{ type: 'addRules', rules: [{ toolName: 'Shell' }], behavior: 'allow', destination: 'localSettings' }],
    });
  });

  it("passes the tool's own suggestions through", async () => {
    expect(await decide(editor, 'default')).toMatchObject({ behavior: 'ask', message: 'Edit a.ts?', suggestions: [acceptEditsSuggestion] });
  });

  it('reads the permission context at every call, so a new rule applies to the next call', async () => {
    const engine = createPermissionEngine();
    const context = contextWith(tools);
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'ask' });
    setPermissions(context, { alwaysAllowRules: { session: ['Shell'] } });
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'allow' });
    setPermissions(context, { mode: 'plan' });
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'deny' });
  });
});

describe('core/engines/permissions/engine: modes', () => {
  it('acceptEdits allows what the tool says the mode covers, and nothing else', async () => {
    expect(await decide(editor, 'acceptEdits')).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'acceptEdits' } });
    expect(await decide(shell, 'acceptEdits')).toMatchObject({ behavior: 'ask' });
  });

  it('acceptEdits and bypassPermissions never pass a safety-check ask, even one suggesting acceptEdits', async () => {
    for (const mode of ['acceptEdits', 'bypassPermissions', 'default'] as const) {
      expect(await decide(guarded, mode, { allow: ['Guarded'] })).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
    }
  });

  it('plan runs read-only tools only, telling the model to present its plan', async () => {
    const r = await decide(shell, 'plan', { allow: ['Shell'] });
    expect(r).toMatchObject({ behavior: 'deny', decisionReason: { type: 'mode', mode: 'plan' } });
    expect(r.behavior === 'deny' && r.message).toMatch(/Plan mode is on: Shell .*call ExitPlanMode with it/);
    expect(await decide(reader, 'plan')).toMatchObject({ behavior: 'allow' });
    expect(await decide(editor, 'plan')).toMatchObject({ behavior: 'deny' });
    // Denied, not asked: a safety-check ask is moot while planning.
    expect(await decide(guarded, 'plan')).toMatchObject({ behavior: 'deny', decisionReason: { type: 'mode', mode: 'plan' } });
  });

  it('bypassPermissions allows what nothing denies or asks for', async () => {
    expect(await decide(shell, 'bypassPermissions')).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'bypassPermissions' } });
  });

  it('dontAsk denies whatever no rule or mode allows, safety checks included, and still allows by rule', async () => {
    expect(await decide(shell, 'dontAsk')).toMatchObject({ behavior: 'deny', message: expect.stringContaining('dontAsk never prompts'), decisionReason: { type: 'mode', mode: 'dontAsk' } });
    expect(await decide(guarded, 'dontAsk')).toMatchObject({ behavior: 'deny' });
    expect(await decide(shell, 'dontAsk', { ask: ['Shell'], allow: ['Shell'] })).toMatchObject({ behavior: 'deny' });
    expect(await decide(shell, 'dontAsk', { allow: ['Shell'] })).toMatchObject({ behavior: 'allow' });
    expect(await decide(reader, 'dontAsk')).toMatchObject({ behavior: 'allow' });
  });

  it('turns every ask into a deny where prompts must be avoided', async () => {
    const r = await decide(shell, 'default', {}, { shouldAvoidPermissionPrompts: true });
    expect(r).toMatchObject({ behavior: 'deny', message: expect.stringContaining('prompts are not available'), decisionReason: { type: 'asyncAgent' } });
    expect(await decide(guarded, 'default', {}, { shouldAvoidPermissionPrompts: true })).toMatchObject({ behavior: 'deny' });
    expect(await decide(shell, 'default', { allow: ['Shell'] }, { shouldAvoidPermissionPrompts: true })).toMatchObject({ behavior: 'allow' });
  });

  it('bubble hands the decision to the parent decider; without one it decides like default', async () => {
    const parent = vi.fn(async (): Promise<PermissionResult> => ({ behavior: 'allow', decisionReason: { type: 'other', reason: 'parent said so' } }));
    const context = contextWith(tools, { mode: 'bubble' });
    expect(await createPermissionEngine({ parentDecider: parent })(shell, { arg: 'y' }, context)).toMatchObject({ decisionReason: { reason: 'parent said so' } });
    expect(parent).toHaveBeenCalledWith(shell, { arg: 'y' }, context);
    expect(await createPermissionEngine()(shell, {}, context)).toMatchObject({ behavior: 'ask' });
  });

  it('reads the rules from getPermissionContext when given (a parent engine reading the parent state)', async () => {
    const context = contextWith(tools);
    const engine = createPermissionEngine({ getPermissionContext: () => ({ ...context.getAppState().toolPermissionContext, alwaysDenyRules: { session: ['Shell'] } }) });
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'deny' });
  });

  it('auto without a classifier asks like default, but passes what acceptEdits covers', async () => {
    expect(await decide(shell, 'auto')).toMatchObject({ behavior: 'ask' });
    expect(await decide(editor, 'auto')).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'auto' } });
  });

  it('appends the ask hint (how to allow it from the command line) to ask messages', async () => {
    const context = contextWith(tools);
    const r = await createPermissionEngine({ askHint: (t) => `Allow it with --allowedTools "${t.name}".` })(shell, {}, context);
    expect(r).toMatchObject({ behavior: 'ask', message: 'Use Shell? Allow it with --allowedTools "Shell".' });
  });
});

/** The engine, with an ask still waiting on the classifier replaced by what the classifier made of it. */
function settledEngine(opts: Parameters<typeof createPermissionEngine>[0]) {
  const engine = createPermissionEngine(opts);
  return async (...args: Parameters<typeof engine>): Promise<PermissionResult> => {
    const r = await engine(...args);
    return r.behavior === 'ask' && r.pendingClassifierCheck ? r.pendingClassifierCheck.decision : r;
  };
}

describe('core/engines/permissions/engine: auto mode and denial tracking', () => {
  const blocking = vi.fn(async () => ({ allow: false, reason: 'deletes files' }));

  it('lets the classifier allow, and turns its block into an ask naming the classifier and its reason', async () => {
    const context = contextWith(tools, { mode: 'auto' });
    const allowing = settledEngine({ classifier: async () => ({ allow: true, reason: 'harmless' }) });
    expect(await allowing(shell, {}, context)).toMatchObject({ behavior: 'allow', decisionReason: { type: 'classifier', reason: 'harmless' } });
    const asked = await settledEngine({ classifier: blocking })(shell, {}, context);
    expect(asked).toMatchObject({
      behavior: 'ask',
      message: expect.stringContaining('The auto-mode classifier blocked this Shell call: deletes files.'),
      decisionReason: { type: 'classifier', reason: 'blocked it: deletes files' },
    });
    expect(asked.behavior === 'ask' && asked.suggestions).toEqual([{ type: 'addRules', rules: [{ toolName: 'Shell' }], behavior: 'allow', destination: 'localSettings' }]);
  });

  it('denies a block where nobody can be asked (headless, no prompts), with the reason for the model', async () => {
    const headless = contextWith(tools, { mode: 'auto' });
    headless.options.isNonInteractiveSession = true;
    expect(await settledEngine({ classifier: blocking })(shell, {}, headless)).toMatchObject({
      behavior: 'deny',
      message: expect.stringContaining('blocked by the auto-mode classifier: deletes files'),
      decisionReason: { type: 'classifier' },
    });
  });

  it('treats a classifier that throws as a block, never an allow', async () => {
    const context = contextWith(tools, { mode: 'auto' });
    const broken = settledEngine({ classifier: async () => Promise.reject(new Error('socket hang up')) });
    expect(await broken(shell, {}, context)).toMatchObject({ behavior: 'ask', decisionReason: { type: 'classifier', reason: 'blocked it: the classifier failed (socket hang up)' } });
  });

  it(`asks without consulting the classifier after ${DENIAL_LIMITS.maxConsecutive} consecutive denials, counted by the permission gate`, async () => {
    const context = contextWith(tools, { mode: 'auto' });
    const judge = vi.fn(async () => ({ allow: false, reason: 'deletes files' }));
    const canUseTool = createCanUseTool(createPermissionEngine({ classifier: judge }), async () => ({ behavior: 'deny', message: 'user said no', decisionReason: { type: 'other', reason: 'user' } }));
    const reasons: string[] = [];
    for (let i = 0; i < 4; i++) {
      const block = toolUse('Shell', {});
      const decision = await canUseTool(shell, {}, context, assistantWith(block), block.id);
      reasons.push(`${decision.behavior}:${context.toolDecisions.get(block.id)?.source}`);
    }
    // Three blocks the user was asked about and refused; the fourth call is asked without the classifier.
    expect(reasons).toEqual(['deny:user', 'deny:user', 'deny:user', 'deny:user']);
    expect(judge).toHaveBeenCalledTimes(3);
    expect(context.localDenialTracking).toEqual({ consecutiveDenials: 4, totalDenials: 4 });
    const allowing = vi.fn(async () => ({ allow: true, reason: 'fine' }));
    expect(await settledEngine({ classifier: allowing })(shell, {}, context)).toMatchObject({
      behavior: 'ask',
      decisionReason: { type: 'classifier', reason: expect.stringContaining('not consulted after 4 denials in a row') },
    });
    expect(allowing).not.toHaveBeenCalled();
  });

  it(`asks after ${DENIAL_LIMITS.maxTotal} denials in total even when allows came in between`, async () => {
    const context = contextWith(tools, { mode: 'auto' });
    const allowing = vi.fn(async () => ({ allow: true, reason: 'fine' }));
    const engine = settledEngine({ classifier: allowing });
    context.localDenialTracking.totalDenials = DENIAL_LIMITS.maxTotal - 1;
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'allow' });
    context.localDenialTracking.totalDenials = DENIAL_LIMITS.maxTotal;
    expect(await engine(shell, {}, context)).toMatchObject({ behavior: 'ask', decisionReason: { type: 'classifier', reason: expect.stringContaining(`(${DENIAL_LIMITS.maxTotal} in all)`) } });
    expect(allowing).toHaveBeenCalledTimes(1);
  });

  it('keeps denying past the limits when no one can be asked', async () => {
    const engine = settledEngine({ classifier: blocking });
    const avoid = contextWith(tools, { mode: 'auto', shouldAvoidPermissionPrompts: true });
    avoid.localDenialTracking.consecutiveDenials = 10;
    expect(await engine(shell, {}, avoid)).toMatchObject({ behavior: 'deny', decisionReason: { type: 'classifier' } });
    const headless = contextWith(tools, { mode: 'auto' });
    headless.options.isNonInteractiveSession = true;
    headless.localDenialTracking.consecutiveDenials = 10;
    expect(await engine(shell, {}, headless)).toMatchObject({ behavior: 'deny' });
  });

  it('lets the classifier approve a safety check only when the check says it may', async () => {
    const approvable = fakeTool('Approvable', {
      check: async () => ({ behavior: 'ask', message: 'cd /tmp?', decisionReason: { type: 'safetyCheck', reason: 'outside', classifierApprovable: true } }),
    });
    const context = contextWith([approvable, guarded], { mode: 'auto' });
    const engine = settledEngine({ classifier: async () => ({ allow: true, reason: 'fine' }) });
    expect(await engine(approvable, {}, context)).toMatchObject({ behavior: 'allow', decisionReason: { type: 'classifier' } });
    expect(await engine(guarded, {}, context)).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
  });
});
