/**
 * `--setting-sources user,project,local` (docs/ARCHITECTURE.md, The headless CLI): only the named `.claude`
 * settings files load, for permissions (and the sandbox block they carry) and hooks alike; the others read as
 * absent. `--settings` is not one of them: it always loads.
 */
import { loadPermissionSettings, settingsFilePath, type LoadedPermissionSettings, type ReadSettingsFile, type SettingsLocations } from '../core/engines/permissions/settings';
import { readSettingsFile } from '../host/node/permissionSettings';
import { SETTING_SOURCES, type SettingSource } from './argChecks';

const DESTINATION = { user: 'userSettings', project: 'projectSettings', local: 'localSettings' } as const;

/** Reads the settings files of `sources` from disk (all of them when undefined); the others read as absent. */
export function settingsReader(sources: readonly SettingSource[] | undefined, loc: SettingsLocations): ReadSettingsFile {
  if (!sources) return readSettingsFile;
  const skipped = new Set(
    SETTING_SOURCES.filter((s) => !sources.includes(s))
      .map((s) => settingsFilePath(DESTINATION[s], loc))
      .filter((file): file is string => file !== undefined),
  );
  return (file) => (skipped.has(file) ? Promise.resolve(undefined) : readSettingsFile(file));
}

/** The permission settings of the files `--setting-sources` lets load. */
export function loadCliPermissionSettings(sources: readonly SettingSource[] | undefined, loc: SettingsLocations): Promise<LoadedPermissionSettings> {
  return loadPermissionSettings({ ...loc, readFile: settingsReader(sources, loc) });
}
