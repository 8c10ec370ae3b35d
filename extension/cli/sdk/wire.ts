/**
 * `--input-format stream-json` from cli/main.ts: the run's pieces handed to the SDK transport (run.ts).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { AgentSession, AgentSessionDeps } from '../../core/loop/session/agentSession';
import type { ShellParser } from '../../core/engines/permissions/bash';
import type { Message } from '../../core/base/messages';
import { getEmptyToolPermissionContext } from '../../core/contracts/permissions';
import { mcpPromptLoader } from '../../core/engines/mcp/prompts';
import type { ProviderName } from '../../llm/providers/select';
import { fileCommandLoader } from '../../host/node/commandFiles';
import { pluginCommandLoader } from '../../host/node/plugins/loadPluginDir';
import type { PluginSet } from '../../core/engines/plugins/types';
import type { CliOptions } from '../args';
import { parseJsonSchemaFlag } from '../argChecks';
import { cliInit, wantsReplay, type Output } from '../output';
import { cliTools } from '../sessionSetup';
import { runCliSlash } from '../slash';
import type { ControlChannel } from './channel';
import type { CliCheckpoints } from '../checkpoints';
import { registerRewindFiles } from './checkpoints';
import { registerMcpControl } from './mcpControl';
import { addSdkHooks } from './sdkHooks';
import { addSdkServers } from './sdkMcp';
import { McpManager } from '../../core/engines/mcp/manager';
import { runSdkTransport, type RunOverrides } from './run';

export interface SdkStreamRun {
  opts: CliOptions;
  channel: ControlChannel;
  session: AgentSession;
  deps: AgentSessionDeps;
  output: Output;
  overrides: RunOverrides;
  model: string;
  provider: ProviderName;
  cwd: string;
  io: { stdin: NodeJS.ReadableStream; stderr: NodeJS.WritableStream };
  /** The Bash parser the run's tools were built with (a schema from `initialize` rebuilds them). */
  shellParser?: ShellParser;
  checkpoints?: CliCheckpoints;
  /** The `--plugin-dir` plugins, whose commands follow the `.claude/` files' (cli/plugins.ts). */
  plugins?: PluginSet;
}

function promptText(content: string | Message['content']): string {
  return typeof content === 'string' ? content : content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

function registerCheckpoints(run: SdkStreamRun): ((uuid: string, content: string | Message['content']) => void) | undefined {
  const { checkpoints } = run;
  if (!checkpoints) {
    run.channel.handle('rewind_files', () => {
      throw new Error('file checkpointing is off for this session: start it with enableFileCheckpointing: true (CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true)');
    });
    return undefined;
  }
  checkpoints.attach(run.session.sessionId);
  registerRewindFiles(checkpoints, run.channel);
  return (uuid, content) => checkpoints.beginPrompt(uuid, promptText(content));
}

let version: string | undefined;

/** The package's version: dist/cli.js sits one folder below package.json, the sources three. */
export function packageVersion(): string {
  if (version) return version;
  for (const up of ['..', '../../..']) {
    try {
      version = (JSON.parse(readFileSync(path.join(__dirname, up, 'package.json'), 'utf8')) as { version?: string }).version;
      if (version) return version;
    } catch {
      // try the next place
    }
  }
  return (version = '0.0.0');
}

export function runSdkStream(run: SdkStreamRun): Promise<number> {
  const { opts, deps, session } = run;
  const warn = (line: string) => void run.io.stderr.write(`codewright: ${line}\n`);
  const holder = deps.permissions ?? { current: getEmptyToolPermissionContext, update: () => {} };
  const onTurnStart = registerCheckpoints(run);
  registerMcpControl(run.channel, () => deps.mcp);
  return runSdkTransport({
    channel: run.channel,
    session,
    deps,
    output: run.output,
    input: run.io.stdin,
    stderr: run.io.stderr,
    permissions: holder,
    overrides: run.overrides,
    baseModel: run.model,
    controlProtocol: opts['permission-prompt-tool'] === 'stdio',
    apiKeySource: run.provider === 'anthropic' && process.env.ANTHROPIC_API_KEY ? 'ANTHROPIC_API_KEY' : 'none',
    provider: run.provider,
    version: packageVersion(),
    extensions: {
      hooks: (hooks, channel) => (deps.hooks ? addSdkHooks(deps.hooks, hooks, channel, warn) : false),
      sdkMcpServers: async (names) => {
        if (!(deps.mcp instanceof McpManager)) throw new Error('in-process MCP servers need the MCP manager of the run');
        for (const line of await addSdkServers(deps.mcp, names)) warn(line);
      },
    },
    // The init line lists what `initialize` added (agents, MCP servers, tools), so it is written only now.
    beforeFirstTurn: async () => run.output.writeInit(await cliInit({ sessionId: session.sessionId, deps, model: run.overrides.model ?? run.model, cwd: run.cwd, provider: run.provider, ...(run.plugins ? { plugins: run.plugins.plugins } : {}) })),
    ...(wantsReplay(opts) ? { replayUser: (message, uuid) => run.output.replayUser(message, uuid) } : {}),
    ...(onTurnStart ? { onTurnStart } : {}),
    setJsonSchema: (schema) => {
      const checked = parseJsonSchemaFlag(JSON.stringify(schema));
      if (!checked.ok) return checked.error;
      deps.tools = cliTools({ ...opts, structuredSchema: checked.schema }, run.shellParser);
      return undefined;
    },
    ...(opts['disable-slash-commands']
      ? {}
      : {
          runSlash: (prompt: string) =>
            runCliSlash(prompt, { session, agent: deps, homeDir: homedir(), loaders: [fileCommandLoader(run.cwd, homedir()), ...(run.plugins ? [pluginCommandLoader(run.plugins)] : []), ...(deps.mcp ? [mcpPromptLoader(deps.mcp)] : [])], warn }),
        }),
  });
}
