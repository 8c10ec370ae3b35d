/**
 * Output styles on disk (docs/ARCHITECTURE.md, Output styles), where Claude Code keeps them: the user's
 * `<config>/output-styles/*.md` (`$CLAUDE_CONFIG_DIR` or `~/.claude`), the project's `.claude/output-styles/*.md`
 * (only when the workspace is trusted), and the plugins' (already read by the plugin loader). The `outputStyle`
 * setting comes from the user `<config>/settings.json`, the project `.claude/settings.json`, the local
 * `.claude/settings.local.json` (project and local only when trusted) and a `--settings` file, the last that sets
 * it winning; `/output-style <name>` writes it to the local file, keeping every other key.
 */
import path from 'node:path';
import type { ConfigProblem } from '../../core/base/configProblems';
import { isRecord } from '../../core/base/isRecord';
import { lineOfPath, parseJsonWithPositions } from '../../core/base/text/jsonPositions';
import type { OutputStyle, OutputStylesPort } from '../../core/contracts/outputStyles';
import { parseOutputStyleFile } from '../../core/loop/query/outputStyleFile';
import { createOutputStyles, type OutputStyleSources } from '../../core/loop/query/outputStyleState';
import { readSettingsFile, updateSettingsFile } from './permissionSettings';
import { nodePluginFiles } from './plugins/loadPluginDir';

/** The settings files that may set `outputStyle` (Claude Code's `--setting-sources` names). */
export type OutputStyleSettingSource = 'user' | 'project' | 'local';

export interface NodeOutputStylesOptions {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude` (host/node/plugins/pluginFiles.ts `claudeConfigDir`). */
  configDir: string;
  /** The project folder; without one only the user's styles and settings count. */
  workspaceRoot?: string;
  /** Whether the project's styles and settings count (VS Code: workspace trust; the CLI: always). */
  trusted: () => boolean;
  /** Which settings files may set `outputStyle` (`--setting-sources`); all when absent. */
  sources?: readonly OutputStyleSettingSource[];
  /** `--settings <file|JSON>` (`path` is `--settings` for inline JSON): its `outputStyle` goes over the files'. */
  extraSettings?: { path: string; text: string };
  /** The plugins' styles as they stand (`PluginSet.outputStyles`). */
  plugins?: () => readonly OutputStyle[];
  onProblems?: (problems: readonly ConfigProblem[]) => void;
}

const STYLES_FOLDER = 'output-styles';
const LOCAL_SETTINGS = path.join('.claude', 'settings.local.json');

/** The `.md` files of one styles folder, by name, parsed; none when there is no folder. */
async function stylesIn(dir: string, source: 'user' | 'project', problems: ConfigProblem[]): Promise<OutputStyle[]> {
  const out: OutputStyle[] = [];
  for (const entry of (await nodePluginFiles.list(dir)) ?? []) {
    if (entry.kind !== 'file' || !entry.name.toLowerCase().endsWith('.md')) continue;
    const file = path.join(dir, entry.name);
    let text: string | undefined;
    try {
      text = await nodePluginFiles.readText(file);
    } catch (err) {
      problems.push({ kind: 'outputStyle', path: file, line: 0, message: `cannot be read (${err instanceof Error ? err.message : String(err)})` });
    }
    if (text === undefined) continue;
    const parsed = parseOutputStyleFile(text, { path: file, fileName: entry.name, source });
    if (parsed.ok) out.push(parsed.style);
    else problems.push(parsed.problem);
  }
  return out;
}

/** A settings file's `outputStyle` with its line; a value that is not text is a problem, a broken file sets nothing. */
function settingOf(file: string, text: string | undefined, problems: ConfigProblem[]): { name: string; path: string; line: number } | undefined {
  if (!text?.trim()) return undefined;
  let json;
  try {
    json = parseJsonWithPositions(text);
  } catch {
    // A broken file is reported where the permission settings load; here it simply sets nothing.
    return undefined;
  }
  if (!isRecord(json.value) || json.value.outputStyle === undefined) return undefined;
  const line = lineOfPath(json, text, ['outputStyle']);
  const value = json.value.outputStyle;
  if (typeof value === 'string') return { name: value, path: file, line };
  problems.push({ kind: 'settings', path: file, line, message: 'outputStyle must be the name of an output style (text); ignored' });
  return undefined;
}

/** The settings files that count, lowest precedence first. */
function settingsFiles(opts: NodeOutputStylesOptions): string[] {
  const counts = (s: OutputStyleSettingSource) => !opts.sources || opts.sources.includes(s);
  const ws = opts.workspaceRoot && opts.trusted() ? opts.workspaceRoot : undefined;
  return [
    ...(counts('user') ? [path.join(opts.configDir, 'settings.json')] : []),
    ...(ws && counts('project') ? [path.join(ws, '.claude', 'settings.json')] : []),
    ...(ws && counts('local') ? [path.join(ws, LOCAL_SETTINGS)] : []),
  ];
}

/** Everything the styles of a session come from: plugins', user's and project's styles, and the winning setting. Never throws. */
export async function readOutputStyleSources(opts: NodeOutputStylesOptions): Promise<OutputStyleSources> {
  const problems: ConfigProblem[] = [];
  const user = await stylesIn(path.join(opts.configDir, STYLES_FOLDER), 'user', problems);
  const trustedRoot = opts.workspaceRoot && opts.trusted() ? opts.workspaceRoot : undefined;
  const project = trustedRoot ? await stylesIn(path.join(trustedRoot, '.claude', STYLES_FOLDER), 'project', problems) : [];
  let setting: OutputStyleSources['setting'];
  for (const file of settingsFiles(opts)) setting = settingOf(file, await readSettingsFile(file).catch(() => undefined), problems) ?? setting;
  if (opts.extraSettings) setting = settingOf(opts.extraSettings.path, opts.extraSettings.text, problems) ?? setting;
  return { styles: [...(opts.plugins?.() ?? []), ...user, ...project], ...(setting ? { setting } : {}), problems };
}

/** Writes `outputStyle` to the project's local settings (every other key kept); resolves with the file. */
export async function saveOutputStyle(workspaceRoot: string, name: string): Promise<string> {
  const file = path.join(workspaceRoot, LOCAL_SETTINGS);
  await updateSettingsFile(file, (settings) => ({ ...settings, outputStyle: name }));
  return file;
}

/** The session's output styles on disk, read at each turn; `/output-style <name>` saves to the local settings when there is a project folder. */
export function nodeOutputStyles(opts: NodeOutputStylesOptions): OutputStylesPort {
  const root = opts.workspaceRoot;
  return createOutputStyles({
    load: () => readOutputStyleSources(opts),
    ...(root ? { save: (name: string) => saveOutputStyle(root, name) } : {}),
    ...(opts.onProblems ? { onProblems: opts.onProblems } : {}),
  });
}
