/**
 * Plugin folders (docs/ARCHITECTURE.md, Plugins): the manifest and its errors with file and line, the default
 * and custom component paths, the names (`<plugin>:<name>`, `plugin:<plugin>:<server>`), `${CLAUDE_PLUGIN_ROOT}`
 * and precedence against the user's and the project's definitions.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePluginManifest } from '../../../extension/core/engines/plugins/manifest';
import { expandPluginRoot, pluginMcpServerName, resolvePluginPath } from '../../../extension/core/engines/plugins/naming';
import { mcpToolName } from '../../../extension/core/contracts/mcp';
import { loadPluginDirs, withPluginCommands } from '../../../extension/host/node/plugins/loadPluginDir';
import { mergeAgentDefinitions } from '../../../extension/core/loop/subagents/definitions';
import type { AgentDefinition } from '../../../extension/core/contracts/agents';

const FIXTURES = path.resolve(__dirname, '../../fixtures/plugins');
const load = (...dirs: string[]) => loadPluginDirs(dirs, { cwd: FIXTURES, env: { HOME: '/home/u' } });

/** A scratch plugin folder holding these files. */
function plugin(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cw-plugin-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('plugin manifest', () => {
  it('reads the metadata and custom paths, keeping unknown keys', () => {
    const r = parsePluginManifest(JSON.stringify({ name: 'my-plugin', version: '1.2.0', author: { name: 'A' }, commands: ['./x.md'], hooks: { PreToolUse: [] }, lspServers: './.lsp.json' }), '/p/plugin.json');
    expect(r.ok && r.manifest).toMatchObject({ name: 'my-plugin', version: '1.2.0', commands: ['./x.md'], hooks: { PreToolUse: [] } });
  });

  it('names the file and line of a missing or bad name, a bad field, or JSON that does not parse', () => {
    const noName = parsePluginManifest('{\n  "version": "1"\n}', '/p/plugin.json');
    expect(!noName.ok && noName.problem).toMatchObject({ kind: 'plugin', path: '/p/plugin.json', message: expect.stringMatching(/^name: name is required/) });
    const spaced = parsePluginManifest('{\n  "description": "x",\n  "name": "my plugin"\n}', '/p/plugin.json');
    expect(!spaced.ok && spaced.problem).toMatchObject({ line: 3, message: expect.stringContaining('kebab-case') });
    const badAgents = parsePluginManifest('{\n  "name": "p",\n  "agents": 5\n}', '/p/plugin.json');
    expect(!badAgents.ok && badAgents.problem).toMatchObject({ line: 3, message: expect.stringMatching(/^agents: must be a path/) });
    const broken = parsePluginManifest('{\n  "name": "p",\n  oops\n}', '/p/plugin.json');
    expect(!broken.ok && broken.problem).toMatchObject({ line: 3, message: expect.stringContaining('not valid JSON') });
  });
});

describe('plugin naming and ${CLAUDE_PLUGIN_ROOT}', () => {
  it('expands the root, keeps paths inside the plugin, and names MCP servers as Claude Code does', () => {
    expect(expandPluginRoot('node "${CLAUDE_PLUGIN_ROOT}/a.js" $CLAUDE_PLUGIN_ROOT/b $CLAUDE_PLUGIN_ROOTX', '/r')).toBe('node "/r/a.js" /r/b $CLAUDE_PLUGIN_ROOTX');
    expect(resolvePluginPath('/r', './cmds/')).toEqual({ ok: true, path: '/r/cmds' });
    expect(resolvePluginPath('/r', '../elsewhere').ok).toBe(false);
    expect(mcpToolName(pluginMcpServerName('my-plugin', 'db'), 'query')).toBe('mcp__plugin_my-plugin_db__query');
  });
});

describe('loading plugin folders', () => {
  it('loads every component of the everything plugin, each namespaced by the plugin', async () => {
    const set = await load('everything');
    expect(set.problems).toEqual([]);
    const root = path.join(FIXTURES, 'everything');
    expect(set.plugins).toEqual([{ name: 'everything', root, version: '0.1.0' }]);
    expect(set.commands.map((c) => [c.name, c.source])).toEqual([
      ['everything:deploy', 'plugin'],
      ['everything:greeting', 'plugin'],
      ['everything:hello', 'plugin'],
    ]);
    expect(set.skills.map((s) => s.name)).toEqual(['everything:greeting']);
    expect(set.agents.map((a) => [a.agentType, a.source, a.tools])).toEqual([['everything:auditor', 'plugin', ['Read', 'Grep']]]);
    expect(set.hooks).toEqual([
      expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash', source: 'plugin', command: `node "${root}/hooks/block.js"`, env: { CLAUDE_PLUGIN_ROOT: root }, timeoutSec: 20 }),
    ]);
    expect(set.mcpServers).toEqual([
      {
        name: 'plugin:everything:fixture',
        scope: 'plugin',
        path: path.join(root, '.claude-plugin/plugin.json'),
        config: { type: 'stdio', command: 'node', args: ['--import', 'tsx', `${root}/../../mcp/stdioServer.ts`], cwd: root, env: { CLAUDE_PLUGIN_ROOT: root } },
      },
    ]);
    expect(set.outputStyles).toEqual([
      {
        name: 'everything:terse',
        description: 'Answers in as few words as will do',
        prompt: 'Answer in at most three short sentences. Skip greetings, recaps and offers of further help.',
        keepCodingInstructions: true,
        source: 'plugin',
        path: path.join(root, 'styles/terse.md'),
      },
    ]);
  });

  it('reads output-styles/ by default, each style named <plugin>:<name>, and reports a style file that does not parse', async () => {
    const root = plugin({
      '.claude-plugin/plugin.json': '{"name": "styled"}',
      'output-styles/brief.md': '---\nname: Brief\n---\nBe brief.',
      'output-styles/broken.md': '---\nkeep-coding-instructions: maybe\n---\nText.',
    });
    const set = await loadPluginDirs([root], { cwd: '/', env: {} });
    expect(set.outputStyles.map((s) => [s.name, s.keepCodingInstructions, s.prompt])).toEqual([['styled:Brief', false, 'Be brief.']]);
    expect(set.problems).toEqual([{ kind: 'outputStyle', path: path.join(root, 'output-styles/broken.md'), line: 2, message: '"keep-coding-instructions" must be true or false' }]);
  });

  it('nests command folders as project commands do, and reads .mcp.json and hooks/hooks.json by default', async () => {
    const set = await load('commands-only', 'mcp-only', 'hooks-only', 'agents-only', 'skills-only');
    expect(set.problems).toEqual([]);
    expect(set.commands.map((c) => c.name)).toEqual(['commands-only:git:status', 'commands-only:hello', 'skills-only:greeting']);
    expect(set.mcpServers.map((s) => s.name)).toEqual(['plugin:mcp-only:fixture']);
    expect(set.hooks.map((h) => h.source)).toEqual(['plugin']);
    expect(set.agents.map((a) => a.agentType)).toEqual(['agents-only:auditor']);
  });

  it('reads a bare hooks file and a bare .mcp.json map, and a plugin without plugin.json is named after its folder', async () => {
    const root = plugin({
      'hooks/hooks.json': '{"Stop": [{"hooks": [{"type": "command", "command": "echo ${CLAUDE_PLUGIN_ROOT}"}]}]}',
      '.mcp.json': '{"db": {"command": "${CLAUDE_PLUGIN_ROOT}/db", "env": {"HOME_DIR": "${HOME}"}}}',
    });
    const set = await loadPluginDirs([root], { cwd: '/', env: { HOME: '/home/u' } });
    const name = path.basename(root);
    expect(set.problems).toEqual([]);
    expect(set.plugins[0]?.name).toBe(name);
    expect(set.hooks[0]).toMatchObject({ event: 'Stop', command: `echo ${root}` });
    expect(set.mcpServers[0]).toMatchObject({ name: `plugin:${name}:db`, config: { command: `${root}/db`, env: { HOME_DIR: '/home/u', CLAUDE_PLUGIN_ROOT: root } } });
  });

  it('reports a broken plugin with file and line while the other plugins and the good parts load', async () => {
    const badManifest = plugin({ '.claude-plugin/plugin.json': '{\n  "name": "bad",\n  "commands": [,]\n}' });
    const badParts = plugin({
      '.claude-plugin/plugin.json': '{\n  "name": "half",\n  "agents": "./missing/"\n}',
      'hooks/hooks.json': '{\n  "hooks": {\n    "PreToolUse": [\n  }\n}',
      'commands/ok.md': 'Fine.',
      'commands/broken.md': '---\ndescription: nothing after it\n---\n',
    });
    const set = await loadPluginDirs([badManifest, '/no/such/plugin', badParts, path.join(FIXTURES, 'everything')], { cwd: '/', env: {} });
    expect(set.plugins.map((p) => p.name)).toEqual(['half', 'everything']);
    expect(set.commands.map((c) => c.name)).toContain('half:ok');
    const problems = set.problems.map((p) => [p.kind, path.basename(p.path), p.line]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['plugin', 'plugin.json', 3],
        ['plugin', 'plugin', 0],
        ['agent', 'plugin.json', 3],
        ['hook', 'hooks.json', 4],
        ['command', 'broken.md', 4],
      ]),
    );
    expect(set.problems.find((p) => p.kind === 'agent')?.message).toMatch(/agents: missing does not exist in the plugin/);
  });

  it('skips a second plugin of the same name', async () => {
    const set = await load('everything', 'everything');
    expect(set.plugins).toHaveLength(1);
    expect(set.problems[0]?.message).toMatch(/a plugin named "everything" is already loaded/);
  });
});

describe('plugin precedence', () => {
  it("lets the user's and the project's definitions win a name, and never clashes otherwise", async () => {
    const set = await load('everything');
    const project = [{ name: 'everything:hello', source: 'project' }, { name: 'hello', source: 'project' }];
    expect(withPluginCommands(project, set.commands.map((c) => ({ name: c.name, source: c.source }))).map((c) => `${c.name}/${c.source}`)).toEqual([
      'everything:hello/project',
      'hello/project',
      'everything:deploy/plugin',
      'everything:greeting/plugin',
    ]);
    const user: AgentDefinition = { agentType: 'everything:auditor', whenToUse: 'mine', source: 'user' };
    const merged = mergeAgentDefinitions(set.agents, [user]);
    expect(merged.find((a) => a.agentType === 'everything:auditor')?.source).toBe('user');
  });
});
