/**
 * Loads one plugin folder through `PluginFilesPort` (docs/ARCHITECTURE.md, Plugins): its manifest, the
 * markdown files of its commands, agents, skills and output styles (read, not parsed: the loop's parsers name
 * them), its hooks and its MCP servers. The default folders (`commands/`, `agents/`, `skills/`,
 * `output-styles/`, `hooks/hooks.json`, `.mcp.json`) are always read; the manifest's custom paths supplement
 * them, as in Claude Code. A folder that is missing or a manifest that does not parse fails the plugin with one
 * problem; a bad part of it (a path that does not exist, a hooks file that is not JSON) is a problem with its
 * file and line, and the rest loads.
 */
import path from 'node:path';
import type { ConfigProblem, ConfigProblemKind } from '../../base/configProblems';
import { lineOfPath, type JsonPath, type PositionedJson } from '../../base/text/jsonPositions';
import type { Env } from '../mcp/expand';
import { pluginHooksFromText, pluginMcpFromText, type PluginWhere } from './components';
import { defaultManifest, MANIFEST_PATH, parsePluginManifest, type PluginManifest } from './manifest';
import { DEFAULT_PATHS, pathList, resolvePluginPath } from './naming';
import type { LoadedPluginFolder, PluginFilesPort, PluginFolderResult, PluginMarkdownFile, PluginSkillFile } from './types';

/** Deep enough for `a/b/c/name.md`, as for project commands. */
const MAX_DEPTH = 4;

/** The manifest and where its keys are, for problems about its paths. */
interface Context extends PluginWhere {
  files: PluginFilesPort;
  manifest: PluginManifest;
  manifestFile: string;
  manifestText?: string;
  json?: PositionedJson;
  problems: ConfigProblem[];
}

/** One place to read a component from: the default one (absent is fine) or one the manifest names. */
interface Target {
  path: string;
  /** Where the manifest names it; undefined for a default path. */
  at?: JsonPath;
}

function manifestProblem(ctx: Context, kind: ConfigProblemKind, at: JsonPath, message: string): void {
  const line = ctx.json && ctx.manifestText !== undefined ? lineOfPath(ctx.json, ctx.manifestText, at) : 0;
  ctx.problems.push({ kind, path: ctx.manifestFile, line, message });
}

/** The default path and the manifest's ones, absolute, each once; a path outside the plugin is a problem. */
function targets(ctx: Context, key: keyof typeof DEFAULT_PATHS, kind: ConfigProblemKind, custom: string | readonly string[] | undefined): Target[] {
  const out: Target[] = [{ path: path.join(ctx.root, DEFAULT_PATHS[key]) }];
  pathList(custom).forEach((p, i) => {
    const at = typeof custom === 'string' ? [key] : [key, i];
    const resolved = resolvePluginPath(ctx.root, p);
    if (!resolved.ok) return manifestProblem(ctx, kind, at, `${key}: ${resolved.error}; skipped`);
    if (!out.some((t) => t.path === resolved.path)) out.push({ path: resolved.path, at });
  });
  return out;
}

async function readOrProblem(ctx: Context, file: string, kind: ConfigProblemKind): Promise<string | undefined> {
  try {
    return await ctx.files.readText(file);
  } catch (err) {
    ctx.problems.push({ kind, path: file, line: 0, message: `cannot be read (${err instanceof Error ? err.message : String(err)})` });
    return undefined;
  }
}

/** What is at a target; a custom path that does not exist is a problem naming the manifest's line. */
async function kindOf(ctx: Context, target: Target, kind: ConfigProblemKind, key: string): Promise<'file' | 'dir' | undefined> {
  const found = await ctx.files.kind(target.path);
  if (!found && target.at) manifestProblem(ctx, kind, target.at, `${key}: ${path.relative(ctx.root, target.path) || '.'} does not exist in the plugin; skipped`);
  return found;
}

/** Every `.md` under `dir` (`nested`: in sub-folders too, not dot-folders), relative to it. */
async function markdownIn(ctx: Context, dir: string, nested: boolean, rel = '', depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await ctx.files.list(path.join(dir, rel))) ?? []) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.kind === 'dir' && nested && !entry.name.startsWith('.') && depth < MAX_DEPTH) out.push(...(await markdownIn(ctx, dir, nested, child, depth + 1)));
    else if (entry.kind === 'file' && entry.name.toLowerCase().endsWith('.md')) out.push(child);
  }
  return out;
}

const MARKDOWN_KIND = { commands: 'command', agents: 'agent', outputStyles: 'outputStyle' } as const;

/** The markdown files of commands (`nested`), agents or output styles, from every target. */
async function markdownFiles(ctx: Context, key: keyof typeof MARKDOWN_KIND, custom: string | readonly string[] | undefined, nested: boolean): Promise<PluginMarkdownFile[]> {
  const kind = MARKDOWN_KIND[key];
  const out: PluginMarkdownFile[] = [];
  const add = async (file: string, relativePath: string) => {
    if (out.some((f) => f.path === file)) return;
    const text = await readOrProblem(ctx, file, kind);
    if (text !== undefined) out.push({ path: file, relativePath, text });
  };
  for (const target of targets(ctx, key, kind, custom)) {
    const found = await kindOf(ctx, target, kind, key);
    if (found === 'file') await add(target.path, path.basename(target.path));
    else if (found === 'dir') for (const rel of await markdownIn(ctx, target.path, nested)) await add(path.join(target.path, rel), rel);
  }
  return out;
}

async function skillIn(ctx: Context, directory: string, out: PluginSkillFile[]): Promise<boolean> {
  const file = path.join(directory, 'SKILL.md');
  if ((await ctx.files.kind(file)) !== 'file') return false;
  if (out.some((s) => s.path === file)) return true;
  const text = await readOrProblem(ctx, file, 'skill');
  if (text !== undefined) out.push({ path: file, directory, folderName: path.basename(directory), text });
  return true;
}

/** Skills: each `<name>/SKILL.md` of a skills folder, or a folder the manifest names that is itself a skill. */
async function skillFiles(ctx: Context): Promise<PluginSkillFile[]> {
  const out: PluginSkillFile[] = [];
  for (const target of targets(ctx, 'skills', 'skill', ctx.manifest.skills)) {
    if ((await kindOf(ctx, target, 'skill', 'skills')) !== 'dir') continue;
    if (await skillIn(ctx, target.path, out)) continue;
    for (const entry of (await ctx.files.list(target.path)) ?? []) {
      if (entry.kind === 'dir' && !entry.name.startsWith('.')) await skillIn(ctx, path.join(target.path, entry.name), out);
    }
  }
  return out;
}

/** Hooks and MCP servers: from files (default and named), and inline in plugin.json. */
async function configs<T>(ctx: Context, key: 'hooks' | 'mcpServers', kind: ConfigProblemKind, parse: (text: string, file: string, inline: boolean) => { problems: ConfigProblem[] } & T): Promise<T[]> {
  const value = ctx.manifest[key];
  const out: T[] = [];
  const keep = (r: { problems: ConfigProblem[] } & T) => {
    ctx.problems.push(...r.problems);
    out.push(r);
  };
  const inline = typeof value === 'object' && !Array.isArray(value);
  for (const target of targets(ctx, key, kind, inline ? undefined : value)) {
    if ((await kindOf(ctx, target, kind, key)) === undefined) continue;
    const text = await readOrProblem(ctx, target.path, kind);
    if (text !== undefined) keep(parse(text, target.path, false));
  }
  if (inline && ctx.manifestText !== undefined) keep(parse(ctx.manifestText, ctx.manifestFile, true));
  return out;
}

/** The manifest, the default one of a folder without plugin.json, or the problem that stops the plugin. */
async function readManifest(root: string, files: PluginFilesPort): Promise<{ ok: true; manifest: PluginManifest; text?: string; json?: PositionedJson } | { ok: false; problem: ConfigProblem }> {
  const file = path.join(root, MANIFEST_PATH);
  let text: string | undefined;
  try {
    text = await files.readText(file);
  } catch (err) {
    return { ok: false, problem: { kind: 'plugin', path: file, line: 0, message: `cannot be read (${err instanceof Error ? err.message : String(err)}); the plugin is not loaded` } };
  }
  if (text === undefined) {
    const manifest = defaultManifest(path.basename(root));
    if (manifest) return { ok: true, manifest };
    return { ok: false, problem: { kind: 'plugin', path: root, line: 0, message: `no ${MANIFEST_PATH}, and the folder's name cannot name the plugin (letters, digits, "-", "_", "."); the plugin is not loaded` } };
  }
  const parsed = parsePluginManifest(text, file);
  return parsed.ok ? { ok: true, manifest: parsed.manifest, text, json: parsed.json } : parsed;
}

/** One plugin folder (`root` absolute); `env` is the process's, for `${VAR}` in its MCP servers. */
export async function loadPluginFolder(root: string, files: PluginFilesPort, env: Env): Promise<PluginFolderResult> {
  if ((await files.kind(root)) !== 'dir') return { ok: false, problems: [{ kind: 'plugin', path: root, line: 0, message: 'no such plugin folder; the plugin is not loaded' }] };
  const read = await readManifest(root, files);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const manifest = read.manifest;
  const ctx: Context = {
    plugin: manifest.name,
    root,
    files,
    manifest,
    manifestFile: path.join(root, MANIFEST_PATH),
    ...(read.text !== undefined ? { manifestText: read.text } : {}),
    ...(read.json ? { json: read.json } : {}),
    problems: [],
  };
  const commandFiles = await markdownFiles(ctx, 'commands', manifest.commands, true);
  const agentFiles = await markdownFiles(ctx, 'agents', manifest.agents, false);
  const skills = await skillFiles(ctx);
  const outputStyleFiles = await markdownFiles(ctx, 'outputStyles', manifest.outputStyles, false);
  const hooks = await configs(ctx, 'hooks', 'hook', (text, file, inline) => pluginHooksFromText(text, file, ctx, inline));
  const mcp = await configs(ctx, 'mcpServers', 'settings', (text, file, inline) => pluginMcpFromText(text, file, ctx, env, inline));
  const plugin: LoadedPluginFolder = {
    name: manifest.name,
    root,
    manifest,
    commandFiles,
    agentFiles,
    skillFiles: skills,
    outputStyleFiles,
    hooks: hooks.flatMap((h) => h.hooks),
    mcpServers: mcp.flatMap((m) => m.entries),
    problems: ctx.problems,
  };
  return { ok: true, plugin };
}
