/** Codewright's VS Code settings, read on each use so changes apply without a reload. */
import * as vscode from 'vscode';
import type { SettingsPort } from '../../core/ports';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';
export const DEFAULT_MAX_TOKENS = 8192;

export class VsCodeSettings implements SettingsPort {
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('codewright');
  }

  model(): string {
    const value = this.config.get<unknown>('model');
    return typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_MODEL;
  }

  maxTokens(): number {
    const value = this.config.get<unknown>('maxTokens');
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_TOKENS;
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

  /** The setting wins over ANTHROPIC_BASE_URL; undefined means the SDK's default endpoint. */
  apiBaseUrl(): string | undefined {
    const value = this.config.get<unknown>('apiBaseUrl');
    if (typeof value === 'string' && value.trim()) return value.trim();
    return this.env.ANTHROPIC_BASE_URL?.trim() || undefined;
  }
}
