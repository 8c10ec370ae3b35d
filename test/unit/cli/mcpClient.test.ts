/** What MCP servers use of the CLI (cli/mcpClient.ts): the cwd and --add-dir folders as roots, log lines on stderr only under --verbose / --debug. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliMcpRoots, cliMcpServerLog } from '../../../extension/cli/mcpClient';
import { mcpServerLogLine } from '../../../extension/core/engines/mcp/serverLog';

describe('cli/mcpClient: roots', () => {
  it('gives the cwd and each --add-dir folder once, as file URIs named after the folder', () => {
    const cwd = path.resolve('/work/app');
    const roots = cliMcpRoots(cwd, ['../lib', path.resolve('/work/app'), '/data/shared']).roots();
    expect(roots).toEqual([
      { uri: pathToFileURL(cwd).href, name: 'app' },
      { uri: pathToFileURL(path.resolve('/work/lib')).href, name: 'lib' },
      { uri: pathToFileURL(path.resolve('/data/shared')).href, name: 'shared' },
    ]);
    expect(cliMcpRoots(cwd).roots()).toEqual([{ uri: pathToFileURL(cwd).href, name: 'app' }]);
  });
});

describe('cli/mcpClient: server log', () => {
  const message = { server: 'db', level: 'warning' as const, logger: 'pool', data: 'slow query' };

  it('writes nothing without --verbose or --debug, and asks servers for info', () => {
    const lines: string[] = [];
    const port = cliMcpServerLog({}, (l) => lines.push(l));
    port.log(message);
    expect(lines).toEqual([]);
    expect(port.level?.()).toBe('info');
  });

  it('writes [server] level: data under --verbose', () => {
    const lines: string[] = [];
    const port = cliMcpServerLog({ verbose: true }, (l) => lines.push(l));
    port.log(message);
    expect(lines).toEqual(['[db] warning: pool: slow query\n']);
    expect(port.level?.()).toBe('info');
  });

  it('writes the lines and asks servers for debug under --debug', () => {
    const lines: string[] = [];
    const port = cliMcpServerLog({ debug: '' }, (l) => lines.push(l));
    port.log({ server: 'db', level: 'debug', data: { rows: 3 } });
    expect(lines).toEqual(['[db] debug: {"rows":3}\n']);
    expect(port.level?.()).toBe('debug');
  });
});

describe('core/engines/mcp/serverLog', () => {
  it('shows structured data as JSON, survives data JSON cannot hold, and cuts long lines', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(mcpServerLogLine({ server: 's', level: 'error', data: cyclic })).toBe('[s] error: [object Object]');
    expect(mcpServerLogLine({ server: 's', level: 'info', data: 'x'.repeat(50) }, 20)).toBe(`[s] info: ${'x'.repeat(10)}…`);
  });
});
