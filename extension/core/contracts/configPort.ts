/**
 * Where the Config tool's settings live (docs/ARCHITECTURE.md, The Config tool): VS Code's configuration in
 * the extension (`host/vscode/configSettings.ts`), the `.claude` settings files in the headless CLI
 * (`host/node/configSettings.ts`). Keys are those of `settingsCatalog.ts`, values already validated there.
 */
import type { SettingValue } from './settingsCatalog';

export interface ConfigSettingsPort {
  /** The value in effect, or undefined when nothing sets it (the catalogue's default applies). */
  get(key: string): Promise<SettingValue | undefined>;
  /** Stores the value; rejects with a message when it cannot be written. */
  set(key: string, value: SettingValue): Promise<void>;
  /** Where a change goes, for the result text ("user settings (~/.claude/settings.json)"). */
  target(): string;
}
