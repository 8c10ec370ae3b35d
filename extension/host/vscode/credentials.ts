/** The API key: SecretStorage first (set from the palette), then ANTHROPIC_API_KEY. Never in settings files. */
import type * as vscode from 'vscode';
import type { CredentialsPort } from '../../core/contracts/settings';

export const API_KEY_SECRET = 'codewright.anthropicApiKey';

export class VsCodeCredentials implements CredentialsPort {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  async getApiKey(): Promise<{ key: string; source: 'secretStorage' | 'environment' } | undefined> {
    const stored = (await this.secrets.get(API_KEY_SECRET))?.trim();
    if (stored) return { key: stored, source: 'secretStorage' };
    const fromEnv = this.env.ANTHROPIC_API_KEY?.trim();
    if (fromEnv) return { key: fromEnv, source: 'environment' };
    return undefined;
  }

  async setApiKey(key: string): Promise<void> {
    await this.secrets.store(API_KEY_SECRET, key.trim());
  }

  async clearApiKey(): Promise<void> {
    await this.secrets.delete(API_KEY_SECRET);
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key === API_KEY_SECRET) listener();
    });
  }
}
