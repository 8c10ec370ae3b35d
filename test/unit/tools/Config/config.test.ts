import { describe, expect, it } from 'vitest';
import type { ConfigSettingsPort } from '../../../../extension/core/contracts/configPort';
import type { SettingValue } from '../../../../extension/core/contracts/settingsCatalog';
import { toolResultText } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { getEmptyToolPermissionContext, type PermissionMode } from '../../../../extension/core/contracts/permissions';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import type { PermissionPrompt } from '../../../../extension/core/contracts/permissionPrompts';
import { ConfigTool } from '../../../../extension/tools/Config/Config';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';

/** Settings in memory, recording every write. */
function memoryPort(initial: Record<string, SettingValue> = {}): ConfigSettingsPort & { values: Record<string, SettingValue>; writes: string[] } {
  const values = { ...initial };
  const writes: string[] = [];
  return {
    values,
    writes,
    get: async (key) => values[key],
    set: async (key, value) => {
      writes.push(key);
      values[key] = value;
    },
    target: () => 'memory',
  };
}

interface RunOptions {
  port?: ConfigSettingsPort;
  /** The user's answer; undefined: nobody can be asked. */
  answer?: 'allow' | 'deny';
  mode?: PermissionMode;
  allowRules?: string[];
}

async function run(input: unknown, opts: RunOptions = {}) {
  const asked: PermissionPrompt[] = [];
  // Config is deferred: as if ToolSearch had loaded it.
  const context = makeContext([ConfigTool], { discoveredToolNames: new Set([ConfigTool.name]), ports: { ...makeContext([]).ports, ...(opts.port ? { config: opts.port } : {}) } });
  context.setAppState((s) => ({
    ...s,
    toolPermissionContext: { ...getEmptyToolPermissionContext(), mode: opts.mode ?? 'default', alwaysAllowRules: opts.allowRules ? { session: opts.allowRules } : {} },
  }));
  const askUser = opts.answer
    ? async (prompt: PermissionPrompt) => {
        asked.push(prompt);
        return opts.answer === 'allow' ? { behavior: 'allow' as const } : { behavior: 'deny' as const, message: 'The user said no.', decisionReason: { type: 'other' as const, reason: 'user' } };
      }
    : undefined;
  const block = toolUse('Config', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: createCanUseTool(createPermissionEngine(), askUser) });
  return { text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true, asked, stage: outcome.stage };
}

describe('tools/Config', () => {
  it('reads a setting without asking, and its default when nothing sets it', async () => {
    const port = memoryPort({ model: 'claude-opus-5' });
    expect(await run({ setting: 'model' }, { port })).toMatchObject({ text: 'model = "claude-opus-5"', isError: false, asked: [] });
    expect((await run({ setting: 'maxTokens' }, { port })).text).toBe('maxTokens = 0');
    expect((await run({ setting: 'defaultMode' }, { port })).text).toBe('permissions.defaultMode = ""');
  });

  it('asks "Change setting X from A to B" and writes the change once the user allows it', async () => {
    const port = memoryPort({ model: 'claude-sonnet-5-5' });
    const result = await run({ setting: 'model', value: 'claude-opus-5' }, { port, answer: 'allow' });
    expect(result.asked.map((a) => a.message)).toEqual(['Change setting model from "claude-sonnet-5-5" to "claude-opus-5"']);
    expect(result).toMatchObject({ isError: false, text: 'Changed model from "claude-sonnet-5-5" to "claude-opus-5" in memory.' });
    expect(port.values.model).toBe('claude-opus-5');
  });

  it('leaves the setting alone when the user denies, or when nobody can be asked', async () => {
    const port = memoryPort();
    const denied = await run({ setting: 'diffReview.focus', value: true }, { port, answer: 'deny' });
    expect(denied).toMatchObject({ isError: true, stage: 'permission' });
    expect(denied.text).toContain('The user said no.');
    const headless = await run({ setting: 'diffReview.focus', value: true }, { port });
    expect(headless.text).toContain('Change setting diffReview.focus from false to true');
    expect(port.writes).toEqual([]);
  });

  it('lets an allow rule through for ordinary settings, but always asks for the sensitive ones', async () => {
    const port = memoryPort();
    expect(await run({ setting: 'maxTokens', value: '4096' }, { port, allowRules: ['Config'] })).toMatchObject({ isError: false, asked: [] });
    expect(port.values.maxTokens).toBe(4096);
    const mode = await run({ setting: 'permissionMode', value: 'bypassPermissions' }, { port, mode: 'bypassPermissions', allowRules: ['Config'], answer: 'deny' });
    expect(mode.asked).toHaveLength(1);
    expect(mode.asked[0]?.decisionReason?.type).toBe('safetyCheck');
    expect(port.values['permissions.defaultMode']).toBeUndefined();
  });

  it('refuses an unknown setting, listing the known ones, and an invalid value, before asking', async () => {
    const port = memoryPort();
    const unknown = await run({ setting: 'theme', value: 'dark' }, { port, answer: 'allow' });
    expect(unknown).toMatchObject({ isError: true, stage: 'validation', asked: [] });
    expect(unknown.text).toContain('Unknown setting "theme". Known settings: model, maxTokens, thinking, effort, apiBaseUrl, provider, fallbackModel, checkpoints.bashSnapshots, maxBudgetUsd, permissions.defaultMode, diffReview.open, diffReview.focus.');
    const bad = await run({ setting: 'diffReview.open', value: 'elsewhere' }, { port, answer: 'allow' });
    expect(bad.text).toContain('Invalid value for diffReview.open: "elsewhere"; expected one of "beside", "active", "manual".');
    expect((await run({ setting: 'maxTokens', value: -3 }, { port, answer: 'allow' })).text).toContain('expected a whole number');
    expect(port.writes).toEqual([]);
  });

  it('says so where no settings port exists', async () => {
    expect((await run({ setting: 'model' })).text).toContain('Settings cannot be read or changed here.');
  });
});
