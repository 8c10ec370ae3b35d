import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMcpConfig, parseMcpSource, serverEntryProblem } from '../../../../extension/core/engines/mcp/config';
import { expandVariables } from '../../../../extension/core/engines/mcp/expand';

const HOME = '/home/u';
const ROOT = '/work/repo';

function reader(files: Record<string, string>) {
  return async (file: string) => files[file];
}

describe('core/engines/mcp/expand', () => {
  it('replaces set variables and uses the default of unset ones', () => {
    expect(expandVariables('${A}-${B:-fallback}-${C:-}', { A: 'one' })).toEqual({ ok: true, value: 'one-fallback-' });
  });

  it('reports every unset variable that has no default', () => {
    expect(expandVariables('${A} ${B} ${C:-x}', {})).toEqual({ ok: false, missing: ['A', 'B'] });
  });
});

describe('core/engines/mcp/config', () => {
  it('reads stdio and remote servers with their variables expanded', () => {
    const text = JSON.stringify({
      mcpServers: {
        files: { command: '${BIN:-npx}', args: ['-y', 'server', '${ROOT}'], env: { TOKEN: '${TOKEN}' } },
        remote: { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        old: { type: 'sse', url: 'http://localhost:1/sse' },
      },
    });
    const r = parseMcpSource({ scope: 'project', path: `${ROOT}/.mcp.json`, text }, { ROOT: '/r', TOKEN: 't0k', HOST: 'h.example' });
    expect(r.problems).toEqual([]);
    expect(r.entries).toEqual([
      { name: 'files', scope: 'project', path: `${ROOT}/.mcp.json`, config: { type: 'stdio', command: 'npx', args: ['-y', 'server', '/r'], env: { TOKEN: 't0k' } } },
      { name: 'remote', scope: 'project', path: `${ROOT}/.mcp.json`, config: { type: 'http', url: 'https://h.example/mcp', headers: { Authorization: 'Bearer t0k' } } },
      { name: 'old', scope: 'project', path: `${ROOT}/.mcp.json`, config: { type: 'sse', url: 'http://localhost:1/sse', headers: {} } },
    ]);
  });

  it('skips a server whose variable is unset, naming the file, the line and the variable, and loads the others', () => {
    const text = ['{', '  "mcpServers": {', '    "good": { "command": "node" },', '    "bad": {', '      "command": "node",', '      "args": ["--token", "${SECRET}"]', '    }', '  }', '}'].join('\n');
    const r = parseMcpSource({ scope: 'project', path: '/p/.mcp.json', text }, {});
    expect(r.entries.map((e) => e.name)).toEqual(['good']);
    expect(r.problems).toEqual([{ kind: 'settings', path: '/p/.mcp.json', line: 6, message: expect.stringContaining('${SECRET}') }]);
    expect(r.problems[0]?.message).toContain('"bad"');
  });

  it('reports an entry that fits neither shape at its line', () => {
    const text = '{\n  "mcpServers": {\n    "nocmd": { "args": [] },\n    "ok": { "type": "sse", "url": "http://x" }\n  }\n}';
    const r = parseMcpSource({ scope: 'user', path: '/h/.claude.json', text }, {});
    expect(r.entries.map((e) => e.name)).toEqual(['ok']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ path: '/h/.claude.json', line: 3 });
    expect(r.problems[0]?.message).toMatch(/"nocmd".*command/);
  });

  it('reports broken JSON with the line of the syntax error', () => {
    const r = parseMcpSource({ scope: 'project', path: '/p/.mcp.json', text: '{\n  "mcpServers": {\n    "a": { "command": "x" },,\n  }\n}' }, {});
    expect(r.entries).toEqual([]);
    expect(r.problems[0]).toMatchObject({ kind: 'settings', path: '/p/.mcp.json', line: 3 });
  });

  it('merges user, local, project, setting and cli servers, the later source winning a name', async () => {
    const files = {
      [path.join(HOME, '.claude.json')]: JSON.stringify({
        mcpServers: { shared: { command: 'user-shared' }, mine: { command: 'mine' } },
        projects: { [ROOT]: { mcpServers: { local: { command: 'local' } } } },
      }),
      [path.join(ROOT, '.mcp.json')]: JSON.stringify({ mcpServers: { shared: { command: 'project-shared' }, proj: { command: 'p' } } }),
      '/tmp/extra.json': JSON.stringify({ mcpServers: { fromFile: { command: 'f' } } }),
    };
    const r = await loadMcpConfig({
      homeDir: HOME,
      workspaceRoot: ROOT,
      readFile: reader(files),
      env: {},
      setting: { set: { type: 'http', url: 'http://s' } },
      cli: ['{"mcpServers": {"inline": {"command": "i"}}}', '/tmp/extra.json', '/tmp/missing.json'],
    });
    const summary = Object.fromEntries(r.entries.map((e) => [e.name, [e.scope, e.config.type === 'stdio' ? e.config.command : e.config.type === 'sdk' ? e.config.name : e.config.url]]));
    expect(summary).toEqual({
      shared: ['project', 'project-shared'],
      mine: ['user', 'mine'],
      local: ['user', 'local'],
      proj: ['project', 'p'],
      set: ['settings', 'http://s'],
      inline: ['cli', 'i'],
      fromFile: ['cli', 'f'],
    });
    expect(r.entries.find((e) => e.name === 'inline')?.path).toBeUndefined();
    expect(r.problems).toEqual([expect.objectContaining({ path: '/tmp/missing.json', message: expect.stringContaining('--mcp-config') })]);
  });

  it("reads the three scopes `codewright mcp add` writes, a local server winning a name over the project's and the user's", async () => {
    const files = {
      [path.join(HOME, '.claude.json')]: JSON.stringify({
        mcpServers: { same: { command: 'user' }, onlyUser: { type: 'http', url: 'https://u' } },
        projects: { [ROOT]: { mcpServers: { same: { command: 'local' }, onlyLocal: { command: 'l' } } }, '/elsewhere': { mcpServers: { other: { command: 'o' } } } },
      }),
      [path.join(ROOT, '.mcp.json')]: JSON.stringify({ mcpServers: { same: { command: 'project' }, onlyProject: { command: 'p' } } }),
    };
    const r = await loadMcpConfig({ homeDir: HOME, workspaceRoot: ROOT, readFile: reader(files), env: {} });
    const summary = Object.fromEntries(r.entries.map((e) => [e.name, [e.scope, e.config.type === 'stdio' ? e.config.command : e.config.type]]));
    expect(summary).toEqual({ same: ['user', 'local'], onlyUser: ['user', 'http'], onlyLocal: ['user', 'l'], onlyProject: ['project', 'p'] });
  });

  it('checks an entry before it is written, leaving ${VAR} unexpanded', () => {
    expect(serverEntryProblem({ command: 'npx', args: ['${TOKEN}'] })).toBeUndefined();
    expect(serverEntryProblem({ type: 'http', url: 'https://x', headers: { Authorization: 'Bearer ${T}' } })).toBeUndefined();
    expect(serverEntryProblem({ type: 'http' })).toMatch(/^url: /);
    expect(serverEntryProblem({ args: [] })).toMatch(/^command: /);
    expect(serverEntryProblem({ type: 'sdk' })).toMatch(/Agent SDK/);
  });

  it('loads only the --mcp-config servers with strict', async () => {
    const files = { [path.join(ROOT, '.mcp.json')]: JSON.stringify({ mcpServers: { proj: { command: 'p' } } }) };
    const r = await loadMcpConfig({ homeDir: HOME, workspaceRoot: ROOT, readFile: reader(files), env: {}, strict: true, cli: ['{"mcpServers": {"only": {"command": "o"}}}'] });
    expect(r.entries.map((e) => e.name)).toEqual(['only']);
  });

  it('reports a bad entry of the VS Code setting by the setting name', async () => {
    const r = await loadMcpConfig({ homeDir: HOME, readFile: reader({}), env: {}, setting: { x: { type: 'http' } } });
    expect(r.entries).toEqual([]);
    expect(r.problems[0]).toMatchObject({ path: 'the setting codewright.mcpServers', line: 0 });
    expect(r.problems[0]?.message).toMatch(/"x".*url/);
  });
});
