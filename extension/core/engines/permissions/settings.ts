/**
 * Permission settings from every source (docs/ARCHITECTURE.md, Permissions), lowest precedence first: user
 * `~/.claude/settings.json`, project `<ws>/.claude/settings.json`, local `<ws>/.claude/settings.local.json`,
 * VS Code settings (`codewright.permissions.*`), then the session's own rules and command-line rules.
 * Reading files is injected (`readFile`), so this stays pure; host/node/permissionSettings.ts reads disk.
 *
 * Rules from all sources apply together (a deny anywhere denies); for `defaultMode` the highest source that
 * sets one wins. A checked-in project file may not choose `bypassPermissions`: cloning a repository must
 * not switch every check off.
 */
import path from 'node:path';
import { lineAt } from '../../base/text/jsonPositions';
import { emptyPermissionSettings, parsePermissionSettingsText, type PermissionSettings, type SettingsError } from './settingsSchema';
import type { SettingsFileDestination } from './updates';
import type { AdditionalWorkingDirectory, ExternalPermissionMode, PermissionMode, PermissionRuleSource, ToolPermissionContext } from '../../contracts/permissions';
import { getEmptyToolPermissionContext } from '../../contracts/permissions';
import { guardProjectSandbox, mergeSandboxSettings, resolveSandboxPaths, type SandboxSettingsBlock } from '../sandbox/settings';

/** A source's `sandbox` block with its paths resolved; a project file loses what it may not set (reported). */
function checkSandboxBlock(
  block: SandboxSettingsBlock,
  source: SettingsFileDestination,
  loc: SettingsLocations,
  at: { file: string; text: string; errors: SettingsError[] },
): SandboxSettingsBlock {
  const resolved = resolveSandboxPaths(block, (p) => resolveSettingsDirectory(p, loc));
  if (source !== 'projectSettings' || !loc.workspaceRoot) return resolved;
  const { block: kept, problems } = guardProjectSandbox(resolved, loc.workspaceRoot);
  const offset = at.text.indexOf('"sandbox"');
  for (const message of problems) at.errors.push({ source, path: at.file, line: offset >= 0 ? lineAt(at.text, offset) : 1, message });
  return kept;
}

/** The sources that come from settings (reloaded together when a file or VS Code setting changes). */
export const SETTINGS_SOURCES = ['userSettings', 'projectSettings', 'localSettings', 'vscodeSettings'] as const;
export type SettingsSource = (typeof SETTINGS_SOURCES)[number];

export interface SettingsLocations {
  homeDir: string;
  /** The project folder (the first workspace folder); without one only user settings load. */
  workspaceRoot?: string;
}

/** Resolves to the file's text, or undefined when it does not exist; rejects when it cannot be read. */
export type ReadSettingsFile = (path: string) => Promise<string | undefined>;

export interface LoadedPermissionSettings {
  sources: Partial<Record<SettingsSource, PermissionSettings>>;
  errors: SettingsError[];
}

/** Where a settings-file destination lives; undefined for project files when there is no workspace. */
export function settingsFilePath(source: SettingsFileDestination, loc: SettingsLocations): string | undefined {
  if (source === 'userSettings') return path.join(loc.homeDir, '.claude', 'settings.json');
  if (!loc.workspaceRoot) return undefined;
  return path.join(loc.workspaceRoot, '.claude', source === 'projectSettings' ? 'settings.json' : 'settings.local.json');
}

/** `~/x` under the home directory, relative paths under the project folder (home without one). */
export function resolveSettingsDirectory(dir: string, loc: SettingsLocations): string {
  if (dir === '~') return loc.homeDir;
  if (dir.startsWith('~/')) return path.join(loc.homeDir, dir.slice(2));
  return path.resolve(loc.workspaceRoot ?? loc.homeDir, dir);
}

async function loadFile(source: SettingsFileDestination, loc: SettingsLocations, readFile: ReadSettingsFile, errors: SettingsError[]): Promise<PermissionSettings | undefined> {
  const file = settingsFilePath(source, loc);
  if (!file) return undefined;
  let text: string | undefined;
  try {
    text = await readFile(file);
  } catch (err) {
    errors.push({ source, path: file, line: 0, message: `cannot be read: ${err instanceof Error ? err.message : String(err)}` });
    return undefined;
  }
  if (text === undefined) return undefined;
  const parsed = parsePermissionSettingsText(text, { source, path: file });
  errors.push(...parsed.errors);
  const settings = parsed.settings;
  if (source === 'projectSettings' && settings.defaultMode === 'bypassPermissions') {
    const at = text.indexOf('"defaultMode"');
    errors.push({
      source,
      path: file,
      line: at >= 0 ? lineAt(text, at) : 1,
      message: 'permissions.defaultMode: bypassPermissions cannot be set in the shared project settings; set it in .claude/settings.local.json or your user settings',
    });
    delete settings.defaultMode;
  }
  settings.additionalDirectories = settings.additionalDirectories.map((d) => resolveSettingsDirectory(d, loc));
  if (settings.sandbox) settings.sandbox = checkSandboxBlock(settings.sandbox, source, loc, { file, text, errors });
  return settings;
}

/**
 * Loads the three settings files (missing files are simply absent) and takes the VS Code settings as
 * already read. Every problem is in `errors` with its file and line; everything valid still loads.
 */
export async function loadPermissionSettings(
  opts: SettingsLocations & { readFile: ReadSettingsFile; vscode?: { settings: PermissionSettings; errors: readonly SettingsError[] } },
): Promise<LoadedPermissionSettings> {
  const errors: SettingsError[] = [];
  const sources: LoadedPermissionSettings['sources'] = {};
  for (const source of ['userSettings', 'projectSettings', 'localSettings'] as const) {
    const settings = await loadFile(source, opts, opts.readFile, errors);
    if (settings) sources[source] = settings;
  }
  if (opts.vscode) {
    sources.vscodeSettings = opts.vscode.settings;
    errors.push(...opts.vscode.errors);
  }
  return { sources, errors };
}

/** The `defaultMode` of the highest source that sets one. */
export function defaultModeFromSettings(loaded: LoadedPermissionSettings): ExternalPermissionMode | undefined {
  for (const source of [...SETTINGS_SOURCES].reverse()) {
    const mode = loaded.sources[source]?.defaultMode;
    if (mode) return mode;
  }
  return undefined;
}

/**
 * `ctx` with the settings sources' rules and directories replaced by `loaded`; the session's and the
 * command line's rules, and the mode, are kept. Use it on every reload.
 */
export function withPermissionSettings(ctx: ToolPermissionContext, loaded: LoadedPermissionSettings): ToolPermissionContext {
  const rules = (key: 'allow' | 'deny' | 'ask', current: ToolPermissionContext['alwaysAllowRules']) => {
    const out: { [S in PermissionRuleSource]?: string[] } = {};
    for (const [source, list] of Object.entries(current) as [PermissionRuleSource, readonly string[]][]) {
      if (!(SETTINGS_SOURCES as readonly string[]).includes(source)) out[source] = [...list];
    }
    for (const source of SETTINGS_SOURCES) {
      const list = loaded.sources[source]?.[key];
      if (list?.length) out[source] = [...list];
    }
    return out;
  };
  const dirs = new Map<string, AdditionalWorkingDirectory>();
  for (const [dir, entry] of ctx.additionalWorkingDirectories) {
    if (!(SETTINGS_SOURCES as readonly string[]).includes(entry.source)) dirs.set(dir, entry);
  }
  for (const source of SETTINGS_SOURCES) {
    for (const dir of loaded.sources[source]?.additionalDirectories ?? []) if (!dirs.has(dir)) dirs.set(dir, { path: dir, source });
  }
  return {
    ...ctx,
    alwaysAllowRules: rules('allow', ctx.alwaysAllowRules),
    alwaysDenyRules: rules('deny', ctx.alwaysDenyRules),
    alwaysAskRules: rules('ask', ctx.alwaysAskRules),
    additionalWorkingDirectories: dirs,
    sandbox: mergeSandboxSettings(SETTINGS_SOURCES.map((source) => loaded.sources[source]?.sandbox)),
  };
}

export interface InitialPermissionOptions {
  /** An explicit mode (`--permission-mode`); otherwise the settings' `defaultMode`, otherwise `default`. */
  mode?: PermissionMode;
  /** Rules given on the command line (`--allowedTools` / `--disallowedTools`). */
  cliArg?: { allow?: readonly string[]; deny?: readonly string[]; ask?: readonly string[] };
  /** Directories given on the command line (`--add-dir`). */
  additionalDirectories?: readonly string[];
  isBypassPermissionsModeAvailable?: boolean;
  shouldAvoidPermissionPrompts?: boolean;
}

/** The permission context a session starts with. */
export function initialPermissionContext(loaded: LoadedPermissionSettings, opts: InitialPermissionOptions = {}): ToolPermissionContext {
  const base = getEmptyToolPermissionContext();
  const cli = opts.cliArg ?? {};
  const withCli: ToolPermissionContext = {
    ...base,
    mode: opts.mode ?? defaultModeFromSettings(loaded) ?? 'default',
    alwaysAllowRules: cli.allow?.length ? { cliArg: [...cli.allow] } : {},
    alwaysDenyRules: cli.deny?.length ? { cliArg: [...cli.deny] } : {},
    alwaysAskRules: cli.ask?.length ? { cliArg: [...cli.ask] } : {},
    additionalWorkingDirectories: new Map((opts.additionalDirectories ?? []).map((d) => [d, { path: d, source: 'cliArg' as const }])),
    isBypassPermissionsModeAvailable: opts.isBypassPermissionsModeAvailable ?? true,
    ...(opts.shouldAvoidPermissionPrompts ? { shouldAvoidPermissionPrompts: true } : {}),
  };
  return withPermissionSettings(withCli, loaded);
}

export { emptyPermissionSettings };
