/**
 * The settings the Config tool may read and change (docs/ARCHITECTURE.md, The Config tool): Codewright's own
 * scalar settings, named as in package.json's `contributes.configuration` without the `codewright.` prefix
 * (a unit test keeps the two lists in step). Rule lists (`permissions.allow` …) are not here: rules change
 * through the permission dialog and /permissions, never through a model's single value.
 *
 * Where a setting is stored is the host's business (`ConfigSettingsPort`); what a valid value is, is decided
 * here once for both hosts.
 */
import { EXTERNAL_PERMISSION_MODES } from './permissions';

export type SettingValue = string | boolean | number;

export interface SettingSpec {
  /** The name the model uses (`model`, `permissions.defaultMode`). */
  key: string;
  /** Other names accepted for it (Claude Code's, e.g. `defaultMode`). */
  aliases?: readonly string[];
  description: string;
  type: 'string' | 'boolean' | 'integer' | 'number';
  /** The allowed values of a string setting. */
  values?: readonly string[];
  /** What a free-form string setting must look like (package.json's `pattern`), and how to say so. */
  pattern?: { regex: RegExp; expected: string };
  /** The value when nothing sets it. */
  defaultValue: SettingValue;
  /**
   * A change could widen what the agent may do or where the API key goes: the permission engine then asks
   * with a safety check, which no mode and no allow rule skips.
   */
  sensitive?: boolean;
}

export const SETTINGS: readonly SettingSpec[] = [
  { key: 'model', description: 'The model id new requests use', type: 'string', defaultValue: 'claude-sonnet-5-5' },
  { key: 'maxTokens', description: "max_tokens of each request (0: the model's output limit)", type: 'integer', defaultValue: 0 },
  { key: 'thinking', description: 'Extended thinking: on, off, or a budget in tokens (≥ 1024)', type: 'string', defaultValue: 'on', pattern: { regex: /^(on|off|[0-9]+)$/, expected: 'on, off or a number of tokens' } },
  { key: 'effort', description: "Effort of each reply (empty: the model's default)", type: 'string', values: ['', 'low', 'medium', 'high'], defaultValue: '' },
  { key: 'apiBaseUrl', description: 'The Anthropic API endpoint (empty: the default)', type: 'string', defaultValue: '', sensitive: true },
  // Providers (llm/providers/): where requests, and so the conversation, go; and the model after overloads.
  {
    key: 'provider',
    description: 'Where model requests go (auto: Claude Code\'s CLAUDE_CODE_USE_* variables, else the Anthropic API)',
    type: 'string',
    values: ['auto', 'anthropic', 'bedrock', 'vertex', 'foundry'],
    defaultValue: 'auto',
    sensitive: true,
  },
  { key: 'fallbackModel', description: 'The model a turn switches to after repeated overloads (empty: none)', type: 'string', defaultValue: '' },
  // The agent raising its own spending limit is exactly what the limit is for: a change always asks.
  // Turning off what lets a rewind undo Bash's changes is the user's call: a change always asks.
  { key: 'checkpoints.bashSnapshots', description: 'Snapshot the workspace around Bash commands that may write, so rewind undoes their changes', type: 'boolean', defaultValue: true, sensitive: true },
  { key: 'maxBudgetUsd', description: 'Spending limit of each chat in US dollars (0: no limit)', type: 'number', defaultValue: 0, sensitive: true },
  {
    key: 'permissions.defaultMode',
    aliases: ['defaultMode', 'permissionMode'],
    description: 'The permission mode a session starts in (empty: default)',
    type: 'string',
    values: ['', ...EXTERNAL_PERMISSION_MODES],
    defaultValue: '',
    sensitive: true,
  },
  { key: 'diffReview.open', description: 'Where a proposed change opens for review', type: 'string', values: ['beside', 'active', 'manual'], defaultValue: 'beside' },
  { key: 'diffReview.focus', description: 'Whether the review takes the focus', type: 'boolean', defaultValue: false },
];

export function findSetting(name: string): SettingSpec | undefined {
  return SETTINGS.find((s) => s.key === name || s.aliases?.includes(name));
}

/** "model, maxTokens, …": what an unknown name's error lists. */
export function knownSettingsText(): string {
  return SETTINGS.map((s) => s.key).join(', ');
}

/**
 * The value as the setting stores it, or a message saying what is wrong. Strings the model sends for a
 * boolean or integer setting ("true", "8192") are accepted, as a user would type them.
 */
export function coerceSettingValue(spec: SettingSpec, value: SettingValue): { ok: true; value: SettingValue } | { ok: false; message: string } {
  const bad = (what: string) => ({ ok: false as const, message: `Invalid value for ${spec.key}: ${JSON.stringify(value)}; expected ${what}.` });
  if (spec.type === 'boolean') {
    if (typeof value === 'boolean') return { ok: true, value };
    if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
    return bad('true or false');
  }
  if (spec.type === 'integer' || spec.type === 'number') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    const whole = spec.type === 'integer';
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0 && (!whole || Number.isInteger(n))) return { ok: true, value: n };
    return bad(whole ? 'a whole number (0 for the default)' : 'a number, 0 or more (0 for the default)');
  }
  if (typeof value !== 'string') return bad('a string');
  if (spec.values && !spec.values.includes(value)) return bad(`one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}`);
  if (spec.pattern && !spec.pattern.regex.test(value)) return bad(spec.pattern.expected);
  return { ok: true, value };
}
