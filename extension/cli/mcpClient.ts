/**
 * What MCP servers use of the CLI (docs/ARCHITECTURE.md, MCP, "What servers can use"): the roots are the
 * working folder and the `--add-dir` folders (`file://` URIs, named after the folder; they do not change
 * during a run), and servers' log messages go to stderr as `[server] level: data` only under `--verbose` or
 * `--debug` (else they are dropped, and servers that declare logging are still asked for `info`; `--debug`
 * asks for `debug`).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpRootsPort, McpServerLogPort } from '../core/contracts/mcpClient';
import { mcpServerLogLine } from '../core/engines/mcp/serverLog';
import type { CliOptions } from './args';

export type CliMcpClientFlags = Partial<Pick<CliOptions, 'add-dir' | 'verbose' | 'debug' | 'debug-to-stderr'>>;

/** The cwd, then each `--add-dir` folder (relative ones from the cwd), each once. */
export function cliMcpRoots(cwd: string, addDirs: readonly string[] = []): McpRootsPort {
  const folders = [...new Set([cwd, ...addDirs.map((d) => path.resolve(cwd, d))])];
  const roots = folders.map((folder) => ({ uri: pathToFileURL(folder).href, name: path.basename(folder) || folder }));
  return { roots: () => roots };
}

/** Servers' log lines on `write` (stderr) under `--verbose` / `--debug`; nowhere otherwise. */
export function cliMcpServerLog(flags: CliMcpClientFlags, write: (line: string) => void): McpServerLogPort {
  const debug = flags.debug !== undefined || flags['debug-to-stderr'] === true;
  const shown = debug || flags.verbose === true;
  return {
    level: () => (debug ? 'debug' : 'info'),
    log: (message) => {
      if (shown) write(`${mcpServerLogLine(message)}\n`);
    },
  };
}
