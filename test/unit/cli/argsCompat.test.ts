import { describe, expect, it } from 'vitest';
import { USAGE, USAGE_HINT } from '../../../extension/cli/args';
import { error, ok } from './parsedArgs';

const UUID = '123e4567-e89b-42d3-a456-426614174000';

describe('cli/args: the flags of Claude Code and the Agent SDK', () => {
  it('reads --max-budget-usd as dollars and says what it expected otherwise', () => {
    expect(ok(['-p', 'x', '--max-budget-usd', '0.25'])['max-budget-usd']).toBe(0.25);
    expect(ok(['-p', 'x', '--max-budget-usd=2'])['max-budget-usd']).toBe(2);
    expect(error(['-p', 'x', '--max-budget-usd', 'lots'])).toBe('--max-budget-usd: expected a positive number of US dollars, such as 0.50, got "lots"');
    expect(error(['-p', 'x', '--max-budget-usd', '0'])).toMatch(/^--max-budget-usd: expected a positive number/);
  });

  it('says what each numeric flag expected and what came', () => {
    expect(error(['-p', 'x', '--max-turns', 'abc'])).toBe('--max-turns: expected a positive whole number, got "abc"');
    expect(error(['-p', 'x', '--max-turns', '2.5'])).toBe('--max-turns: expected a positive whole number, got "2.5"');
    expect(error(['-p', 'x', '--max-tokens', '0'])).toBe('--max-tokens: expected a positive whole number of tokens, got "0"');
    expect(error(['-p', 'x', '--max-turns'])).toBe('--max-turns needs a value (one that starts with "-" goes as --max-turns=VALUE)');
    expect(error(['-p', 'x', '--max-turns', '-3'])).toMatch(/^--max-turns needs a value/);
    expect(ok(['-p', 'x', '--max-turns', '3'])['max-turns']).toBe(3);
  });

  it('reads --session-id as a UUID, and with --resume only together with --fork-session', () => {
    expect(ok(['-p', 'x', '--session-id', UUID.toUpperCase()])['session-id']).toBe(UUID);
    expect(error(['-p', 'x', '--session-id', 'abc'])).toMatch(/^--session-id: expected a UUID .*, got "abc"$/);
    expect(error(['-p', 'x', '--resume', 'old', '--session-id', UUID])).toBe('--session-id with --resume or --continue needs --fork-session: a resumed session keeps its own id');
    expect(ok(['-p', 'x', '-c', '--fork-session', '--session-id', UUID])).toMatchObject({ continue: true, 'fork-session': true, 'session-id': UUID });
  });

  it('takes -r for --resume, with a UUID', () => {
    expect(ok(['-p', 'x', '-r', UUID]).resume).toBe(UUID);
    expect(ok(['-p', 'x', `--resume=${UUID}`]).resume).toBe(UUID);
  });

  it('reads --setting-sources as a comma list of user, project, local ("" none)', () => {
    expect(ok(['-p', 'x']).settingSources).toBeUndefined();
    expect(ok(['-p', 'x', '--setting-sources', 'user, local']).settingSources).toEqual(['user', 'local']);
    expect(ok(['-p', 'x', '--setting-sources=']).settingSources).toEqual([]);
    expect(error(['-p', 'x', '--setting-sources', 'user,policy'])).toBe('--setting-sources: unknown source "policy"; expected a comma-separated list of user, project, local ("" for none)');
  });

  it('reads the stream-json flags, --disable-slash-commands, --no-session-persistence and --name', () => {
    const o = ok(['--input-format', 'stream-json', '--output-format', 'stream-json', '--include-partial-messages', '--replay-user-messages', '--disable-slash-commands', '--no-session-persistence', '--name', ' Nightly run ']);
    expect(o).toMatchObject({ 'include-partial-messages': true, 'replay-user-messages': true, 'disable-slash-commands': true, 'no-session-persistence': true, name: 'Nightly run' });
    expect(ok(['-p', 'x'])).toMatchObject({ 'include-partial-messages': false, 'replay-user-messages': false, 'disable-slash-commands': false, 'no-session-persistence': false });
  });

  it('reads --permission-prompt-tool in both spellings', () => {
    expect(ok(['--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt-tool=stdio'])['permission-prompt-tool']).toBe('stdio');
    expect(ok(['-p', 'x', '--permission-prompt-tool', 'mcp__auth__ask'])['permission-prompt-tool']).toBe('mcp__auth__ask');
  });

  it('makes --dangerously-skip-permissions bypassPermissions, and accepts --allow-dangerously-skip-permissions', () => {
    expect(ok(['-p', 'x', '--dangerously-skip-permissions'])['permission-mode']).toBe('bypassPermissions');
    expect(ok(['-p', 'x', '--permission-mode', 'plan', '--dangerously-skip-permissions'])['permission-mode']).toBe('bypassPermissions');
    expect(ok(['-p', 'x', '--allow-dangerously-skip-permissions'])['permission-mode']).toBeUndefined();
  });

  it('reads the rule lists in both spellings, repeated, as several words, or as comma lists', () => {
    const o = ok(['-p', 'x', '--allowedTools', 'Read,Bash(git log:*)', '--allowed-tools', 'Grep', 'Glob', '--disallowed-tools=WebFetch', '--disallowedTools', 'Write Edit']);
    expect(o.allowedTools).toEqual(['Read', 'Bash(git log:*)', 'Grep', 'Glob']);
    expect(o.disallowedTools).toEqual(['Write', 'Edit', 'WebFetch']);
    expect(ok(['-p', 'x', '--tools', 'Bash', 'Read']).toolNames).toEqual(['Bash', 'Read']);
  });

  it('reads --debug with or without a filter, -d, --debug-to-stderr (-d2e) and --debug-file', () => {
    expect(ok(['-p', 'x', '--debug']).debug).toBe('');
    expect(ok(['--debug', '-p', 'x']).debug).toBe('');
    expect(ok(['-p', 'x', '--debug', 'api,!hooks']).debug).toBe('api,!hooks');
    expect(ok(['-p', 'x', '--debug=api']).debug).toBe('api');
    expect(ok(['-d', '-p', 'x']).debug).toBe('');
    expect(ok(['-p', 'x']).debug).toBeUndefined();
    expect(ok(['-p', 'x', '-d2e'])['debug-to-stderr']).toBe(true);
    expect(ok(['-p', 'x', '--debug-file', '/tmp/d.log'])['debug-file']).toBe('/tmp/d.log');
  });

  it("maps Claude Code's thinking words, and --max-thinking-tokens to a budget", () => {
    expect(ok(['-p', 'x', '--thinking=adaptive']).thinking).toBe('on');
    expect(ok(['-p', 'x', '--thinking', 'enabled']).thinking).toBe('on');
    expect(ok(['-p', 'x', '--thinking=disabled']).thinking).toBe('off');
    expect(ok(['-p', 'x', '--max-thinking-tokens=4096']).thinking).toBe(4096);
    expect(ok(['-p', 'x', '--max-thinking-tokens', '0']).thinking).toBe('off');
    expect(error(['-p', 'x', '--max-thinking-tokens', '100'])).toBe('--max-thinking-tokens: expected 0 (off) or a whole number of at least 1024, got "100"');
  });

  it('reads --agent as a name (checked against the agent types when the run starts)', () => {
    expect(ok(['-p', 'x', '--agent', 'reviewer']).agent).toBe('reviewer');
    expect(error(['-p', 'x', '--agent', ' '])).toBe('--agent: an agent type');
  });

  it('takes the prompt after a bare -p as Claude Code does, and stdin without one', () => {
    expect(ok(['-p', '--output-format', 'json', 'explain this']).print).toBe('explain this');
    expect(ok(['--output-format', 'json', '-p']).print).toBe('-');
    expect(ok(['-p', 'direct']).print).toBe('direct');
    expect(error(['-p', 'x', 'stray'])).toBe('unexpected argument "stray": give the prompt with -p "PROMPT" (quote it when it has spaces)');
  });

  it('accepts and ignores the other flags the Agent SDK passes, warning where something is not loaded', () => {
    const o = ok(['-p', 'x', '--no-optional-locks', '--betas=context-1m', '--thinking-display=summarized', '--task-budget=1000', '--permission-prompts=x', '--session-mirror', '--include-hook-events', '--await-initialize', '--initialize-fields=settings', '--plugin-dir-no-mcp=/p']);
    expect(o.warnings).toEqual(['--plugin-dir-no-mcp ignored: use --plugin-dir to load a plugin folder']);
    expect(o['include-hook-events']).toBe(true);
    expect(error(['-p', 'x', '--resume-session-at=msg_1'])).toMatch(/^--resume-session-at: resuming at an earlier message is not supported/);
  });

  it('parses the argument list the Agent SDK spawns with', () => {
    const sdkArgv = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--thinking=adaptive', '--effort=high', '--max-turns=5', '--max-budget-usd=0.5', '--model=claude-sonnet-4-5', '--permission-prompt-tool=stdio', '--resume=' + UUID, '--allowedTools=Read,Grep', '--disallowedTools=Bash', '--tools=default', '--setting-sources=user,project', '--permission-mode=acceptEdits', '--allow-dangerously-skip-permissions', '--include-partial-messages', '--fork-session', '--session-id=' + UUID.replace('4000', '4001'), '--no-session-persistence', '--debug-file=/tmp/sdk-debug.log', '--replay-user-messages'];
    const o = ok(sdkArgv);
    expect(o).toMatchObject({ 'max-budget-usd': 0.5, 'permission-prompt-tool': 'stdio', resume: UUID, 'fork-session': true, settingSources: ['user', 'project'], allowedTools: ['Read', 'Grep'], thinking: 'on' });
  });

  it('names an unknown flag in its usage error', () => {
    expect(error(['-p', 'x', '--frobnicate'])).toBe('unknown option --frobnicate');
    expect(error(['-p', 'x', '-z'])).toBe('unknown option -z');
  });

  it('lists every flag in the usage text, names the installed command, and has a one-line hint', () => {
    for (const flag of ['--max-budget-usd', '--session-id', '--fork-session', '-r, --resume', '--setting-sources', '--include-partial-messages', '--replay-user-messages', '--disable-slash-commands', '--no-session-persistence', '--dangerously-skip-permissions', '--allow-dangerously-skip-permissions', '--allowed-tools', '--disallowed-tools', '--debug [FILTER]', '--debug-to-stderr', '--debug-file', '--name NAME', '--permission-prompt-tool', '--max-thinking-tokens', 'adaptive', '--agent NAME', '--no-optional-locks', '--plugin-dir', '--betas', 'CLAUDE_CODE_MAX_RETRIES']) {
      expect(USAGE).toContain(flag);
    }
    expect(USAGE).toMatch(/^Usage: codewright -p/);
    expect(USAGE_HINT).toBe("Try 'codewright --help' for the options.");
    expect(Math.max(...USAGE.split('\n').map((l) => l.length))).toBeLessThanOrEqual(140);
  });
});
