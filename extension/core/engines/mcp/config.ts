/**
 * Where MCP servers come from (docs/ARCHITECTURE.md, MCP): the user's Claude config (`~/.claude.json`, its
 * top-level `mcpServers` and the entry of this workspace under `projects`), the workspace's `.mcp.json`
 * (scope project: started only after the user approved it), the VS Code setting `codewright.mcpServers`, and
 * the CLI's `--mcp-config`. Each holds `{"mcpServers": {name: {command, args, env} | {type, url, headers}}}`
 * as in Claude Code. Pure: reading files is injected. A bad entry is a ConfigProblem naming its file and line;
 * the other servers load. A later source overrides an earlier one of the same name.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ConfigProblem } from '../../base/configProblems';
import { isRecord } from '../../base/isRecord';
import { JsonSyntaxError, lineAt, lineOfPath, parseJsonWithPositions, type JsonPath } from '../../base/text/jsonPositions';
import { expandVariables, type Env } from './expand';
import type { McpConfigScope, McpOAuthConfig, McpServerConfig, McpServerEntry } from '../../contracts/mcp';

const Strings = z.array(z.string().max(10_000)).max(500);
const StringMap = z.record(z.string().min(1).max(1000), z.string().max(10_000));

const StdioSchema = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, 'a command is required'),
  args: Strings.default([]),
  env: StringMap.default({}),
  cwd: z.string().min(1).optional(),
});
const RemoteSchema = z.object({
  type: z.enum(['http', 'sse']),
  url: z.string().min(1, 'a url is required'),
  headers: StringMap.default({}),
  /** Claude Code's other `oauth` keys (`authServerMetadataUrl`, `scopes`) are not read: discovery and the spec's scope rules apply. */
  oauth: z
    .object({
      clientId: z.string().min(1).max(1000).optional(),
      clientSecret: z.string().min(1).max(10_000).optional(),
      callbackPort: z.number().int().min(1).max(65_535).optional(),
    })
    .optional(),
});
/** An in-process server of the Agent SDK application (its `mcp_set_servers`); `name` defaults to the key. */
const SdkSchema = z.object({ type: z.literal('sdk'), name: z.string().min(1).max(200).optional() });

/** One source of servers: a JSON file's text, or (the VS Code setting) a value already parsed. */
export type McpConfigSource =
  | { scope: McpConfigScope; text: string; path?: string; pointer?: JsonPath; label?: string }
  | { scope: McpConfigScope; label: string; value: unknown };

export interface McpConfigResult {
  entries: McpServerEntry[];
  problems: ConfigProblem[];
}

interface Where {
  scope: McpConfigScope;
  /** The file for entries and problems; undefined for a setting or inline JSON. */
  file: string | undefined;
  label: string;
  line: (at: JsonPath) => number;
  env: Env;
}

/** The servers of one source; `pointer` is where the `{name: entry}` map sits (default `["mcpServers"]`). */
export function parseMcpSource(source: McpConfigSource, env: Env): McpConfigResult {
  if ('value' in source) {
    const where: Where = { scope: source.scope, file: undefined, label: source.label, line: () => 0, env };
    return serversOf(source.value, [], where);
  }
  const label = source.label ?? source.path ?? 'MCP config';
  try {
    const json = parseJsonWithPositions(source.text);
    const where: Where = { scope: source.scope, file: source.path, label, line: (at) => lineOfPath(json, source.text, at), env };
    const pointer = source.pointer ?? ['mcpServers'];
    return serversOf(valueAt(json.value, pointer), pointer, where);
  } catch (err) {
    const line = err instanceof JsonSyntaxError ? lineAt(source.text, err.offset) : 1;
    return { entries: [], problems: [{ kind: 'settings', path: label, line, message: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` }] };
  }
}

function valueAt(root: unknown, pointer: JsonPath): unknown {
  let at = root;
  for (const key of pointer) at = isRecord(at) ? at[String(key)] : undefined;
  return at;
}

function serversOf(map: unknown, base: JsonPath, where: Where): McpConfigResult {
  const result: McpConfigResult = { entries: [], problems: [] };
  if (map === undefined) return result;
  if (!isRecord(map)) {
    result.problems.push(problem(where, base, `"${base.join('.') || 'the setting'}" must be an object of servers by name`));
    return result;
  }
  for (const [name, raw] of Object.entries(map)) {
    const at = [...base, name];
    if (!/^[\w.-]{1,100}$/.test(name)) {
      result.problems.push(problem(where, at, `MCP server "${name}" skipped: a name has only letters, digits, "_", "-" and "."`));
      continue;
    }
    const entry = serverOf(name, raw, at, where);
    if ('message' in entry) result.problems.push(entry);
    else result.entries.push(entry);
  }
  return result;
}

function serverOf(name: string, raw: unknown, at: JsonPath, where: Where): McpServerEntry | ConfigProblem {
  if (isRecord(raw) && raw.type === 'sdk') {
    const sdk = SdkSchema.safeParse(raw);
    if (!sdk.success) return problem(where, at, `MCP server "${name}" skipped: ${sdk.error.issues[0]?.message ?? 'invalid'}`);
    return { name, scope: where.scope, config: { type: 'sdk', name: sdk.data.name ?? name }, ...(where.file ? { path: where.file } : {}) };
  }
  const parsed = parseShape(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    return problem(where, [...at, ...(issue?.path ?? []).map((p) => (typeof p === 'number' ? p : String(p)))], `MCP server "${name}" skipped${field}: ${issue?.message ?? 'invalid'}`);
  }
  const expanded = expandConfig(parsed.data, at, where);
  if ('message' in expanded) return problem(where, expanded.at, `MCP server "${name}" skipped: ${expanded.message}`);
  return { name, scope: where.scope, config: expanded, ...(where.file ? { path: where.file } : {}) };
}

type Parsed = z.infer<typeof StdioSchema> | z.infer<typeof RemoteSchema>;

/** A stdio or remote entry (a `url` without `type` is http) checked against its schema, before expansion. */
function parseShape(raw: unknown): z.ZodSafeParseResult<Parsed> {
  const remote = isRecord(raw) && (raw.type === 'http' || raw.type === 'sse' || (raw.type === undefined && 'url' in raw && !('command' in raw)));
  return remote ? RemoteSchema.safeParse(isRecord(raw) && raw.type === undefined ? { ...raw, type: 'http' } : raw) : StdioSchema.safeParse(raw);
}

/**
 * What is wrong with a server entry before anyone writes it (`codewright mcp add-json`), or undefined when the
 * loader takes it; `${VAR}` is not expanded here (the variable may be set only where the server runs).
 */
export function serverEntryProblem(raw: unknown): string | undefined {
  if (isRecord(raw) && raw.type === 'sdk') return 'a server of type "sdk" exists only inside an Agent SDK application; it cannot be configured in a file';
  const parsed = parseShape(raw);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}`;
}

/** Expands every string the server is started with; the first unset variable (without default) fails it. */
function expandConfig(data: Parsed, at: JsonPath, where: Where): McpServerConfig | { at: JsonPath; message: string } {
  let failure: { at: JsonPath; message: string } | undefined;
  const x = (text: string, field: JsonPath): string => {
    if (failure) return text;
    const r = expandVariables(text, where.env);
    if (r.ok) return r.value;
    failure = { at: [...at, ...field], message: `environment variable${r.missing.length > 1 ? 's' : ''} ${r.missing.map((m) => `\${${m}}`).join(', ')} not set and no default (\${VAR:-default})` };
    return text;
  };
  const map = (m: Record<string, string>, key: string) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, x(v, [key, k])]));
  const config: McpServerConfig =
    'url' in data
      ? { type: data.type, url: x(data.url, ['url']), headers: map(data.headers, 'headers'), ...(data.oauth ? { oauth: expandOAuth(data.oauth, x) } : {}) }
      : {
          type: 'stdio',
          command: x(data.command, ['command']),
          args: data.args.map((a, i) => x(a, ['args', i])),
          env: map(data.env, 'env'),
          ...(data.cwd ? { cwd: x(data.cwd, ['cwd']) } : {}),
        };
  return failure ?? config;
}

function expandOAuth(oauth: NonNullable<z.infer<typeof RemoteSchema>['oauth']>, x: (text: string, field: JsonPath) => string): McpOAuthConfig {
  return {
    ...(oauth.clientId ? { clientId: x(oauth.clientId, ['oauth', 'clientId']) } : {}),
    ...(oauth.clientSecret ? { clientSecret: x(oauth.clientSecret, ['oauth', 'clientSecret']) } : {}),
    ...(oauth.callbackPort ? { callbackPort: oauth.callbackPort } : {}),
  };
}

function problem(where: Where, at: JsonPath, message: string): ConfigProblem {
  return { kind: 'settings', path: where.label, line: where.line(at), message };
}

/** What `loadMcpConfig` reads; every part optional but the home folder and the reader. */
export interface McpConfigInputs {
  homeDir: string;
  workspaceRoot?: string;
  /** A file's text; undefined when it does not exist. */
  readFile: (file: string) => Promise<string | undefined>;
  env: Env;
  /** The VS Code setting `codewright.mcpServers` (a `{name: entry}` object). */
  setting?: unknown;
  /** `--mcp-config` values: JSON text (starts with `{`) or an absolute file path. */
  cli?: readonly string[];
  /** `--strict-mcp-config`: only the `cli` servers. */
  strict?: boolean;
}

/** Every configured server, later sources overriding earlier ones of the same name, with what was skipped. */
export async function loadMcpConfig(inputs: McpConfigInputs): Promise<McpConfigResult> {
  const sources: McpConfigSource[] = [];
  if (!inputs.strict) {
    const claudeJson = path.join(inputs.homeDir, '.claude.json');
    const userText = await inputs.readFile(claudeJson);
    if (userText !== undefined) sources.push({ scope: 'user', path: claudeJson, text: userText });
    const projectFile = inputs.workspaceRoot ? path.join(inputs.workspaceRoot, '.mcp.json') : undefined;
    const projectText = projectFile ? await inputs.readFile(projectFile) : undefined;
    if (projectFile && projectText !== undefined) sources.push({ scope: 'project', path: projectFile, text: projectText });
    // Claude Code's "local" servers (`codewright mcp add -s local`): the user's own, for this folder only, and
    // as in Claude Code they win a name over the project's and the user's.
    if (userText !== undefined && inputs.workspaceRoot) sources.push({ scope: 'user', path: claudeJson, text: userText, pointer: ['projects', inputs.workspaceRoot, 'mcpServers'] });
    if (inputs.setting !== undefined) sources.push({ scope: 'settings', label: 'the setting codewright.mcpServers', value: inputs.setting });
  }
  const cliProblems: ConfigProblem[] = [];
  for (const flag of inputs.cli ?? []) {
    if (flag.trim().startsWith('{')) {
      sources.push({ scope: 'cli', text: flag, label: '--mcp-config' });
      continue;
    }
    const text = await inputs.readFile(flag);
    if (text === undefined) cliProblems.push({ kind: 'settings', path: flag, line: 0, message: '--mcp-config: the file does not exist or cannot be read' });
    else sources.push({ scope: 'cli', path: flag, text });
  }
  return merge(sources.map((s) => parseMcpSource(s, inputs.env)), cliProblems);
}

function merge(results: McpConfigResult[], extra: ConfigProblem[]): McpConfigResult {
  const byName = new Map<string, McpServerEntry>();
  for (const r of results) for (const e of r.entries) byName.set(e.name, e);
  return { entries: [...byName.values()], problems: [...results.flatMap((r) => r.problems), ...extra] };
}
