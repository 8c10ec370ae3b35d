/**
 * Flags Claude Code's scripts and the Claude Agent SDK pass that this CLI accepts without acting on them
 * (the usage text lists them), and the few it refuses because ignoring them would give a different result.
 */

type FlagType = { type: 'string' | 'boolean'; multiple?: boolean };

/** Accepted and ignored: they tune what Codewright has no counterpart for, or nothing a run's result depends on. */
export const IGNORED_FLAGS: Readonly<Record<string, FlagType & { warning?: string }>> = {
  'allow-dangerously-skip-permissions': { type: 'boolean' },
  'no-optional-locks': { type: 'boolean' },
  betas: { type: 'string', multiple: true },
  'thinking-display': { type: 'string' },
  'task-budget': { type: 'string' },
  channels: { type: 'string', multiple: true },
  'permission-prompts': { type: 'string' },
  'session-mirror': { type: 'boolean' },
  'project-config-root': { type: 'string' },
  'plugin-dir-no-mcp': { type: 'string', multiple: true, warning: 'use --plugin-dir to load a plugin folder' },
  'managed-settings': { type: 'string', warning: 'managed settings are not applied' },
  'managed-settings-in-initialize': { type: 'boolean' },
};

/** Refused with a reason: a run that ignored them would not be the run the caller asked for. */
export const UNSUPPORTED_FLAGS: Readonly<Record<string, string>> = {
  'resume-session-at': 'resuming at an earlier message is not supported; resume the whole session with --resume',
  'resume-drops-turn': 'resuming without the last turn is not supported; resume the whole session with --resume',
};

/** parseArgs options for both tables (unsupported flags take a value, so their error names them, not the value). */
export function compatParseOptions(): Record<string, FlagType> {
  const options: Record<string, FlagType> = {};
  for (const [name, flag] of Object.entries(IGNORED_FLAGS)) options[name] = { type: flag.type, ...(flag.multiple ? { multiple: true } : {}) };
  for (const name of Object.keys(UNSUPPORTED_FLAGS)) options[name] = { type: 'string' };
  return options;
}

/**
 * Takes the compatibility flags out of parseArgs' values: an error for an unsupported one, else the warnings
 * of the ignored ones given, and the values without them.
 */
export function takeCompatFlags(values: Record<string, unknown>): { ok: true; rest: Record<string, unknown>; warnings: string[] } | { ok: false; error: string } {
  const rest = { ...values };
  const warnings: string[] = [];
  for (const [name, reason] of Object.entries(UNSUPPORTED_FLAGS)) {
    if (rest[name] !== undefined) return { ok: false, error: `--${name}: ${reason}` };
  }
  for (const [name, flag] of Object.entries(IGNORED_FLAGS)) {
    if (rest[name] === undefined) continue;
    if (flag.warning) warnings.push(`--${name} ignored: ${flag.warning}`);
    delete rest[name];
  }
  return { ok: true, rest, warnings };
}
