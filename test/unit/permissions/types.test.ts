import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeDecisionReason, describePermissionRuleSource } from '../../../extension/core/engines/permissions/describe';
import {
  EXTERNAL_PERMISSION_MODES,
  getEmptyToolPermissionContext,
  INTERNAL_PERMISSION_MODES,
  isExternalPermissionMode,
  PERMISSION_DECISION_REASON_TYPES,
  PERMISSION_RULE_SOURCES,
  type PermissionDecision,
  type PermissionDecisionReason,
  type PermissionMode,
  type PermissionResult,
  type PermissionRuleSource,
  type PermissionUpdate,
  type PermissionUpdateDestination,
  type ToolPermissionContext,
} from '../../../extension/core/contracts/permissions';

type ReasonOf<T extends PermissionDecisionReason['type']> = Extract<PermissionDecisionReason, { type: T }>;

/** One reason of every type with its expected text; `satisfies` fails to compile when a type is missing. */
const CASES = {
  rule: [
    { type: 'rule', rule: { source: 'projectSettings', ruleBehavior: 'allow', ruleValue: { toolName: 'Bash', ruleContent: 'npm:*' } } },
    'rule Bash(npm:*) from project settings (.claude/settings.json)',
  ],
  mode: [{ type: 'mode', mode: 'acceptEdits' }, 'permission mode "Accept edits"'],
  subcommandResults: [
    {
      type: 'subcommandResults',
      reasons: new Map<string, PermissionResult>([
        ['git status', { behavior: 'allow' }],
        ['rm -rf build', { behavior: 'ask', message: 'rm deletes files' }],
      ]),
    },
    'sub-commands: git status (allowed), rm -rf build (needs approval)',
  ],
  permissionPromptTool: [
    { type: 'permissionPromptTool', permissionPromptToolName: 'mcp__auth__approve', toolResult: { ok: true } },
    'permission prompt tool mcp__auth__approve',
  ],
  hook: [{ type: 'hook', hookName: 'PreToolUse:lint', reason: 'lint failed' }, 'hook PreToolUse:lint: lint failed'],
  asyncAgent: [{ type: 'asyncAgent', reason: 'prompts are unavailable' }, 'background agent: prompts are unavailable'],
  sandboxOverride: [{ type: 'sandboxOverride' }, 'sandbox override'],
  classifier: [{ type: 'classifier', classifier: 'bash', reason: 'reads only' }, 'classifier bash: reads only'],
  workingDir: [{ type: 'workingDir', reason: '/etc is outside the workspace' }, 'working directory: /etc is outside the workspace'],
  safetyCheck: [{ type: 'safetyCheck', reason: 'writes .bashrc', classifierApprovable: false }, 'safety check: writes .bashrc'],
  other: [{ type: 'other', reason: 'denied by policy' }, 'denied by policy'],
} satisfies { [T in PermissionDecisionReason['type']]: [ReasonOf<T>, string] };

describe('core/permissions types', () => {
  it('lists the six external modes (auto among them) and the internal bubble', () => {
    expect(EXTERNAL_PERMISSION_MODES).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto']);
    expect(INTERNAL_PERMISSION_MODES).toEqual([...EXTERNAL_PERMISSION_MODES, 'bubble']);
  });

  it('accepts external modes and rejects internal or unknown ones', () => {
    for (const m of EXTERNAL_PERMISSION_MODES) expect(isExternalPermissionMode(m)).toBe(true);
    for (const m of ['bubble', 'yolo', '']) expect(isExternalPermissionMode(m)).toBe(false);
  });

  it('orders rule sources from user settings up to the session', () => {
    expect(PERMISSION_RULE_SOURCES.slice(0, 5)).toEqual(['userSettings', 'projectSettings', 'localSettings', 'vscodeSettings', 'session']);
    expect(PERMISSION_RULE_SOURCES).toHaveLength(7);
  });

  it('names every rule source with where it lives', () => {
    expect(describePermissionRuleSource('userSettings')).toBe('user settings (~/.claude/settings.json)');
    expect(describePermissionRuleSource('localSettings')).toBe('local settings (.claude/settings.local.json)');
    for (const s of PERMISSION_RULE_SOURCES) expect(describePermissionRuleSource(s)).toMatch(/\S/);
  });

  it('lists exactly the 11 decision reason types', () => {
    expect(PERMISSION_DECISION_REASON_TYPES).toHaveLength(11);
    expect(new Set(PERMISSION_DECISION_REASON_TYPES).size).toBe(11);
    expect([...PERMISSION_DECISION_REASON_TYPES].sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('describes a %s reason', (_type, [reason, text]) => {
    expect(describeDecisionReason(reason)).toBe(text);
  });

  it('describes reasons without their optional detail', () => {
    expect(describeDecisionReason({ type: 'hook', hookName: 'guard' })).toBe('hook guard');
    expect(describeDecisionReason({ type: 'sandboxOverride', reason: 'network needed' })).toBe('sandbox override: network needed');
    expect(describeDecisionReason({ type: 'subcommandResults', reasons: new Map() })).toBe('sub-commands: none');
    expect(
      describeDecisionReason({ type: 'rule', rule: { source: 'session', ruleBehavior: 'deny', ruleValue: { toolName: 'WebFetch' } } }),
    ).toBe('rule WebFetch from this session');
  });

  it('starts an empty context in default mode with no rules or directories', () => {
    const ctx = getEmptyToolPermissionContext();
    expect(ctx).toEqual({
      mode: 'default',
      additionalWorkingDirectories: new Map(),
      alwaysAllowRules: {},
      alwaysDenyRules: {},
      alwaysAskRules: {},
      isBypassPermissionsModeAvailable: false,
    });
    expect(getEmptyToolPermissionContext().additionalWorkingDirectories).not.toBe(ctx.additionalWorkingDirectories);
  });

  it('has exactly the 11 reason types and the 7 modes at the type level', () => {
    expectTypeOf<PermissionDecisionReason['type']>().toEqualTypeOf<
      | 'rule'
      | 'mode'
      | 'subcommandResults'
      | 'permissionPromptTool'
      | 'hook'
      | 'asyncAgent'
      | 'sandboxOverride'
      | 'classifier'
      | 'workingDir'
      | 'safetyCheck'
      | 'other'
    >();
    expectTypeOf<(typeof PERMISSION_DECISION_REASON_TYPES)[number]>().toEqualTypeOf<PermissionDecisionReason['type']>();
    expectTypeOf<PermissionMode>().toEqualTypeOf<
      'default' | 'acceptEdits' | 'plan' | 'bypassPermissions' | 'dontAsk' | 'auto' | 'bubble'
    >();
    expectTypeOf<PermissionUpdateDestination>().toExtend<PermissionRuleSource>();
    expectTypeOf<PermissionResult['behavior']>().toEqualTypeOf<'allow' | 'ask' | 'deny' | 'passthrough'>();
    expect(PERMISSION_DECISION_REASON_TYPES).toContain('rule');
  });

  it('rejects ill-formed decisions and updates at compile time', () => {
    // @ts-expect-error a deny decision must carry its reason
    const deny: PermissionDecision = { behavior: 'deny', message: 'no' };
    // @ts-expect-error setMode takes only external modes
    const setMode: PermissionUpdate = { type: 'setMode', mode: 'bubble', destination: 'session' };
    // @ts-expect-error VS Code settings are not a destination the agent writes to
    const dest: PermissionUpdateDestination = 'vscodeSettings';
    const allow: PermissionDecision<{ command: string }> = { behavior: 'allow', updatedInput: { command: 'ls' } };
    expectTypeOf(allow).toExtend<PermissionResult<{ command: string }>>();
    expect([deny, setMode, dest, allow]).toHaveLength(4);
  });

  it('returns a fresh context each time, so edits that slip past the types do not leak into the next one', () => {
    const ctx: ToolPermissionContext = getEmptyToolPermissionContext();
    // @ts-expect-error the context is replaced, not edited
    ctx.mode = 'plan';
    // @ts-expect-error rule lists are readonly
    ctx.alwaysAllowRules.userSettings?.push('Bash');
    // @ts-expect-error the directory map is a ReadonlyMap
    ctx.additionalWorkingDirectories.set('/tmp', { path: '/tmp', source: 'session' });
    const next = getEmptyToolPermissionContext();
    expect(next.mode).toBe('default');
    expect(next.additionalWorkingDirectories.size).toBe(0);
  });
});
