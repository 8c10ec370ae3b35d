/** Plain-Node ports for tests and the headless CLI: key and settings from the environment. */
import type { Effort, ThinkingSetting } from '../../core/engines/models/requestOptions';
import type { CredentialsPort, Logger, SettingsPort } from '../../core/contracts/settings';

export class EnvCredentials implements CredentialsPort {
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  async getApiKey(): Promise<{ key: string; source: 'environment' } | undefined> {
    const key = this.env.ANTHROPIC_API_KEY?.trim();
    return key ? { key, source: 'environment' } : undefined;
  }
}

export class StaticSettings implements SettingsPort {
  constructor(private readonly values: { model: string; maxTokens?: number; thinking?: ThinkingSetting; effort?: Effort; apiBaseUrl?: string }) {}
  model(): string {
    return this.values.model;
  }
  maxTokens(): number | undefined {
    return this.values.maxTokens;
  }
  thinking(): ThinkingSetting {
    return this.values.thinking ?? 'on';
  }
  effort(): Effort | undefined {
    return this.values.effort;
  }
  apiBaseUrl(): string | undefined {
    return this.values.apiBaseUrl;
  }
}

/** Logs to stderr with a level prefix; `silent` drops everything (unit tests). */
export function consoleLogger(silent = false): Logger {
  const out =
    (level: string) =>
    (message: string | Error, ...args: unknown[]): void => {
      if (!silent) console.error(`[${level}] ${message instanceof Error ? message.message : message}`, ...args);
    };
  return { trace: out('trace'), debug: out('debug'), info: out('info'), warn: out('warn'), error: out('error') };
}
