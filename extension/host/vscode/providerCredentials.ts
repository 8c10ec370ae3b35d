/**
 * The credentials the chat checks before a turn and the setup screen shows, aware of the provider: on
 * Amazon Bedrock, Google Vertex AI or Microsoft Foundry (llm/providers/) the cloud's own credentials are used,
 * so no Anthropic API key is asked for; switching `codewright.provider` refreshes the setup screen.
 */
import * as vscode from 'vscode';
import type { CredentialsPort } from '../../core/contracts/settings';
import type { VsCodeCredentials } from './credentials';

export class ProviderAwareCredentials implements CredentialsPort {
  constructor(
    private readonly inner: VsCodeCredentials,
    /** True while a cloud provider is chosen (read on each call: the setting may change). */
    private readonly usesCloudProvider: () => boolean,
  ) {}

  async getApiKey(): Promise<{ key: string; source: 'secretStorage' | 'environment' | 'provider' } | undefined> {
    // No key to hand out: the provider's SDK finds its own credentials (llm/providers/).
    if (this.usesCloudProvider()) return { key: '', source: 'provider' };
    return this.inner.getApiKey();
  }

  setApiKey(key: string): Promise<void> {
    return this.inner.setApiKey(key);
  }

  clearApiKey(): Promise<void> {
    return this.inner.clearApiKey();
  }

  onDidChange(listener: () => void): vscode.Disposable {
    const key = this.inner.onDidChange(listener);
    const provider = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('codewright.provider')) listener();
    });
    return vscode.Disposable.from(key, provider);
  }
}
