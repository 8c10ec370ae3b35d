/**
 * `--settings FILE|JSON` (docs/ARCHITECTURE.md, The headless CLI): one more settings file over the three
 * `.claude` ones, for this run only. Its permission rules join the command line's (`cliArg`: they last as
 * long as the run), its `defaultMode` applies unless `--permission-mode` is given, and its
 * `additionalDirectories` join `--add-dir`. A file that is missing is a usage error; problems inside it are
 * reported with file and line and what is valid still applies, as for the other settings files. Other
 * keys (hooks) are read by their own loaders from `CliOptions.settingsFile` / `FlagSettings.text`.
 */
import path from 'node:path';
import { parsePermissionSettingsText, type PermissionSettings, type SettingsError } from '../core/engines/permissions/settingsSchema';
import { readSettingsFile } from '../host/node/permissionSettings';

export interface FlagSettings {
  /** The file's absolute path; `--settings` for JSON text given inline. */
  path: string;
  text: string;
  settings: PermissionSettings;
  errors: SettingsError[];
}

export async function loadFlagSettings(value: string, cwd: string): Promise<{ ok: true; flag: FlagSettings } | { ok: false; error: string }> {
  const inline = value.trim().startsWith('{');
  const file = inline ? '--settings' : path.resolve(cwd, value);
  let text: string | undefined;
  try {
    text = inline ? value : await readSettingsFile(file);
  } catch (err) {
    return { ok: false, error: `--settings: ${file} cannot be read: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (text === undefined) return { ok: false, error: `--settings: ${file} does not exist` };
  const parsed = parsePermissionSettingsText(text, { source: 'cliArg', path: file });
  const base = inline ? cwd : path.dirname(file);
  const settings = { ...parsed.settings, additionalDirectories: parsed.settings.additionalDirectories.map((d) => path.resolve(base, d)) };
  return { ok: true, flag: { path: file, text, settings, errors: parsed.errors } };
}
