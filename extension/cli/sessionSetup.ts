/**
 * What the CLI's flags make of the session (docs/ARCHITECTURE.md, The headless CLI): the permission context
 * (settings files, `--settings`, rules and directories from the command line), the tools offered (`--tools`,
 * StructuredOutput with `--json-schema`) and the system prompt (`--system-prompt`, `--append-system-prompt`).
 */
import { initialPermissionContext, SETTINGS_SOURCES, type LoadedPermissionSettings } from '../core/engines/permissions/settings';
import { mergeSandboxSettings } from '../core/engines/sandbox/settings';
import type { ShellParser } from '../core/engines/permissions/bash';
import type { ToolPermissionContext } from '../core/contracts/permissions';
import type { Tools } from '../core/contracts/tool';
import { STRUCTURED_OUTPUT_TOOL_NAME } from '../protocol/toolNames';
import { getTools } from '../tools/tools';
import { STRUCTURED_OUTPUT_INSTRUCTION } from '../tools/StructuredOutput/prompt';
import type { CliOptions } from './args';
import type { FlagSettings } from './flagSettings';

export function cliPermissionContext(loaded: LoadedPermissionSettings, opts: CliOptions, extra: { flag?: FlagSettings; addDirs: readonly string[] }): ToolPermissionContext {
  const flag = extra.flag?.settings;
  const mode = opts['permission-mode'] ?? flag?.defaultMode;
  const ctx = initialPermissionContext(loaded, {
    ...(mode ? { mode } : {}),
    cliArg: {
      allow: [...(flag?.allow ?? []), ...opts.allowedTools],
      deny: [...(flag?.deny ?? []), ...opts.disallowedTools],
      ask: [...(flag?.ask ?? [])],
    },
    additionalDirectories: [...new Set([...extra.addDirs, ...(flag?.additionalDirectories ?? [])])],
  });
  // `--settings` may carry a `sandbox` block too; it goes over the files'.
  if (!flag?.sandbox) return ctx;
  return { ...ctx, sandbox: mergeSandboxSettings([...SETTINGS_SOURCES.map((s) => loaded.sources[s]?.sandbox), flag.sandbox]) };
}

/** The built-in tools `--tools` allows (all without it), plus StructuredOutput when `--json-schema` was given. */
export function cliTools(opts: CliOptions, shellParser?: ShellParser): Tools {
  const all = getTools([], { ...(shellParser ? { shellParser } : {}), ...(opts.structuredSchema ? { structuredOutputSchema: opts.structuredSchema } : {}) });
  const chosen = opts.toolNames;
  return chosen === undefined ? all : all.filter((t) => t.name === STRUCTURED_OUTPUT_TOOL_NAME || chosen.includes(t.name));
}

/** `--system-prompt` replaces identity and tool guidance; appended text (and the StructuredOutput instruction) goes last. */
export function cliSystemPrompts(opts: CliOptions): { customSystemPrompt?: string; appendSystemPrompt?: string } {
  const append = [opts['append-system-prompt'], opts.structuredSchema ? STRUCTURED_OUTPUT_INSTRUCTION : undefined].filter((t): t is string => !!t?.trim()).join('\n\n');
  return {
    ...(opts['system-prompt'] ? { customSystemPrompt: opts['system-prompt'] } : {}),
    ...(append ? { appendSystemPrompt: append } : {}),
  };
}
