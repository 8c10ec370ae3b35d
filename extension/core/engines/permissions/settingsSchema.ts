/**
 * The `permissions` block of a settings file, Claude Code's shape:
 * `{ "permissions": { "allow": [...], "deny": [...], "ask": [...], "defaultMode": "acceptEdits",
 * "additionalDirectories": [...] }, ...other keys }`. Validated with Zod; what is wrong is reported with the
 * file and line and left out, and the rest still applies: one bad rule skips that rule only, a bad
 * `defaultMode` skips the mode, a file that is not JSON skips the file.
 */
import { z } from 'zod';
import { lineOfPath, JsonSyntaxError, lineAt, parseJsonWithPositions, type JsonPath, type PositionedJson } from '../../base/text/jsonPositions';
import { permissionRuleValueFromString } from './ruleValue';
import { sandboxBlockSchema, type SandboxSettingsBlock } from '../sandbox/settings';
import { EXTERNAL_PERMISSION_MODES, type ExternalPermissionMode, type PermissionRuleSource } from '../../contracts/permissions';

/** Tool names: `Bash`, `mcp__server`, `mcp__server__tool`, `mcp__server__*`. */
const TOOL_NAME = /^[A-Za-z0-9_.-]+(\*)?$/;

/** A rule string: `Tool` or `Tool(specifier)` with balanced, closing parentheses. */
export const permissionRuleStringSchema = z
  .string()
  .trim()
  .min(1, 'a rule cannot be empty')
  .refine((s) => TOOL_NAME.test(permissionRuleValueFromString(s).toolName), {
    message: 'not a rule: expected Tool or Tool(specifier), e.g. Bash(npm run test:*)',
  });

const directorySchema = z.string().trim().min(1, 'a directory cannot be empty');

export const permissionsBlockSchema = z.looseObject({
  allow: z.array(permissionRuleStringSchema).optional(),
  deny: z.array(permissionRuleStringSchema).optional(),
  ask: z.array(permissionRuleStringSchema).optional(),
  defaultMode: z.enum(EXTERNAL_PERMISSION_MODES).optional(),
  additionalDirectories: z.array(directorySchema).optional(),
});

export const settingsFileSchema = z.looseObject({ permissions: permissionsBlockSchema.optional(), sandbox: sandboxBlockSchema.optional() });

/** What one source contributes, after validation. */
export interface PermissionSettings {
  allow: string[];
  deny: string[];
  ask: string[];
  defaultMode?: ExternalPermissionMode;
  additionalDirectories: string[];
  /** The `sandbox` block (core/engines/sandbox/settings.ts), when the source has one. */
  sandbox?: SandboxSettingsBlock;
}

/** A problem in one source; `line` is 1-based, 0 where the source has no lines (VS Code settings). */
export interface SettingsError {
  source: PermissionRuleSource;
  path: string;
  line: number;
  message: string;
}

export function emptyPermissionSettings(): PermissionSettings {
  return { allow: [], deny: [], ask: [], additionalDirectories: [] };
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, n) => (typeof p === 'number' ? `[${p}]` : `${n ? '.' : ''}${String(p)}`)).join('');
}

/** `value` without what lives at `paths`; list entries are removed, keys deleted. */
function without(value: unknown, paths: readonly JsonPath[]): unknown {
  if (paths.some((p) => p.length === 0)) return undefined;
  if (Array.isArray(value)) {
    const dropped = new Set(paths.filter((p) => p.length === 1).map((p) => p[0]));
    return value.flatMap((v, n) => (dropped.has(n) ? [] : [without(v, paths.filter((p) => p[0] === n).map((p) => p.slice(1)))]));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (paths.some((p) => p.length === 1 && p[0] === k)) continue;
      out[k] = without(v, paths.filter((p) => p[0] === k).map((p) => p.slice(1)));
    }
    return out;
  }
  return value;
}

/**
 * Validates a parsed settings value. Each issue is reported (with `lineOf` giving its line) and what it
 * points at is dropped, then the rest is parsed again, so one bad entry costs only itself.
 */
export function validatePermissionSettings(
  value: unknown,
  where: { source: PermissionRuleSource; path: string; lineOf: (path: JsonPath) => number },
): { settings: PermissionSettings; errors: SettingsError[] } {
  const errors: SettingsError[] = [];
  let current = value;
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = settingsFileSchema.safeParse(current);
    if (parsed.success) {
      const p = parsed.data.permissions ?? {};
      return {
        settings: {
          allow: p.allow ?? [],
          deny: p.deny ?? [],
          ask: p.ask ?? [],
          ...(p.defaultMode ? { defaultMode: p.defaultMode } : {}),
          additionalDirectories: p.additionalDirectories ?? [],
          ...(parsed.data.sandbox ? { sandbox: parsed.data.sandbox } : {}),
        },
        errors,
      };
    }
    const paths = parsed.error.issues.map((issue) => issue.path.filter((k): k is string | number => typeof k !== 'symbol'));
    for (const [n, issue] of parsed.error.issues.entries()) {
      const at = paths[n]!;
      const label = at.length ? `${pathText(at)}: ` : '';
      errors.push({ source: where.source, path: where.path, line: where.lineOf(at), message: `${label}${issue.message}` });
    }
    // A root of the wrong shape leaves nothing to keep.
    if (paths.some((p) => p.length === 0)) break;
    current = without(current, paths);
  }
  return { settings: emptyPermissionSettings(), errors };
}

/** Parses and validates the text of a settings file; a file that is not JSON yields one error and no settings. */
export function parsePermissionSettingsText(
  text: string,
  where: { source: PermissionRuleSource; path: string },
): { settings: PermissionSettings; errors: SettingsError[] } {
  if (text.trim() === '') return { settings: emptyPermissionSettings(), errors: [] };
  let json: PositionedJson;
  try {
    json = parseJsonWithPositions(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    const error = { source: where.source, path: where.path, line: lineAt(text, err.offset), message: `not valid JSON: ${err.message}; the file is ignored until it is fixed` };
    return { settings: emptyPermissionSettings(), errors: [error] };
  }
  return validatePermissionSettings(json.value, { ...where, lineOf: (p) => lineOfPath(json, text, p) });
}
