import type { ToolPermissionContext } from './permissions';

/**
 * What the host's settings give core: the API key, the model settings, the window's permission context, and
 * the log.
 *
 * Ports are the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

/**
 * Where the API key comes from; read on every request so a key set mid-session takes effect. `provider`: a
 * cloud provider (Bedrock, Vertex AI, Foundry) is in use, whose SDK finds its own credentials (no key).
 */
export interface CredentialsPort {
  getApiKey(): Promise<{ key: string; source: 'secretStorage' | 'environment' | 'provider' } | undefined>;
}

/** Settings the loop reads; read on each request so changes apply without a reload. */
export interface SettingsPort {
  model(): string;
  /** The user's `max_tokens`; undefined: the model's maximum output (the model table). */
  maxTokens(): number | undefined;
  apiBaseUrl(): string | undefined;
  /** `codewright.thinking` / `--thinking`: 'on' (default), 'off' or a budget. */
  thinking?(): 'on' | 'off' | number;
  /** `codewright.effort` / `--effort`; undefined: the model's default. */
  effort?(): 'low' | 'medium' | 'high' | undefined;
  /** `codewright.fallbackModel`: where a request goes after repeated overloads; undefined: none. */
  fallbackModel?(): string | undefined;
  /** `codewright.maxBudgetUsd`: a chat's spending limit in dollars (QueryParams.budget); undefined: none. */
  maxBudgetUsd?(): number | undefined;
}

/**
 * The window's permission context (rules, mode: settings files, the mode picker); each turn starts from it
 * and accepted suggestions go back into it. VS Code keeps it in `host/vscode/permissionState.ts`, the CLI in
 * a variable.
 */
export interface PermissionHolder {
  current(): ToolPermissionContext;
  update(f: (prev: ToolPermissionContext) => ToolPermissionContext): void;
}

/** A subset of VS Code's LogOutputChannel, so the Node host can log to stderr. */
export interface Logger {
  trace(message: string, ...args: unknown[]): void;
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string | Error, ...args: unknown[]): void;
}
