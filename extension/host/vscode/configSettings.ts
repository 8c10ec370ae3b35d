/**
 * The Config tool's settings in VS Code (docs/ARCHITECTURE.md, The Config tool): `codewright.*` of the
 * configuration. A change goes where the value in effect comes from: the workspace's settings when the
 * workspace sets it, the user's otherwise.
 */
import * as vscode from 'vscode';
import type { ConfigSettingsPort } from '../../core/contracts/configPort';
import type { SettingValue } from '../../core/contracts/settingsCatalog';

export class VsCodeConfigSettings implements ConfigSettingsPort {
  private lastTarget = 'VS Code user settings';

  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('codewright');
  }

  async get(key: string): Promise<SettingValue | undefined> {
    const value = this.config.get<unknown>(key);
    return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? value : undefined;
  }

  async set(key: string, value: SettingValue): Promise<void> {
    const inWorkspace = this.config.inspect(key)?.workspaceValue !== undefined;
    const target = inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    this.lastTarget = inWorkspace ? 'VS Code workspace settings' : 'VS Code user settings';
    await this.config.update(key, value, target);
  }

  target(): string {
    return this.lastTarget;
  }
}
