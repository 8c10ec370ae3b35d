/**
 * Which project servers (`.mcp.json`) the user approved, as Claude Code stores it (docs/ARCHITECTURE.md, MCP):
 * `enableAllProjectMcpServers`, `enabledMcpjsonServers` and `disabledMcpjsonServers` in the settings files
 * (user, project, local). Pure: the hosts read the files (host/node/mcp/approvalSettings.ts) and pass the
 * parsed keys in. Claude Code's semantics: the lists of every file add up, a later file's
 * `enableAllProjectMcpServers` wins (local over project over user); a disabled name wins over everything,
 * then an enabled name or enable-all approves; anything else is still to be asked.
 */
import { z } from 'zod';
import { isRecord } from '../../base/isRecord';

/** The approval keys of one settings file; a key with a wrong type counts as absent. */
export interface McpjsonApprovalSettings {
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: string[];
  disabledMcpjsonServers?: string[];
}

export type McpjsonDecision = 'approved' | 'rejected' | 'pending';

/** The settings keys, spelled once. */
export const MCPJSON_KEYS = { all: 'enableAllProjectMcpServers', enabled: 'enabledMcpjsonServers', disabled: 'disabledMcpjsonServers' } as const;

const Names = z.array(z.string().max(200)).max(10_000);
const ApprovalSchema = z.object({
  enableAllProjectMcpServers: z.boolean().optional().catch(undefined),
  enabledMcpjsonServers: Names.optional().catch(undefined),
  disabledMcpjsonServers: Names.optional().catch(undefined),
});

/** The approval keys of a settings file's parsed JSON (anything else: none). */
export function approvalSettingsOf(json: unknown): McpjsonApprovalSettings {
  if (!isRecord(json)) return {};
  const parsed = ApprovalSchema.safeParse(json);
  if (!parsed.success) return {};
  const out: McpjsonApprovalSettings = {};
  if (parsed.data.enableAllProjectMcpServers !== undefined) out.enableAllProjectMcpServers = parsed.data.enableAllProjectMcpServers;
  if (parsed.data.enabledMcpjsonServers) out.enabledMcpjsonServers = parsed.data.enabledMcpjsonServers;
  if (parsed.data.disabledMcpjsonServers) out.disabledMcpjsonServers = parsed.data.disabledMcpjsonServers;
  return out;
}

/** The files' keys together, lowest precedence first (user, project, local): lists add up, the last boolean wins. */
export function mergeApprovalSettings(files: readonly McpjsonApprovalSettings[]): McpjsonApprovalSettings {
  const merged: McpjsonApprovalSettings = {};
  const union = (a: string[] | undefined, b: string[] | undefined) => (b ? [...new Set([...(a ?? []), ...b])] : a);
  for (const f of files) {
    if (f.enableAllProjectMcpServers !== undefined) merged.enableAllProjectMcpServers = f.enableAllProjectMcpServers;
    const enabled = union(merged.enabledMcpjsonServers, f.enabledMcpjsonServers);
    const disabled = union(merged.disabledMcpjsonServers, f.disabledMcpjsonServers);
    if (enabled) merged.enabledMcpjsonServers = enabled;
    if (disabled) merged.disabledMcpjsonServers = disabled;
  }
  return merged;
}

/** Names compare as Claude Code compares them: every character but letters, digits, `_` and `-` is `_`. */
function normalized(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/** Whether `names` holds `name`, compared as Claude Code compares them. */
export function listsMcpjsonName(names: readonly string[] | undefined, name: string): boolean {
  return (names ?? []).some((n) => normalized(n) === normalized(name));
}
const lists = listsMcpjsonName;

/** Whether the project server `name` may start: disabled wins, then enabled or enable-all; else it is to be asked. */
export function mcpjsonDecision(name: string, settings: McpjsonApprovalSettings): McpjsonDecision {
  if (lists(settings.disabledMcpjsonServers, name)) return 'rejected';
  if (settings.enableAllProjectMcpServers === true || lists(settings.enabledMcpjsonServers, name)) return 'approved';
  return 'pending';
}

/**
 * A settings file's object with the answer about `name` recorded, every other key kept: an approval adds it
 * to `enabledMcpjsonServers` and takes it out of `disabledMcpjsonServers`, a denial the other way round. The
 * same object when nothing changes.
 */
export function withMcpjsonAnswer(settings: Record<string, unknown>, name: string, allow: boolean): Record<string, unknown> {
  const [add, drop] = allow ? [MCPJSON_KEYS.enabled, MCPJSON_KEYS.disabled] : [MCPJSON_KEYS.disabled, MCPJSON_KEYS.enabled];
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const had = strings(settings[add]);
  const kept = strings(settings[drop]).filter((n) => normalized(n) !== normalized(name));
  const adds = !lists(had, name);
  const drops = Array.isArray(settings[drop]) && kept.length !== (settings[drop] as unknown[]).length;
  if (!adds && !drops) return settings;
  const next: Record<string, unknown> = { ...settings, [add]: adds ? [...had, name] : settings[add] };
  if (drops) {
    if (kept.length) next[drop] = kept;
    else delete next[drop];
  }
  return next;
}

/** A settings file's object without any of the three keys (`codewright mcp reset-project-choices`). */
export function withoutMcpjsonChoices(settings: Record<string, unknown>): Record<string, unknown> {
  const next = { ...settings };
  for (const key of Object.values(MCPJSON_KEYS)) delete next[key];
  return next;
}

