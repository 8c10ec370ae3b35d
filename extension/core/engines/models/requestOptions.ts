/**
 * The model-dependent part of a request (docs/ARCHITECTURE.md, Models and thinking): `max_tokens`, `thinking`
 * and effort, from the model table and the user's settings (`codewright.maxTokens` / `--max-tokens`,
 * `codewright.thinking` / `--thinking`, `codewright.effort` / `--effort`). Resolved per request model, so a
 * sub-agent on Haiku never asks for Opus's output limit.
 */
import type { ThinkingParam } from '../../contracts/modelClient';
import type { ThinkingConfig } from '../../contracts/toolUseContext';
import { modelInfo } from './models';

/** `on` (the default): thinking where the model offers it; `off`; or a budget in tokens. */
export type ThinkingSetting = 'on' | 'off' | number;
export const EFFORT_LEVELS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

/** What the user set; anything absent takes the model's own value. */
export interface ModelPreferences {
  /** An explicit `max_tokens`; absent: the model's maximum output. */
  maxTokens?: number;
  thinking?: ThinkingSetting;
  effort?: Effort;
}

export interface RequestOptions {
  maxTokens: number;
  thinking?: ThinkingParam;
  effort?: Effort;
}

/** The API's floor for `budget_tokens`. */
export const MIN_THINKING_BUDGET = 1024;
/** `on` for a budget-only model: a generous share of the output, as Claude Code's default budget. */
const DEFAULT_THINKING_BUDGET = 31_999;

/** `max_tokens`, `thinking` and effort for one request to `model`. */
export function requestOptionsFor(model: string, prefs: ModelPreferences = {}): RequestOptions {
  const info = modelInfo(model);
  // A user's number above the model's limit would be refused outright; the model's limit is what they meant.
  const maxTokens = Math.min(prefs.maxTokens ?? info.maxOutputTokens, info.maxOutputTokens);
  const thinking = thinkingFor(info, prefs.thinking ?? 'on', maxTokens);
  return { maxTokens, ...(thinking ? { thinking } : {}), ...(prefs.effort && info.effort ? { effort: prefs.effort } : {}) };
}

/** The thinking a request to `model` asks for, as `ToolUseContext.options.thinkingConfig` says it. */
export function thinkingConfigFor(model: string, prefs: ModelPreferences = {}): ThinkingConfig {
  const thinking = requestOptionsFor(model, prefs).thinking;
  if (thinking?.type === 'enabled') return { type: 'enabled', budgetTokens: thinking.budget_tokens };
  return thinking?.type === 'adaptive' ? { type: 'adaptive' } : { type: 'disabled' };
}

function thinkingFor(info: ReturnType<typeof modelInfo>, setting: ThinkingSetting, maxTokens: number): ThinkingParam | undefined {
  if (setting === 'off' || info.thinking === 'none') return undefined;
  const wantsBudget = typeof setting === 'number';
  if (info.thinking === 'adaptive' && !(wantsBudget && info.acceptsBudget)) return { type: 'adaptive' };
  // budget_tokens must be at least 1024 and below max_tokens; with no room for both, no thinking.
  const budget = Math.min(wantsBudget ? setting : DEFAULT_THINKING_BUDGET, maxTokens - 1);
  return budget >= MIN_THINKING_BUDGET ? { type: 'enabled', budget_tokens: budget } : undefined;
}

/** "on", "off" or a whole number ≥ 1024 (as typed in settings or on the command line); undefined when invalid. */
export function parseThinkingSetting(value: unknown): ThinkingSetting | undefined {
  if (value === 'on' || value === true) return 'on';
  if (value === 'off' || value === false) return 'off';
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= MIN_THINKING_BUDGET ? n : undefined;
}

export function parseEffort(value: unknown): Effort | undefined {
  return (EFFORT_LEVELS as readonly unknown[]).includes(value) ? (value as Effort) : undefined;
}
