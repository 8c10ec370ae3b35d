/**
 * Slash commands in `-p` prompts (docs/ARCHITECTURE.md, Slash commands): `dist/cli.js -p "/mycommand arg"`
 * runs the project's command. A prompt command's expansion becomes the turn (with its allowed tools and
 * model), a local command that works headless prints its text, a panel command prints its text form, and
 * an unknown command or one that needs the editor is an error: nothing is sent to the model.
 */
import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { AgentSession, AgentSessionDeps, TurnOptions } from '../core/loop/session/agentSession';
import { BUILTIN_AGENTS } from '../core/loop/subagents/definitions';
import { createBuiltinCommands } from '../core/loop/commands/builtins';
import { resolveCommand, runCommand } from '../core/loop/commands/dispatch';
import type { CommandHost } from '../core/loop/commands/host';
import { CommandRegistry } from '../core/loop/commands/registry';
import type { CommandLoader } from '../core/contracts/commands';
import type { Command, CommandContext } from '../core/contracts/commands';
import { formatConfigProblem } from '../core/base/configProblems';
import { getEmptyToolPermissionContext } from '../core/contracts/permissions';
import type { Message } from '../core/base/messages';
import { listSessions } from '../core/engines/transcripts/sessions';
import { transcriptToMarkdown } from '../conversation/transcriptMarkdown';
import { cliPluginHost } from './pluginSlash';

export type CliSlashResult =
  /** Not a command: the prompt goes to the model as typed. */
  | { type: 'none' }
  | { type: 'turn'; content: Message['content']; options: TurnOptions }
  | { type: 'print'; text: string }
  | { type: 'error'; message: string };

export interface CliSlashDeps {
  session: AgentSession;
  agent: AgentSessionDeps;
  homeDir: string;
  /** Command files and skills; none until the file loader is plugged in. */
  loaders?: readonly CommandLoader[];
  /** Where skipped command files are reported (stderr). */
  warn: (line: string) => void;
  /** For /plugin (`CLAUDE_CONFIG_DIR`); the process's when absent. */
  env?: NodeJS.ProcessEnv;
}

export async function runCliSlash(prompt: string, deps: CliSlashDeps): Promise<CliSlashResult> {
  if (!prompt.trim().startsWith('/')) return { type: 'none' };
  const registry: CommandRegistry = new CommandRegistry({ builtins: createBuiltinCommands(cliHost(deps, (): readonly Command[] => registry.all())), loaders: deps.loaders ?? [] });
  await registry.refresh();
  for (const p of registry.problems()) deps.warn(`${p.kind} skipped: ${formatConfigProblem(p)}`);
  const resolved = resolveCommand(prompt, registry);
  if (resolved.type === 'none') return resolved;
  if (resolved.type === 'unknown') return { type: 'error', message: resolved.message };
  const refusal = headlessRefusal(resolved.command);
  if (refusal) return { type: 'error', message: refusal };
  const context = cliContext(deps);
  if (resolved.command.type === 'local-jsx') return { type: 'print', text: (await resolved.command.renderText?.(resolved.args, context)) ?? '' };
  const outcome = await runCommand(resolved.command, resolved.args, context);
  switch (outcome.type) {
    case 'prompt':
      return { type: 'turn', content: outcome.content, options: { allowedTools: outcome.allowedTools, ...(outcome.model ? { model: outcome.model } : {}) } };
    case 'text':
      return { type: 'print', text: outcome.text };
    case 'skip':
      return { type: 'print', text: '' };
    case 'failed':
      return { type: 'error', message: outcome.message };
    case 'panel':
      return { type: 'error', message: `/${resolved.command.name} opens a panel, which a headless run cannot show.` };
  }
}

/** Why a command cannot run headless, or undefined when it can. */
function headlessRefusal(command: Command): string | undefined {
  if (command.type === 'local' && !command.supportsNonInteractive) return `/${command.name} needs the editor; it does not run with -p.`;
  if (command.type === 'local-jsx' && !command.renderText) return `/${command.name} opens a panel, which a headless run cannot show.`;
  return undefined;
}

function cliContext(deps: CliSlashDeps): CommandContext {
  const { session } = deps;
  return {
    cwd: deps.agent.cwd,
    getAppState: () => session.appState.getState(),
    setAppState: (f) => session.appState.setState(f),
    abortSignal: new AbortController().signal,
    runTool: session.commandToolRunner(),
  };
}

function cliHost(deps: CliSlashDeps, commands: () => readonly Command[]): CommandHost {
  const { session, agent } = deps;
  return {
    cwd: agent.cwd,
    homeDir: deps.homeDir,
    commands,
    model: () => agent.settings().model,
    usage: () => session.sessionUsage,
    history: () => session.history,
    compact: (instructions) => session.compact(instructions),
    listSessions: () => listSessions(agent.transcripts),
    permissionContext: () => agent.permissions?.current() ?? getEmptyToolPermissionContext(),
    agents: async () => (await agent.agentDefinitions?.()) ?? BUILTIN_AGENTS,
    ...(agent.outputStyles ? { outputStyles: agent.outputStyles } : {}),
    contextSnapshot: () => session.contextSnapshot(),
    conversationMarkdown: () => transcriptToMarkdown(session.history.map((m) => JSON.stringify(m)).join('\n'), `Conversation ${session.sessionId}`),
    exists: async (file) => (await stat(path.resolve(agent.cwd, file)).catch(() => undefined)) !== undefined,
    ...cliPluginHost({ env: deps.env ?? process.env, cwd: agent.cwd, home: deps.homeDir }),
  };
}
