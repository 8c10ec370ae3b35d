/**
 * Config: reads or changes one of Codewright's own settings (docs/ARCHITECTURE.md, The Config tool).
 * Reading is read-only and always allowed; a change goes through the permission engine, which asks
 * "Change setting X from A to B" (a safety check for the sensitive ones, so no mode or rule skips it).
 * The settings live behind `ports.config`, VS Code's configuration or the CLI's settings files.
 */
import { z } from 'zod';
import { coerceSettingValue, findSetting, knownSettingsText, type SettingSpec, type SettingValue } from '../../core/contracts/settingsCatalog';
import type { ToolResultBlock } from '../../core/base/messages';
import type { PermissionResult } from '../../core/contracts/permissions';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { CONFIG_TOOL_NAME } from '../../protocol/toolNames';
import { CONFIG_DESCRIPTION, configPrompt } from './prompt';

const inputSchema = z.strictObject({
  setting: z.string().min(1).describe('The setting\'s name, e.g. "model" or "permissions.defaultMode"'),
  value: z.union([z.string(), z.boolean(), z.number()]).optional().describe('The new value; leave it out to read the setting'),
});
type ConfigInput = z.infer<typeof inputSchema>;

export interface ConfigOutput {
  operation: 'get' | 'set';
  setting: string;
  value: SettingValue;
  previousValue?: SettingValue;
  /** Where a change was written. */
  target?: string;
}

function specOf(name: string): SettingSpec {
  const spec = findSetting(name);
  if (!spec) throw new ToolError('not_found', `Unknown setting "${name}". Known settings: ${knownSettingsText()}.`);
  return spec;
}

async function currentValue(spec: SettingSpec, context: ToolUseContext): Promise<SettingValue> {
  const port = context.ports.config;
  if (!port) throw new ToolError('unavailable', 'Settings cannot be read or changed here.');
  return (await port.get(spec.key)) ?? spec.defaultValue;
}

const show = (v: SettingValue) => JSON.stringify(v);

export const ConfigTool = buildTool({
  name: CONFIG_TOOL_NAME,
  searchHint: 'settings configuration model permission mode preferences',
  shouldDefer: true,
  inputSchema,
  maxResultSizeChars: 10_000,
  isReadOnly: (input: ConfigInput) => input.value === undefined,
  isConcurrencySafe: (input: ConfigInput) => input.value === undefined,
  async description() {
    return CONFIG_DESCRIPTION;
  },
  async prompt() {
    return configPrompt();
  },
  userFacingName: () => 'Config',
  getToolUseSummary: (input) => (typeof input?.setting === 'string' ? input.setting : null),
  getActivityDescription: (input) => (input?.value === undefined ? 'Reading a setting' : 'Changing a setting'),
  toAutoClassifierInput: (input) => (input.value === undefined ? input.setting : `${input.setting} = ${show(input.value)}`),

  async validateInput(input) {
    const spec = findSetting(input.setting);
    if (!spec) return { result: false, message: `Unknown setting "${input.setting}". Known settings: ${knownSettingsText()}.` };
    if (input.value === undefined) return { result: true };
    const checked = coerceSettingValue(spec, input.value);
    return checked.ok ? { result: true } : { result: false, message: checked.message };
  },

  async checkPermissions(input, context): Promise<PermissionResult> {
    if (input.value === undefined) return { behavior: 'allow', updatedInput: input };
    const spec = specOf(input.setting);
    const checked = coerceSettingValue(spec, input.value);
    const next = checked.ok ? checked.value : input.value;
    const before = context.ports.config ? await currentValue(spec, context).catch(() => undefined) : undefined;
    const message = `Change setting ${spec.key} from ${before === undefined ? '(unknown)' : show(before)} to ${show(next)}`;
    if (spec.sensitive) return { behavior: 'ask', message, decisionReason: { type: 'safetyCheck', reason: `${spec.key} decides what the agent may do or where requests go` } };
    return { behavior: 'passthrough', message };
  },

  async call(input, context) {
    const spec = specOf(input.setting);
    const previous = await currentValue(spec, context);
    if (input.value === undefined) return { data: { operation: 'get', setting: spec.key, value: previous } satisfies ConfigOutput };
    const checked = coerceSettingValue(spec, input.value);
    if (!checked.ok) throw new ToolError('invalid_input', checked.message);
    const port = context.ports.config!;
    await port.set(spec.key, checked.value);
    return { data: { operation: 'set', setting: spec.key, value: checked.value, previousValue: previous, target: port.target() } satisfies ConfigOutput };
  },

  mapToolResultToToolResultBlockParam(output: ConfigOutput, toolUseId: string): ToolResultBlock {
    const text =
      output.operation === 'get'
        ? `${output.setting} = ${show(output.value)}`
        : `Changed ${output.setting} from ${show(output.previousValue ?? '')} to ${show(output.value)} in ${output.target ?? 'the settings'}.`;
    return { type: 'tool_result', tool_use_id: toolUseId, content: text };
  },
});
