/**
 * What the CLI's flags make of the session (docs/ARCHITECTURE.md, The headless CLI): the permission context
 * (settings files, `--settings`, rules and directories from the command line), the tools offered (`--tools`,
 * StructuredOutput with `--json-schema`), the system prompt (`--system-prompt`, `--append-system-prompt`) and
 * the output style (the `outputStyle` setting, `/output-style`).
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
import { formatConfigProblem } from '../core/base/configProblems';
import type { OutputStylesPort } from '../core/contracts/outputStyles';
import type { PluginSet } from '../core/engines/plugins/types';
import { nodeOutputStyles } from '../host/node/outputStyles';
import { claudeConfigDir } from '../host/node/plugins/pluginFiles';

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

/**
 * The run's output styles (docs/ARCHITECTURE.md, Output styles): the user's (`$CLAUDE_CONFIG_DIR`), the
 * project's and the plugins', with the `outputStyle` of the settings files `--setting-sources` lets count and
 * of `--settings` on top. The folder the CLI runs in is trusted, as for its other settings. A skipped style file
 * or an unknown name is said on stderr, once; the run goes on with `default`.
 */
export function cliOutputStyles(opts: CliOptions, run: { cwd: string; plugins: PluginSet; flag?: FlagSettings; warn: (line: string) => void; env?: NodeJS.ProcessEnv }): OutputStylesPort {
  const said = new Set<string>();
  return nodeOutputStyles({
    configDir: claudeConfigDir(run.env ?? process.env),
    workspaceRoot: run.cwd,
    trusted: () => true,
    ...(opts.settingSources ? { sources: opts.settingSources } : {}),
    ...(run.flag ? { extraSettings: { path: run.flag.path, text: run.flag.text } } : {}),
    plugins: () => run.plugins.outputStyles,
    onProblems: (problems) => {
      for (const p of problems) {
        const line = `output styles: ${formatConfigProblem(p)}`;
        if (said.has(line)) continue;
        said.add(line);
        run.warn(line);
      }
    },
  });
}
