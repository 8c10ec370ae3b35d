/**
 * A hook group's `matcher`, as Claude Code reads it: empty or `*` matches everything; a plain name or a
 * `|`-list of names (`Bash`, `Edit|Write`) matches those names exactly; anything else is a regular
 * expression tested against the name (`Notebook.*`, `mcp__github__.*`). For tool events the name is the
 * tool's; SessionStart matches its source, PreCompact its trigger, SessionEnd its reason.
 */

const NAME_LIST = /^[A-Za-z0-9_|-]+$/;

export type CompiledMatcher = { ok: true; test: (name: string) => boolean } | { ok: false; error: string };

export function compileMatcher(matcher: string): CompiledMatcher {
  const m = matcher.trim();
  if (m === '' || m === '*') return { ok: true, test: () => true };
  if (NAME_LIST.test(m)) {
    const names = new Set(m.split('|').filter(Boolean));
    return { ok: true, test: (name) => names.has(name) };
  }
  try {
    const re = new RegExp(m);
    return { ok: true, test: (name) => re.test(name) };
  } catch (err) {
    return { ok: false, error: `not a valid regular expression (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * True when `matcher` matches `name`. Events with nothing to match (`name` undefined: UserPromptSubmit, Stop,
 * Notification) ignore the matcher, as Claude Code does; an invalid one (reported when loading) matches nothing.
 */
export function matcherMatches(matcher: string, name: string | undefined): boolean {
  const compiled = compileMatcher(matcher);
  if (!compiled.ok) return false;
  return name === undefined || compiled.test(name);
}
