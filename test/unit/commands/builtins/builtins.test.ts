import { describe, expect, it } from 'vitest';
import { createBuiltinCommands } from '../../../../extension/core/loop/commands/builtins';
import { contextParts } from '../../../../extension/core/loop/commands/builtins/views';
import { findCommand, type Command } from '../../../../extension/core/contracts/commands';
import { getEmptyToolPermissionContext } from '../../../../extension/core/contracts/permissions';
import { PanelViewSchema } from '../../../../extension/protocol/messages';
import { commandContext, fakeEditor, fakeHost, runText, type FakeHost } from '../fakeHost';

function builtins(host: FakeHost): { find: (name: string) => Command | undefined; all: Command[] } {
  const all = createBuiltinCommands(host);
  host.commands = () => all;
  return { find: (name) => findCommand(name, all), all };
}

async function panel(command: Command | undefined) {
  if (command?.type !== 'local-jsx') throw new Error('not a panel command');
  const { panel: name, props } = await command.call('', commandContext());
  return PanelViewSchema.parse({ panel: name, ...props });
}

describe('core/loop/commands/builtins', () => {
  it('offers every built-in of the issue, each with a description, and no name twice', () => {
    const { all } = builtins(fakeHost());
    const names = all.map((c) => c.name);
    expect(names.sort()).toEqual(
      ['agents', 'clear', 'compact', 'context', 'cost', 'export', 'help', 'hooks', 'init', 'mcp', 'memory', 'model', 'output-style', 'permissions', 'plugin', 'resume', 'review', 'rewind', 'tasks'].sort(),
    );
    expect(all.every((c) => c.description.length > 10 && c.source === 'builtin')).toBe(true);
    const panels = all.filter((c) => c.type === 'local-jsx').map((c) => c.name);
    expect(panels.sort()).toEqual(['agents', 'context', 'hooks', 'mcp', 'permissions', 'plugin']);
  });

  it('/clear starts a new conversation and shows nothing; without one to clear it says so', async () => {
    const host = fakeHost({ clear: () => void host.calls.push('clear') });
    expect(await runText(builtins(host).find('clear'))).toBe('');
    expect(host.calls).toEqual(['clear']);
    expect(await runText(builtins(fakeHost()).find('clear'))).toMatch(/nothing to clear/);
  });

  it('/compact passes its instructions and reports what it summarized', async () => {
    const host = fakeHost();
    expect(await runText(builtins(host).find('compact'), '  keep the API notes ')).toBe('Nothing to compact yet.');
    host.compact = async () => ({ summarizedCount: 12 });
    expect(await runText(builtins(host).find('compact'))).toBe('Compacted 12 earlier messages into a summary.');
    expect(host.calls).toEqual(['compact:keep the API notes']);
  });

  it('/cost reports the session tokens and cost', async () => {
    const host = fakeHost();
    expect(await runText(builtins(host).find('cost'))).toBe('No requests yet in this session: $0.00.');
    host.usageValue = { inputTokens: 1200, outputTokens: 340, cacheReadInputTokens: 50_000, cacheCreationInputTokens: 0, costUsd: 0.01234, requests: 3 };
    expect(await runText(builtins(host).find('cost'))).toBe(
      'Total cost: $0.0123 (list prices)\nRequests: 3\nTokens: 1,200 input, 340 output, 50,000 cache read, 0 cache write',
    );
  });

  it('/model shows the model, sets another where the host can, and refuses a non-id', async () => {
    const host = fakeHost();
    const { find } = builtins(host);
    expect(await runText(find('model'))).toMatch(/^Model: claude-test\n\nAvailable: claude-sonnet-5-5, claude-opus-5-5, claude-haiku-5-5, /);
    host.listModels = async () => ['claude-sonnet-5-5', 'claude-from-api'];
    expect(await runText(find('model'))).toContain('Available: claude-sonnet-5-5, claude-from-api (or the aliases');
    expect(await runText(find('model'), 'claude-opus-4-1')).toMatch(/fixed for this run.*--model/);
    host.setModel = async (m) => void (host.modelValue = m);
    expect(await runText(find('model'), 'claude-opus-4-1')).toBe('Model set to claude-opus-4-1.');
    expect(host.modelValue).toBe('claude-opus-4-1');
    expect(await runText(find('model'), 'the best one please')).toMatch(/is not a model id/);
  });

  it('/help lists built-ins with their hints, then custom commands with their source', async () => {
    const host = fakeHost();
    const { all, find } = builtins(host);
    host.commands = () => [
      ...all,
      { type: 'prompt', name: 'deploy', description: 'Ship it', source: 'project', progressMessage: '', contentLength: 0, getPromptForCommand: async () => [] },
    ];
    const text = await runText(find('help'));
    expect(text).toContain('- `/compact [instructions for the summary]` Summarize the conversation');
    expect(text).toContain('Custom commands and skills:\n\n- `/deploy` Ship it (project)');
  });

  it('/resume lists the sessions, resumes one by id or prefix, and says when there is none', async () => {
    const sessions = [{ sessionId: 'abc-123', title: 'Fix the parser', modifiedAt: '2026-11-20T10:30:00.000Z', messageCount: 4, firstPrompt: '' }];
    const host = fakeHost({ listSessions: async () => sessions as never });
    const { find } = builtins(host);
    expect(await runText(find('resume'))).toContain('- `abc-123` 2026-11-20 10:30 · 4 messages · Fix the parser');
    expect(await runText(find('resume'), 'abc')).toMatch(/start it with --resume abc-123/);
    host.resume = async (id) => (host.calls.push(`resume:${id}`), []);
    expect(await runText(find('resume'), 'abc')).toBe('');
    expect(host.calls).toEqual(['resume:abc-123']);
    expect(await runText(find('resume'), 'zzz')).toBe('No session zzz in this workspace. Type /resume to list them.');
  });

  it('/init and /review are prompts to the model, with the arguments added', async () => {
    const { find } = builtins(fakeHost());
    const init = find('init');
    const review = find('review');
    if (init?.type !== 'prompt' || review?.type !== 'prompt') throw new Error('expected prompt commands');
    const [initBlock] = await init.getPromptForCommand('', commandContext());
    expect(initBlock).toMatchObject({ type: 'text', text: expect.stringContaining('create a CLAUDE.md file') });
    const [reviewBlock] = await review.getPromptForCommand('security', commandContext());
    expect(reviewBlock).toMatchObject({ type: 'text', text: expect.stringMatching(/git diff HEAD[\s\S]*Focus on: security$/) });
    expect(review.allowedTools).toBeUndefined();
  });

  it('/memory opens the memory file picked in the editor, and lists the paths without one', async () => {
    const host = fakeHost();
    host.files.add('/ws/CLAUDE.md');
    const { find } = builtins(host);
    expect(await runText(find('memory'))).toBe(
      '- User memory (all your projects): /home/u/.claude/CLAUDE.md (not created yet)\n- Project memory (checked in): /ws/CLAUDE.md\n- Local project memory (not checked in): /ws/CLAUDE.local.md (not created yet)',
    );
    host.editor = fakeEditor(host.calls);
    expect(await runText(find('memory'), 'local')).toBe('Opened /ws/CLAUDE.local.md.');
    expect(host.calls).toEqual(['memory:/ws/CLAUDE.local.md(new)']);
    expect(await runText(find('memory'), 'team')).toMatch(/Which memory file/);
  });

  it('/export prints the conversation as markdown, or opens it in the editor', async () => {
    const host = fakeHost();
    const { find } = builtins(host);
    expect(await runText(find('export'))).toBe('# Conversation\n\nhi\n');
    host.editor = fakeEditor(host.calls);
    expect(await runText(find('export'))).toMatch(/Opened the conversation/);
    expect(host.calls).toEqual(['markdown:Conversation:19']);
  });

  it('/rewind opens the editor rewind, and points to the chat without one', async () => {
    const host = fakeHost();
    const { find } = builtins(host);
    expect(await runText(find('rewind'))).toMatch(/Rewind to here/);
    host.editor = fakeEditor(host.calls);
    expect(await runText(find('rewind'))).toBe('');
    expect(host.calls).toEqual(['rewind']);
  });

  it('/permissions shows the rules by source, editable where the panel can change them', async () => {
    const host = fakeHost();
    host.permissions = {
      ...getEmptyToolPermissionContext(),
      mode: 'acceptEdits',
      alwaysAllowRules: { projectSettings: ['Bash(npm test)'], vscodeSettings: ['Read'], command: ['Bash(git diff:*)'] },
      alwaysDenyRules: { session: ['WebFetch'] },
    };
    expect(await panel(builtins(host).find('permissions'))).toEqual({
      panel: 'permissions',
      mode: 'acceptEdits',
      rules: [
        { source: 'projectSettings', behavior: 'allow', rule: 'Bash(npm test)', editable: true },
        { source: 'vscodeSettings', behavior: 'allow', rule: 'Read', editable: false },
        { source: 'session', behavior: 'deny', rule: 'WebFetch', editable: true },
      ],
    });
  });

  it('/context splits the window into system prompt, tools, memory, skills and messages', async () => {
    const snapshot = {
      model: 'claude-test',
      contextWindow: 200_000,
      system: [
        { type: 'text' as const, text: 'x'.repeat(400) },
        { type: 'text' as const, text: `# Memory files\n\n${'m'.repeat(796)}` },
        { type: 'text' as const, text: `# Skills\n${'s'.repeat(391)}` },
      ],
      tools: [{ name: 'Read', description: 'd', input_schema: { type: 'object' as const } }],
      messages: [{ role: 'user' as const, content: 'u'.repeat(40) }],
    };
    expect(contextParts(snapshot)).toEqual([
      { label: 'System prompt', tokens: 100 },
      { label: 'Tool definitions', tokens: Math.ceil(JSON.stringify(snapshot.tools[0]).length / 4) },
      { label: 'Memory files', tokens: 203 },
      { label: 'Skills', tokens: 100 },
      { label: 'Messages', tokens: 10 },
    ]);
    const host = fakeHost({ contextSnapshot: async () => snapshot });
    const command = builtins(host).find('context');
    expect(await panel(command)).toMatchObject({ panel: 'context', model: 'claude-test', window: 200_000, parts: expect.arrayContaining([{ label: 'Skills', tokens: 100 }]) });
    if (command?.type !== 'local-jsx') throw new Error('panel');
    expect(await command.renderText?.('', commandContext())).toMatch(/^Context of claude-test: about \d+ of 200,000 tokens[\s\S]*- Memory files: 203 tokens \(0\.1%\)[\s\S]*- Free: /);
  });

  it('/context counts what the last request measured, the figure the header shows, once there is one', async () => {
    const snapshot = { model: 'claude-test', contextWindow: 200_000, system: [], tools: [], messages: [{ role: 'user' as const, content: 'u'.repeat(40) }] };
    const estimated = builtins(fakeHost({ contextSnapshot: async () => snapshot })).find('context');
    expect(await panel(estimated)).toMatchObject({ used: 10 });
    const measured = builtins(fakeHost({ contextSnapshot: async () => ({ ...snapshot, measuredTokens: 2_800 }) })).find('context');
    expect(await panel(measured)).toMatchObject({ used: 2_800, parts: expect.arrayContaining([{ label: 'Messages', tokens: 10 }]) });
    if (measured?.type !== 'local-jsx') throw new Error('panel');
    expect(await measured.renderText?.('', commandContext())).toMatch(/^Context of claude-test: about 2,800 of 200,000 tokens \(1\.4%\)[\s\S]*- Free: 197,200 tokens/);
  });

  it('/agents, /mcp and /hooks open their panels with what the host has, empty when it has none', async () => {
    const host = fakeHost({
      agents: async () => [
        { agentType: 'Explore', whenToUse: 'Read-only search', source: 'builtin', tools: ['Read', 'Grep'] },
        { agentType: 'reviewer', whenToUse: 'Reviews diffs', source: 'project', model: 'haiku', path: '/ws/.claude/agents/reviewer.md' },
      ],
    });
    const { find } = builtins(host);
    expect(await panel(find('agents'))).toEqual({
      panel: 'agents',
      agents: [
        { name: 'Explore', description: 'Read-only search', source: 'builtin', tools: ['Read', 'Grep'] },
        { name: 'reviewer', description: 'Reviews diffs', source: 'project', model: 'haiku', path: '/ws/.claude/agents/reviewer.md' },
      ],
    });
    expect(await panel(find('mcp'))).toEqual({ panel: 'mcp', servers: [] });
    expect(await panel(find('hooks'))).toEqual({ panel: 'hooks', hooks: [] });
    host.hooks = () => [{ event: 'PreToolUse', matcher: 'Bash', command: 'check.sh', timeout: 60, source: 'projectSettings' }];
    expect(await panel(find('hooks'))).toEqual({ panel: 'hooks', hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'check.sh', timeout: 60, source: 'projectSettings' }] });
    const hooks = find('hooks');
    if (hooks?.type !== 'local-jsx') throw new Error('panel');
    expect(await hooks.renderText?.('', commandContext())).toBe('- PreToolUse [Bash]: check.sh (60s, projectSettings)');
  });

  it('/plugin opens the plugins panel with the host\'s catalog, prints it as text, and hands a subcommand to a text host', async () => {
    const catalog = {
      trusted: false,
      marketplaces: [
        { name: 'team', source: './team', path: '/m/team', plugins: 2 },
        { name: 'extra', source: 'org/extra', path: '', plugins: 0, suggested: true },
      ],
      plugins: [
        {
          id: 'fmt@team',
          name: 'fmt',
          marketplace: 'team',
          description: 'Formats on save',
          version: '1.1.0',
          installed: true,
          installedVersion: '1.0.0',
          enabled: true,
          enabledBy: 'user' as const,
          contributes: { commands: ['/fmt:run'], agents: [], skills: [], hooks: ['PostToolUse: fmt.sh'], mcpServers: [], outputStyles: [] },
        },
        { id: 'lint@team', name: 'lint', marketplace: 'team', installed: false, enabled: false, error: 'plugin.json:3: "name" is missing' },
      ],
    };
    const host = fakeHost();
    const { find } = builtins(host);
    const plugin = find('plugins');
    expect(plugin?.name).toBe('plugin');
    if (plugin?.type !== 'local-jsx') throw new Error('panel');
    await expect(plugin.call('', commandContext())).rejects.toThrow(/cannot be managed here/);
    expect(await plugin.renderText?.('', commandContext())).toBe('Plugins cannot be managed here.');

    const asked: string[] = [];
    host.plugins = async () => catalog;
    host.pluginCommand = async (args) => (asked.push(args), `ran ${args}`);
    expect(await panel(plugin)).toEqual({ panel: 'plugins', ...catalog });
    const text = (await plugin.renderText?.('', commandContext())) ?? '';
    expect(text.split('\n')).toEqual([
      'Marketplace team: ./team',
      '  fmt@team  enabled, 1.0.0 (update: 1.1.0) — Formats on save',
      '    adds: commands /fmt:run; hooks PostToolUse: fmt.sh',
      '  lint@team  not installed',
      '    problem: plugin.json:3: "name" is missing',
      'Marketplace extra (suggested by the workspace settings, not added): org/extra',
      'The workspace is not trusted: project settings do not enable plugins, and plugins run no hooks or MCP servers.',
    ]);
    expect(await plugin.renderText?.(' install lint@team --yes ', commandContext())).toBe('ran install lint@team --yes');
    expect(asked).toEqual(['install lint@team --yes']);
  });
});
