/**
 * Headless CLI (`dist/cli.js`): the same core on the Node host, for scripts and CI.
 * Nobody answers permission prompts here: an `ask` becomes a denial whose message tells the model what
 * needed approval, and the run goes on. Exit codes: 0 done, 1 failed, 2 bad usage, 130 interrupted.
 */
// First: sets the process's V8 flags before the rest of the bundle is evaluated.
import './v8Flags';
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { nodeFetch } from '../llm/nodeFetch/fetch';
import type { AgentSession, AgentSessionDeps } from '../core/loop/session/agentSession';
import { createAutoModeClassifier } from '../core/engines/permissions/classifier';
import { createPermissionEngine } from '../core/engines/permissions/engine';
import type { LoadedPermissionSettings } from '../core/engines/permissions/settings';
import type { ToolPermissionContext } from '../core/contracts/permissions';
import { consoleLogger, EnvCredentials, StaticSettings } from '../host/node/credentials';
import { loadAgentDefinitions } from '../host/node/agentFiles';
import { NodeEnvironment } from '../host/node/environment';
import { formatConfigProblem } from '../core/base/configProblems';
import { NodeSearch } from '../host/node/search';
import { lazyBashParser } from '../host/node/bashParser';
import { formatSettingsError, persistPermissionUpdates } from '../host/node/permissionSettings';
import { createNodeHookEngine } from '../host/node/hooks';
import { NodeSessionStorage } from '../host/node/sessionStorage';
import { NodeShell } from '../host/node/shell/nodeShell';
import { cliSandboxFallback } from './sandbox';
import { NodeWorkspace } from '../host/node/workspace';
import { codewrightHome, NodeTranscriptStore, projectTranscriptsDir } from '../host/node/transcriptStore';
import { NodeWorktrees } from '../host/node/worktrees';
import { NodeTaskOutput } from '../host/node/taskOutput';
import { NodeConfigSettings } from '../host/node/configSettings';
import { AnthropicModelClient } from '../llm/anthropicModelClient';
import type { ProviderName } from '../llm/providers/select';
import { cliProvider } from './provider';
import { NodeWeb } from '../host/node/web';
import type { ShellParser } from '../core/engines/permissions/bash';
import { parseCliArgs, USAGE, USAGE_HINT, type CliOptions } from './args';
import { cliLogger } from './debugLog';
import { cliRetry } from './progress';
import { loadCliPermissionSettings, settingsReader } from './settingSources';
import { answeredSessions, cliTranscripts, openCliSession, sessionLine } from './sessionStart';
import { cliOutput, wantsStreamEvents, type Output } from './output';
import { prepareRun, type RunSetup } from './runSetup';
import { cliOutputStyles, cliPermissionContext, cliSystemPrompts, cliTools } from './sessionSetup';
import { createControlChannel, promptToolAskUser, type RunOverrides } from './sdk/run';
import { runSdkStream } from './sdk/wire';
import { checkpointingRequested, CliCheckpoints } from './checkpoints';
import { runCliTurn } from './turn';
import { openOrReport, runToTheEnd } from './runEnds';
import { createLineReader, runInteractive, terminalAskUser, type InteractiveRun, type LineReader } from './interactive';
import { rewindAtTerminal } from './rewind';
import { runCliSlash } from './slash';
import { fileCommandLoader, loadCommandFiles } from '../host/node/commandFiles';
import { startCliMcp } from './mcp';
import { loadCliPlugins } from './plugins';
import { pluginCommandLoader, withPluginCommands } from '../host/node/plugins/loadPluginDir';
import type { PluginSet } from '../core/engines/plugins/types';
import { runPluginCommand } from './pluginCommands';
import { runMcpCommand } from './mcpCommands';
import { cliMcpOAuth } from './mcpOAuth';
import { mcpPromptLoader } from '../core/engines/mcp/prompts';
import { setModelTableWarn } from '../core/engines/models/models';
import { modelSettings } from '../core/engines/models/settings';

export async function main(argv: readonly string[], io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  if (argv[0] === 'plugin') return runPluginCommand(argv.slice(1), io);
  if (argv[0] === 'mcp') return runMcpCommand(argv.slice(1), io, undefined, cliMcpOAuth({ env: process.env, homeDir: homedir(), say: (line) => void io.stderr.write(`codewright: ${line}\n`) }));
  const opts = optionsOrExit(argv, io);
  if (typeof opts === 'number') return opts;
  const cwd = process.cwd();
  const home = codewrightHome(process.env, homedir());
  const transcripts = new NodeTranscriptStore(projectTranscriptsDir(home, cwd));

  if (opts['list-sessions']) {
    for (const s of await answeredSessions(transcripts)) io.stdout.write(`${sessionLine(s)}\n`);
    return 0;
  }

  const prepared = await prepareRun(opts, cwd, transcripts);
  if (!prepared.ok) {
    io.stderr.write(`codewright: ${prepared.error}\n`);
    return prepared.code;
  }
  const setup = prepared.setup;
  const prompt = opts.print === '-' ? await readAll(io.stdin) : (opts.print ?? '');
  const credentials = new EnvCredentials();
  const model = opts.model ?? process.env.CODEWRIGHT_MODEL ?? 'claude-sonnet-5-5';
  const provider = await cliProvider(opts, model, { env: process.env, credentials, stderr: io.stderr });
  if (!provider) return 1;
  const settings = cliModelSettings(opts, model, io.stderr);
  const loaded = await loadCliPermissionSettings(opts.settingSources, { homeDir: homedir(), workspaceRoot: cwd });
  for (const error of [...loaded.errors, ...(setup.flag?.errors ?? [])]) io.stderr.write(`codewright: permission settings: ${formatSettingsError(error)}\n`);
  const shellParser = lazyBashParser(undefined, (err) => {
    io.stderr.write(`codewright: Bash parser unavailable, every command will need approval: ${String(err)}\n`);
  });
  const shell = new NodeShell();
  const plugins = await loadCliPlugins(opts, cwd, (line) => void io.stderr.write(`codewright: ${line}\n`));
  const agents = await loadAgents(cwd, opts, io.stderr, plugins);
  const overrides: RunOverrides = {};
  const deps = sessionDeps(opts, { cwd, home, transcripts, credentials, settings, model, provider, loaded, shell, setup, shellParser, overrides });
  // --input-format stream-json: the SDK's control protocol runs on stdin/stdout (cli/sdk/).
  const channel = opts['input-format'] === 'stream-json' ? createControlChannel(io.stdout) : undefined;
  const reader = opts.interactive ? createLineReader(io.stdin, io.stdout) : undefined;
  const askUser = reader ? terminalAskUser(reader, io.stdout) : promptToolAskUser(opts['permission-prompt-tool'], channel, () => deps.mcp, () => session.stop());
  if (askUser) deps.askUser = askUser;
  // The interactive CLI always keeps checkpoints (its /rewind); -p and SDK runs when the app asked for them.
  const checkpoints = reader || checkpointingRequested(process.env) ? new CliCheckpoints({ storageFor: deps.storageFor, reader: deps.toolPorts.workspace, log: consoleLogger(!process.env.CODEWRIGHT_DEBUG), cwd, env: process.env }) : undefined;
  checkpoints?.track(deps);
  deps.agentDefinitions = () => agents.definitions;
  deps.commands = async () => (opts['disable-slash-commands'] ? [] : withPluginCommands((await loadCommandFiles({ cwd, homeDir: homedir() })).commands, plugins.commands));
  deps.hooks = await loadHooks(opts, cwd, transcripts, io.stderr, plugins);
  deps.outputStyles = cliOutputStyles(opts, { cwd, plugins, ...(setup.flag ? { flag: setup.flag } : {}), warn: (line) => void io.stderr.write(`codewright: ${line}\n`) });
  const mcp = await startCliMcp(opts, { cwd, homeDir: homedir(), plugins: plugins.mcpServers }, (line) => void io.stderr.write(`codewright: ${line}\n`), channel);
  if (mcp) deps.mcp = mcp;

  const opened = await openOrReport(() => openCliSession(deps, opts, setup.resumeId), io.stderr, mcp);
  if (!opened) return 1;
  const session = opened;
  const output = await cliOutput(opts, io, { session, deps, model, cwd, provider, plugins, deferInit: channel !== undefined });
  const close = async () => {
    reader?.close();
    await session.dispose();
    await checkpoints?.checkpoints.dispose();
    await shell.dispose();
    await mcp?.dispose();
  };
  return runToTheEnd(session, io.stderr, close, () => {
    if (channel) return runSdkStream({ opts, channel, session, deps, output, overrides, model, provider, cwd, io, shellParser, plugins, ...(checkpoints ? { checkpoints } : {}) });
    if (reader) return runInteractive(interactiveRun(opts, { session, deps, model, provider, cwd, plugins, io, checkpoints, reader }), reader, io.stdout);
    checkpoints?.attach(session.sessionId);
    checkpoints?.beginPrompt(randomUUID(), prompt);
    return runPrompt(prompt, { session, deps, output, cwd, plugins, stderr: io.stderr, slashCommands: !opts['disable-slash-commands'] });
  });
}

/** The parsed options, or the exit code when the arguments are wrong (2, with a hint) or ask for `--help` (0). */
function optionsOrExit(argv: readonly string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; stdin: NodeJS.ReadableStream }): CliOptions | number {
  const parsed = parseCliArgs(argv, { stdinIsTty: (io.stdin as { isTTY?: boolean }).isTTY === true });
  if (!parsed.ok) {
    io.stderr.write(`codewright: ${parsed.error}\n${USAGE_HINT}\n`);
    return 2;
  }
  const opts = parsed.options;
  for (const warning of opts.warnings) io.stderr.write(`codewright: ${warning}\n`);
  if (opts.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  return opts;
}

/**
 * Hooks of the settings files (docs/ARCHITECTURE.md, Hooks); `--settings <file>` adds its own via `extraFiles`.
 * Skipped hook entries and hooks that fail or time out are warnings: always on stderr.
 */
async function loadHooks(opts: CliOptions, cwd: string, transcripts: NodeTranscriptStore, stderr: NodeJS.WritableStream, plugins: PluginSet) {
  const hookLog = { ...cliLogger(opts, stderr), warn: (m: string) => void stderr.write(`codewright: ${m}\n`) };
  const loc = { homeDir: homedir(), workspaceRoot: cwd };
  const readFile = settingsReader(opts.settingSources, loc);
  const hooks = await createNodeHookEngine({ ...loc, readFile, extraFiles: opts.settingsFile ? [opts.settingsFile] : [], log: hookLog, transcriptPath: (id) => path.join(transcripts.dir, `${id}.jsonl`), pluginHooks: { hooks: plugins.hooks, problems: [] } });
  return hooks.engine;
}

/** The agent types of the run (built-in, plugins, files, `--agents`); skipped files are reported on stderr. */
async function loadAgents(cwd: string, opts: CliOptions, stderr: NodeJS.WritableStream, plugins: PluginSet) {
  const agents = await loadAgentDefinitions({ cwd, homeDir: homedir(), extra: [...plugins.agents, ...opts.agentDefinitions] });
  for (const error of agents.errors) stderr.write(`codewright: agent file skipped: ${error}\n`);
  return agents;
}

/** A `-p` prompt: a slash command runs as what it is (cli/slash.ts), anything else is one turn. */
async function runPrompt(
  prompt: string,
  run: { session: AgentSession; deps: AgentSessionDeps; output: Output; cwd: string; plugins: PluginSet; stderr: NodeJS.WritableStream; slashCommands: boolean },
): Promise<number> {
  const warn = (line: string) => void run.stderr.write(`codewright: ${line}\n`);
  // --disable-slash-commands: a prompt starting with "/" is text for the model.
  const slash = !run.slashCommands ? ({ type: 'none' } as const) : await runCliSlash(prompt, { session: run.session, agent: run.deps, homeDir: homedir(), loaders: [fileCommandLoader(run.cwd, homedir()), pluginCommandLoader(run.plugins), ...(run.deps.mcp ? [mcpPromptLoader(run.deps.mcp)] : [])], warn });
  if (slash.type === 'error') throw new Error(slash.message);
  if (slash.type === 'print') return run.output.finish({ reason: 'end_turn', turns: 0 }, slash.text);
  const turn = slash.type === 'turn' ? slash : { content: prompt, options: {} };
  await runCliTurn(run.session, turn.content, run.output, turn.options);
  return run.output.finish();
}

/** Without -p on a terminal: one turn per typed line, its answer and tool lines printed there (cli/interactive.ts). */
function interactiveRun(
  opts: CliOptions,
  run: { session: AgentSession; deps: AgentSessionDeps; model: string; provider: ProviderName; cwd: string; plugins: PluginSet; io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }; checkpoints: CliCheckpoints | undefined; reader: LineReader },
): InteractiveRun {
  const { session, io, checkpoints } = run;
  checkpoints?.attach(session.sessionId);
  return {
    sessionId: session.sessionId,
    messageCount: session.history.length,
    stop: () => session.stop(),
    runPrompt: async (prompt) => {
      if (/^\/rewind(?:\s|$)/.test(prompt)) return rewindAtTerminal(checkpoints, run.reader, io.stdout, run.cwd);
      checkpoints?.beginPrompt(randomUUID(), prompt);
      const output = await cliOutput({ ...opts, verbose: true }, { stdout: io.stdout, stderr: io.stdout }, { ...run, deferInit: false });
      try {
        return await runPrompt(prompt, { session, deps: run.deps, output, cwd: run.cwd, plugins: run.plugins, stderr: io.stderr, slashCommands: !opts['disable-slash-commands'] });
      } catch (err) {
        io.stderr.write(`codewright: ${err instanceof Error ? err.message : String(err)}\n`);
        return 1;
      } finally {
        output.close();
      }
    },
  };
}

function sessionDeps(
  opts: CliOptions,
  env: {
    cwd: string;
    home: string;
    transcripts: NodeTranscriptStore;
    credentials: EnvCredentials;
    settings: StaticSettings;
    model: string;
    provider: ProviderName;
    loaded: LoadedPermissionSettings;
    shell: NodeShell;
    shellParser?: ShellParser;
    setup: RunSetup;
    overrides: RunOverrides;
  },
): AgentSessionDeps {
  const log = cliLogger(opts);
  let permissions: ToolPermissionContext = cliPermissionContext(env.loaded, opts, { ...(env.setup.flag ? { flag: env.setup.flag } : {}), addDirs: env.setup.addDirs });
  const model = new AnthropicModelClient({ credentials: env.credentials, settings: env.settings, log, provider: () => env.provider, fetch: nodeFetch as unknown as typeof fetch, baseUrlSetting: 'ANTHROPIC_BASE_URL' });
  return {
    model,
    environment: new NodeEnvironment({ cwd: env.cwd }),
    transcripts: cliTranscripts(opts, env.transcripts),
    ...cliRetry(process.env),
    storageFor: (id) => new NodeSessionStorage(path.join(env.home, 'sessions', id)),
    toolPorts: { workspace: new NodeWorkspace([env.cwd]), search: new NodeSearch(), shell: env.shell, sandboxFallback: cliSandboxFallback(opts), worktrees: new NodeWorktrees(), taskOutput: new NodeTaskOutput(), config: new NodeConfigSettings({ homeDir: homedir(), workspaceRoot: env.cwd, ...(opts.settingsFile ? { extraFile: opts.settingsFile } : {}) }), web: new NodeWeb(), webSearch: model },
    tools: cliTools(opts, env.shellParser),
    ...cliSystemPrompts(opts),
    cwd: env.cwd,
    newId: randomUUID,
    settings: () => ({
      ...modelSettings(env.settings),
      ...env.overrides,
      ...(opts['max-turns'] ? { maxTurns: opts['max-turns'] } : {}),
      ...(opts['fallback-model'] ? { fallbackModel: opts['fallback-model'] } : {}),
      ...(opts['max-budget-usd'] ? { maxBudgetUsd: opts['max-budget-usd'] } : {}),
    }),
    // `--permission-mode auto`: the classifier decides; what it blocks is denied, as nobody can be asked here.
    decider: createPermissionEngine({ classifier: createAutoModeClassifier(), askHint: (tool) => `Allow it with --allowedTools "${tool.name}" or another permission mode.` }),
    permissions: {
      current: () => permissions,
      update: (f) => {
        permissions = f(permissions);
      },
    },
    persistPermissionUpdates: (updates) => persistPermissionUpdates(updates, { homeDir: homedir(), workspaceRoot: env.cwd }),
    isNonInteractiveSession: true,
    streamEvents: wantsStreamEvents(opts),
    // A `#` prompt is an ordinary prompt here: there is nobody to pick a memory file (core/engines/memory/notes.ts).
    onConfigProblems: (problems) => problems.forEach((p) => process.stderr.write(`Skipped: ${formatConfigProblem(p)}\n`)),
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`codewright: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

/**
 * The run's settings: --max-tokens, --thinking and --effort as given, what is absent from the model table
 * (an id the table does not know is said once on stderr).
 */
function cliModelSettings(opts: CliOptions, model: string, stderr: NodeJS.WritableStream): StaticSettings {
  setModelTableWarn((m) => void stderr.write(`codewright: ${m}\n`));
  return new StaticSettings({
    model,
    ...(opts['max-tokens'] ? { maxTokens: opts['max-tokens'] } : {}),
    ...(opts.thinking !== undefined ? { thinking: opts.thinking } : {}),
    ...(opts.effort ? { effort: opts.effort } : {}),
    ...(process.env.ANTHROPIC_BASE_URL ? { apiBaseUrl: process.env.ANTHROPIC_BASE_URL } : {}),
  });
}
