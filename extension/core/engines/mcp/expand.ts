/**
 * `${VAR}` and `${VAR:-default}` in MCP server configs, as Claude Code expands them in `.mcp.json`: a
 * variable that is unset and has no default is reported (the server is skipped), never replaced by an empty
 * string, so a missing token does not silently start a server without its credentials.
 */

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export type Env = Readonly<Record<string, string | undefined>>;

/** The expanded text, or the names of the variables that are unset and have no default. */
export function expandVariables(text: string, env: Env): { ok: true; value: string } | { ok: false; missing: string[] } {
  const missing: string[] = [];
  const value = text.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
    const set = env[name];
    if (set !== undefined) return set;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return whole;
  });
  return missing.length ? { ok: false, missing } : { ok: true, value };
}
