/**
 * `--input-format stream-json` from cli/main.ts: the run's pieces handed to the SDK transport (run.ts).
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { AgentSession, AgentSessionDeps } from '../../core/agent/agentSession';
import type { ShellParser } from '../../core/permissions/bash';
import { getEmptyToolPermissionContext } from '../../core/permissions/types';
import { mcpPromptLoader } from '../../core/mcp/prompts';
import type { ProviderName } from '../../llm/providers/select';
import { fileCommandLoader } from '../../host/node/commandFiles';
import type { CliOptions } from '../args';
import { parseJsonSchemaFlag } from '../argChecks';
import type { Output } from '../output';
import { cliTools } from '../sessionSetup';
import { runCliSlash } from '../slash';
import type { ControlChannel } from './channel';
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
    extensions: {},
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
            runCliSlash(prompt, { session, agent: deps, homeDir: homedir(), loaders: [fileCommandLoader(run.cwd, homedir()), ...(deps.mcp ? [mcpPromptLoader(deps.mcp)] : [])], warn }),
        }),
  });
}
