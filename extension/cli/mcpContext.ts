/** What the `codewright mcp` commands (cli/mcpCommands.ts, cli/mcpProjectCommands.ts) share: their context, output and OAuth. */
import type { McpOAuthOptions } from '../host/node/mcp/oauthFlow';
import type { McpConfigPlaces } from '../host/node/mcp/configFiles';

export interface McpIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * What `codewright mcp login|logout` (and the status checks of `list` / `get`, so a signed-in server shows
 * connected) need from the CLI's OAuth: its options, with the file token store (a `SecretStore` keyed by
 * `oauthStoreKey(server, url)`, so `logout` deletes the server's entry) and the browser opener that also prints
 * the URL. cli/mcpOAuth.ts `cliMcpOAuth` makes it; main.ts passes it to `runMcpCommand`.
 */
export interface McpCliOAuth {
  options: McpOAuthOptions;
}

/** What every command works with. */
export interface McpCommandContext {
  places: McpConfigPlaces;
  env: NodeJS.ProcessEnv;
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude`: the user settings of the approvals. */
  configDir: string;
  oauth: McpCliOAuth | undefined;
}

export const say = (io: McpIo, line: string) => void io.stdout.write(`${line}\n`);

/** A usage problem or a refusal: one sentence on stderr, exit code 1. */
export function usage(io: McpIo, error: string): number {
  io.stderr.write(`codewright: ${error}\n`);
  return 1;
}
