/**
 * The Config tool's settings in the headless CLI (docs/ARCHITECTURE.md, The Config tool): the `.claude`
 * settings files, read as the permission settings are (user < project < local < the `--settings` file,
 * the last that sets a key wins) and written to the project's `.claude/settings.local.json`, the file of
 * highest precedence that is the user's own and not checked in. `model` and `permissions.defaultMode` are
 * Claude Code's own keys; Codewright's other settings sit under a `codewright` object.
 */
import path from 'node:path';
import type { ConfigSettingsPort } from '../../core/contracts/configPort';
import type { SettingValue } from '../../core/contracts/settingsCatalog';
import { isRecord } from '../../core/base/isRecord';
import { parseJsonWithPositions } from '../../core/base/text/jsonPositions';
import { settingsFilePath } from '../../core/engines/permissions/settings';
import { readSettingsFile, updateSettingsFile } from './permissionSettings';

/** Where a setting sits inside a settings file. */
export function settingPath(key: string): string[] {
  if (key === 'model') return ['model'];
  if (key === 'permissions.defaultMode') return ['permissions', 'defaultMode'];
  return ['codewright', ...key.split('.')];
}

function valueAt(obj: unknown, keys: readonly string[]): SettingValue | undefined {
  let cur = obj;
  for (const k of keys) cur = isRecord(cur) ? cur[k] : undefined;
  return typeof cur === 'string' || typeof cur === 'boolean' || typeof cur === 'number' ? cur : undefined;
}

function withValue(obj: Record<string, unknown>, keys: readonly string[], value: SettingValue): Record<string, unknown> {
  const [head, ...rest] = keys;
  if (head === undefined) return obj;
  const child = obj[head];
  return { ...obj, [head]: rest.length === 0 ? value : withValue(isRecord(child) ? child : {}, rest, value) };
}

export class NodeConfigSettings implements ConfigSettingsPort {
  private readonly writeFile: string;
  private readonly readFiles: string[];

  constructor(loc: { homeDir: string; workspaceRoot: string; extraFile?: string }) {
    this.writeFile = settingsFilePath('localSettings', loc)!;
    this.readFiles = [
      settingsFilePath('userSettings', loc)!,
      settingsFilePath('projectSettings', loc)!,
      this.writeFile,
      ...(loc.extraFile ? [loc.extraFile] : []),
    ];
  }

  async get(key: string): Promise<SettingValue | undefined> {
    let found: SettingValue | undefined;
    for (const file of this.readFiles) {
      const text = await readSettingsFile(file).catch(() => undefined);
      if (!text?.trim()) continue;
      try {
        found = valueAt(parseJsonWithPositions(text).value, settingPath(key)) ?? found;
      } catch {
        // A broken file is reported where the permission settings load; here it simply sets nothing.
      }
    }
    return found;
  }

  set(key: string, value: SettingValue): Promise<void> {
    return updateSettingsFile(this.writeFile, (settings) => withValue(settings, settingPath(key), value));
  }

  target(): string {
    return `local project settings (${path.relative(path.dirname(path.dirname(this.writeFile)), this.writeFile)})`;
  }
}
