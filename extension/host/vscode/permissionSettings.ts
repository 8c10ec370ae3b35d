/**
 * Permission settings in VS Code: the `codewright.permissions.*` settings as one rule source
 * (`vscodeSettings`), loading every source together, and watching them all for changes.
 *
 * Workspace trust: in an untrusted workspace, values from the workspace's own settings
 * (`.vscode/settings.json`, folder settings) that widen what the agent may do (`allow`, `defaultMode`)
 * are ignored and only the user's values apply; `deny` and `ask` from anywhere still apply, since they
 * only narrow. The `.claude/` project and local files are likewise skipped until the workspace is trusted.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { settingsFilePath, type LoadedPermissionSettings, type SettingsLocations } from '../../core/engines/permissions/settings';
import { validatePermissionSettings, type PermissionSettings, type SettingsError } from '../../core/engines/permissions/settingsSchema';
import { loadPermissionSettingsFromDisk } from '../node/permissionSettings';

const SECTION = 'codewright.permissions';
const LABEL = 'VS Code settings (codewright.permissions)';

type Key = 'allow' | 'deny' | 'ask' | 'defaultMode';
/** Keys that can only narrow what is allowed: honoured from every scope even in an untrusted workspace. */
const NARROWING: readonly Key[] = ['deny', 'ask'];

function valueOf(config: vscode.WorkspaceConfiguration, key: Key, trusted: boolean): unknown {
  const inspected = config.inspect<unknown>(key);
  if (!inspected) return undefined;
  if (!trusted && !NARROWING.includes(key)) return inspected.globalValue;
  if (NARROWING.includes(key)) {
    // Lists from every scope add up: a user-level deny is not dropped because the workspace sets its own.
    const lists = [inspected.globalValue, inspected.workspaceValue, inspected.workspaceFolderValue].filter((v) => v !== undefined);
    if (lists.every(Array.isArray)) return lists.length ? (lists as unknown[][]).flat() : undefined;
  }
  return config.get<unknown>(key);
}

/** Reads and validates `codewright.permissions.*`; invalid entries are reported (line 0: settings have no lines) and skipped. */
export function readVsCodePermissionSettings(): { settings: PermissionSettings; errors: SettingsError[] } {
  const config = vscode.workspace.getConfiguration(SECTION);
  const trusted = vscode.workspace.isTrusted;
  const permissions: Record<string, unknown> = {};
  for (const key of ['allow', 'deny', 'ask', 'defaultMode'] as const) {
    const value = valueOf(config, key, trusted);
    // An empty defaultMode means "not set" in the settings UI.
    if (value !== undefined && value !== '') permissions[key] = value;
  }
  return validatePermissionSettings({ permissions }, { source: 'vscodeSettings', path: LABEL, lineOf: () => 0 });
}

/** The locations of the settings files for the first workspace folder. */
export function permissionSettingsLocations(homeDir: string): SettingsLocations {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return { homeDir, ...(folder && folder.uri.scheme === 'file' ? { workspaceRoot: folder.uri.fsPath } : {}) };
}

/** Every source: the three files (project and local only in a trusted workspace) and VS Code settings. */
export function loadVsCodePermissionSettings(homeDir: string): Promise<LoadedPermissionSettings> {
  const loc = permissionSettingsLocations(homeDir);
  const files = vscode.workspace.isTrusted ? loc : { homeDir: loc.homeDir };
  return loadPermissionSettingsFromDisk({ ...files, vscode: readVsCodePermissionSettings() });
}

/**
 * Calls `onChange` (debounced) when any source may have changed: a settings file is created, changed or
 * deleted, `codewright.permissions.*` changes, the workspace folders change, or the workspace becomes
 * trusted. The caller reloads with `loadVsCodePermissionSettings` and applies `withPermissionSettings`.
 */
export function watchPermissionSettings(homeDir: string, onChange: () => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(onChange, 100);
  };
  const disposables: vscode.Disposable[] = [
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) fire();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(fire),
    vscode.workspace.onDidGrantWorkspaceTrust(fire),
  ];
  const userFile = settingsFilePath('userSettings', { homeDir });
  const patterns = [
    new vscode.RelativePattern(vscode.Uri.file(path.dirname(userFile!)), path.basename(userFile!)),
    ...(vscode.workspace.workspaceFolders ?? []).map((f) => new vscode.RelativePattern(f, '.claude/settings{,.local}.json')),
    // A file written right after its new `.claude` folder can be missed (the folder's watch starts late):
    // the folder's own creation triggers a reload too, which reads whatever files it already holds.
    ...(vscode.workspace.workspaceFolders ?? []).map((f) => new vscode.RelativePattern(f, '.claude')),
  ];
  for (const pattern of patterns) {
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    disposables.push(watcher, watcher.onDidCreate(fire), watcher.onDidChange(fire), watcher.onDidDelete(fire));
  }
  return new vscode.Disposable(() => {
    if (timer) clearTimeout(timer);
    for (const d of disposables) d.dispose();
  });
}
