import { describe, expect, it } from 'vitest';
import { hooksPanelEntries, loadHooksConfig, parseHooksSettingsText } from '../../../extension/core/engines/hooks/config';
import { compileMatcher, matcherMatches } from '../../../extension/core/engines/hooks/matcher';

const where = { source: 'projectSettings' as const, path: '/ws/.claude/settings.json' };

describe('hooks config', () => {
  it('reads command hooks with their matcher, timeout (default 60 s) and line', () => {
    const text = `{
  "permissions": { "allow": ["Read"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash|Write", "hooks": [
        { "type": "command", "command": "./check.sh", "timeout": 30 },
        { "type": "command", "command": "echo hi" }
      ] }
    ],
    "Stop": [ { "hooks": [ { "type": "command", "command": "./stop.sh" } ] } ]
  }
}`;
    const { hooks, problems } = parseHooksSettingsText(text, where);
    expect(problems).toEqual([]);
    expect(hooks).toEqual([
      { event: 'PreToolUse', matcher: 'Bash|Write', command: './check.sh', timeoutSec: 30, source: 'projectSettings', path: where.path, line: 6 },
      { event: 'PreToolUse', matcher: 'Bash|Write', command: 'echo hi', timeoutSec: 60, source: 'projectSettings', path: where.path, line: 7 },
      { event: 'Stop', matcher: '', command: './stop.sh', timeoutSec: 60, source: 'projectSettings', path: where.path, line: 10 },
    ]);
  });

  it('skips only the malformed entry and reports its file and line', () => {
    const text = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [
        { "type": "command", "command": "ok.sh" },
        { "type": "command", "command": "" },
        { "type": "prompt", "prompt": "x" },
        { "type": "command", "command": "slow.sh", "timeout": "ten" }
      ] },
      { "matcher": "(unclosed", "hooks": [ { "type": "command", "command": "never.sh" } ] },
      { "matcher": 5, "hooks": [] }
    ],
    "OnSave": [],
    "PostToolUse": { "not": "a list" }
  }
}`;
    const { hooks, problems } = parseHooksSettingsText(text, where);
    expect(hooks.map((h) => h.command)).toEqual(['ok.sh']);
    expect(problems.map((p) => [p.kind, p.path, p.line])).toEqual([
      ['hook', where.path, 6],
      ['hook', where.path, 7],
      ['hook', where.path, 8],
      ['hook', where.path, 10],
      ['hook', where.path, 11],
      ['hook', where.path, 13],
      ['hook', where.path, 14],
    ]);
    expect(problems[0]!.message).toContain('command cannot be empty');
    expect(problems[1]!.message).toContain('type must be "command"');
    expect(problems[2]!.message).toContain('timeout must be a number of seconds');
    expect(problems[3]!.message).toContain('not a valid regular expression');
    expect(problems[5]!.message).toContain('unknown hook event');
  });

  it('reports a file that is not JSON at the line of the error and loads nothing from it', () => {
    const { hooks, problems } = parseHooksSettingsText('{\n  "hooks": {\n    "Stop": [,]\n  }\n}', where);
    expect(hooks).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'hook', line: 3 });
    expect(problems[0]!.message).toContain('not valid JSON');
  });

  it('loads user, project, local and extra files in order, skipping missing ones', async () => {
    const files: Record<string, string> = {
      '/home/u/.claude/settings.json': '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "user.sh"}]}]}}',
      '/ws/.claude/settings.local.json': '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "local.sh"}]}]}}',
      '/tmp/extra.json': '{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "extra.sh", "timeout": 5}]}]}}',
    };
    const config = await loadHooksConfig({ homeDir: '/home/u', workspaceRoot: '/ws', readFile: async (p) => files[p], extraFiles: ['/tmp/extra.json'] });
    expect(config.hooks.map((h) => [h.command, h.source])).toEqual([
      ['user.sh', 'userSettings'],
      ['local.sh', 'localSettings'],
      ['extra.sh', 'cliArg'],
    ]);
    expect(hooksPanelEntries(config.hooks)[2]).toEqual({ event: 'Notification', command: 'extra.sh', timeout: 5, source: 'cliArg', path: '/tmp/extra.json' });
  });

  it('loads only user hooks without a workspace root (an untrusted workspace)', async () => {
    const read = async (p: string) => `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "${p}"}]}]}}`;
    const config = await loadHooksConfig({ homeDir: '/home/u', readFile: read });
    expect(config.hooks.map((h) => h.command)).toEqual(['/home/u/.claude/settings.json']);
  });
});

describe('hook matcher', () => {
  it('matches everything when empty or *', () => {
    expect(matcherMatches('', 'Bash')).toBe(true);
    expect(matcherMatches('*', 'Edit')).toBe(true);
  });

  it('matches plain names exactly and regular expressions anywhere in the name', () => {
    expect(matcherMatches('Bash|Write', 'Write')).toBe(true);
    expect(matcherMatches('Bash|Write', 'WriteFile')).toBe(false);
    expect(matcherMatches('Bash', 'BashOutput')).toBe(false);
    expect(matcherMatches('Notebook.*', 'NotebookEdit')).toBe(true);
    expect(matcherMatches('^mcp__github__', 'mcp__github__search')).toBe(true);
    expect(matcherMatches('^mcp__github__', 'Read')).toBe(false);
  });

  it('rejects an invalid regular expression and ignores the matcher for events without a name', () => {
    expect(compileMatcher('(bad').ok).toBe(false);
    expect(matcherMatches('(bad', 'Bash')).toBe(false);
    expect(matcherMatches('Bash', undefined)).toBe(true);
  });
});
