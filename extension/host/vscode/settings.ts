/** Codewright's VS Code settings, read on each use so changes apply without a reload. */
import * as vscode from 'vscode';
import type { SettingsPort } from '../../core/contracts/settings';
import { parseEffort, parseThinkingSetting, type Effort, type ThinkingSetting } from '../../core/engines/models/requestOptions';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export class VsCodeSettings implements SettingsPort {
  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    /** Told once per bad value of `codewright.thinking`, which then counts as "on". */
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('codewright');
  }

  model(): string {
    const value = this.config.get<unknown>('model');
    return typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_MODEL;
  }

  /** Undefined (0 or unset): the model's own output limit, from the model table. */
  maxTokens(): number | undefined {
    const value = this.config.get<unknown>('maxTokens');
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
  }

  private warnedThinking: unknown;

  thinking(): ThinkingSetting {
    const value = this.config.get<unknown>('thinking');
    const parsed = value === undefined || value === '' ? 'on' : parseThinkingSetting(value);
    if (parsed !== undefined) return parsed;
    if (this.warnedThinking !== value) {
      this.warnedThinking = value;
      this.warn(`codewright.thinking: ${JSON.stringify(value)} is not "on", "off" or a budget of at least 1024 tokens; thinking stays on.`);
    }
    return 'on';
  }

  effort(): Effort | undefined {
    return parseEffort(this.config.get<unknown>('effort'));
  }

  /** `codewright.provider` as set: `auto` (Claude Code's CLAUDE_CODE_USE_* variables decide) or a provider name. */
  provider(): string {
    const value = this.config.get<unknown>('provider');
    return typeof value === 'string' && value.trim() ? value.trim() : 'auto';
  }

  /** `codewright.fallbackModel`: where a request goes after repeated overloads; undefined when empty. */
  fallbackModel(): string | undefined {
    const value = this.config.get<unknown>('fallbackModel');
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  }

  /** `codewright.maxBudgetUsd`: each chat's spending limit in dollars; undefined when unset, 0 or not a positive number. */
  maxBudgetUsd(): number | undefined {
    const value = this.config.get<unknown>('maxBudgetUsd');
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
  }

  /** The setting wins over ANTHROPIC_BASE_URL; undefined means the SDK's default endpoint. */
  apiBaseUrl(): string | undefined {
    const value = this.config.get<unknown>('apiBaseUrl');
    if (typeof value === 'string' && value.trim()) return value.trim();
    return this.env.ANTHROPIC_BASE_URL?.trim() || undefined;
  }
}
