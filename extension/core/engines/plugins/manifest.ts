/**
 * A plugin's `.claude-plugin/plugin.json`, as Claude Code's plugins reference describes it: `name` (required,
 * kebab-case: it prefixes every command, agent and skill of the plugin), metadata (`version`, `description`,
 * `author {name, email, url}`, `homepage`, `repository`, `license`, `keywords`) and custom component paths
 * (`commands`, `agents`, `skills`, `outputStyles`: a path or a list; `hooks`, `mcpServers`: a path, a list or
 * the configuration inline). Unknown keys are kept and ignored, so a newer plugin still loads. A manifest that
 * is not JSON or does not fit is one `ConfigProblem` with its line.
 */
import { z } from 'zod';
import type { ConfigProblem } from '../../base/configProblems';
import { JsonSyntaxError, lineAt, lineOfPath, parseJsonWithPositions, type PositionedJson } from '../../base/text/jsonPositions';

/** Where the manifest sits inside a plugin folder. */
export const MANIFEST_PATH = '.claude-plugin/plugin.json';

/** Letters, digits, `-`, `_` and `.`, no spaces or colons: the name is typed before `:` in `/<plugin>:<command>`. */
export const PLUGIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const Paths = z.union([z.string().min(1, 'a path cannot be empty'), z.array(z.string().min(1, 'a path cannot be empty'))], {
  error: 'must be a path ("./folder/") or a list of paths',
});
const PathsOrInline = z.union([z.string().min(1), z.array(z.string().min(1)), z.record(z.string(), z.unknown())], {
  error: 'must be a path, a list of paths, or the configuration itself (an object)',
});

export const pluginManifestSchema = z.looseObject({
  name: z
    .string({ error: 'name is required: the plugin\'s kebab-case name, e.g. "my-plugin"' })
    .regex(PLUGIN_NAME, 'name must be kebab-case: letters, digits, "-", "_" or ".", no spaces or colons, at most 64 characters'),
  version: z.string().optional(),
  description: z.string().optional(),
  author: z.looseObject({ name: z.string(), email: z.string().optional(), url: z.string().optional() }, { error: 'author must be {"name": ..., "email": ..., "url": ...}' }).optional(),
  homepage: z.string().optional(),
  repository: z.union([z.string(), z.looseObject({})]).optional(),
  license: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  commands: Paths.optional(),
  agents: Paths.optional(),
  skills: Paths.optional(),
  outputStyles: Paths.optional(),
  hooks: PathsOrInline.optional(),
  mcpServers: PathsOrInline.optional(),
});

export type PluginManifest = z.infer<typeof pluginManifestSchema>;

export type ManifestResult = { ok: true; manifest: PluginManifest; json: PositionedJson } | { ok: false; problem: ConfigProblem };

/** The manifest of `file`'s text, or the problem naming its line. */
export function parsePluginManifest(text: string, file: string): ManifestResult {
  const problem = (line: number, message: string): ManifestResult => ({ ok: false, problem: { kind: 'plugin', path: file, line, message } });
  let json: PositionedJson;
  try {
    json = parseJsonWithPositions(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return problem(lineAt(text, err.offset), `not valid JSON: ${err.message}; the plugin is not loaded`);
  }
  if (typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) return problem(1, 'plugin.json must be a JSON object; the plugin is not loaded');
  const parsed = pluginManifestSchema.safeParse(json.value);
  if (parsed.success) return { ok: true, manifest: parsed.data, json };
  const issue = parsed.error.issues[0]!;
  const at = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
  const key = at.length ? `${at.join('.')}: ` : '';
  return problem(lineOfPath(json, text, at), `${key}${issue.message}; the plugin is not loaded`);
}

/** A manifest for a plugin folder without `plugin.json` (Claude Code names it after its folder). */
export function defaultManifest(folderName: string): PluginManifest | undefined {
  return PLUGIN_NAME.test(folderName) ? { name: folderName } : undefined;
}
