import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionCause } from '../../../extension/llm/errors';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

/** Nothing listens on port 1: every request fails at once with ECONNREFUSED. */
const UNREACHABLE = 'http://127.0.0.1:1';

/** A workspace whose home is its own, so no real ~/.claude file takes part. */
function isolated(url: string, extra: NodeJS.ProcessEnv = {}) {
  const where = cliEnv(url, extra);
  return { ...where, env: { ...where.env, HOME: where.home } };
}

describe('headless CLI in a pipeline: an unreachable API', { timeout: 60_000 }, () => {
  const where = () => isolated(UNREACHABLE, { CLAUDE_CODE_MAX_RETRIES: '2' });

  it('text: nothing on stdout; the first retry and the error, naming URL, variable and cause, on stderr; exit 1', async () => {
    const run = await runCli(['-p', 'hi'], where());
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^codewright: Could not reach the Anthropic API at http:\/\/127\.0\.0\.1:1 \(connect ECONNREFUSED 127\.0\.0\.1:1\)\. Check your network and ANTHROPIC_BASE_URL\. Retrying in 0\.\d s \(attempt 1 of 2\); --verbose shows each retry$/);
    expect(lines[1]).toBe('codewright: Could not reach the Anthropic API at http://127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1). Check your network and ANTHROPIC_BASE_URL.');
    expect(run.stderr).not.toContain('API base URL setting');
  });

  it('--verbose: each retry with its wait', async () => {
    const run = await runCli(['-p', 'hi', '--verbose'], where());
    const retries = run.stderr.split('\n').filter((l) => l.includes('Retrying'));
    expect(retries.map((l) => / Retrying in [\d.]+ s \(attempt (\d) of 2\)$/.exec(l)?.[1])).toEqual(['1', '2']);
    expect(run.code).toBe(1);
  });

  it('json and stream-json: the error in the result object, and nothing on stdout that is not JSON', async () => {
    const json = await runCli(['-p', 'hi', '--output-format', 'json'], where());
    const lines = json.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'result', is_error: true, result: expect.stringContaining('ECONNREFUSED') });
    expect(json.code).toBe(1);
    const stream = await runCli(['-p', 'hi', '--output-format', 'stream-json'], where());
    const parsed = jsonLines(stream.stdout);
    expect(parsed.at(-1)).toMatchObject({ type: 'result', is_error: true, result: expect.stringContaining('ANTHROPIC_BASE_URL') });
    expect(stream.code).toBe(1);
  });

  it('finds the innermost cause of a connection error, with its code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(connectionCause(new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: refused }) }))).toBe('connect ECONNREFUSED 127.0.0.1:1');
    const dns = Object.assign(new Error('getaddrinfo failed'), { code: 'ENOTFOUND' });
    expect(connectionCause(new Error('Connection error.', { cause: new AggregateError([dns]) }))).toBe('ENOTFOUND: getaddrinfo failed');
    expect(connectionCause(new Error('Connection error.'))).toBe('Connection error.');
  });
});

describe('headless CLI in a pipeline: usage and help', { timeout: 30_000 }, () => {
  it('a usage error is one line and a hint, exit 2', async () => {
    const run = await runCli(['-p', 'x', '--max-turns', 'abc'], isolated(UNREACHABLE));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`codewright: --max-turns: expected a positive whole number, got "abc"\nTry 'codewright --help' for the options.\n`);
    const unknown = await runCli(['-p', 'x', '--teleport'], isolated(UNREACHABLE));
    expect([unknown.code, unknown.stderr.split('\n')[0]]).toEqual([2, 'codewright: unknown option --teleport']);
  });

  it('--help names the installed command on stdout', async () => {
    const run = await runCli(['--help'], isolated(UNREACHABLE));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: codewright -p "PROMPT" \[options\]\n/);
  });
});

describe('headless CLI flags of Claude Code', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });
  const sent = () => fake.requests.at(-1)?.body as unknown as { system: { text: string }[]; tools?: { name: string }[]; messages: { content: unknown }[] };

  it('--disable-slash-commands sends a "/" prompt to the model as text', async () => {
    const run = await runCli(['-p', '/help me', '--disable-slash-commands'], isolated(fake.url));
    expect(run.stdout).toBe('You said: /help me\n');
    const commands = await runCli(['-p', '/nosuchcommand'], isolated(fake.url));
    expect(commands.code).toBe(1);
  });

  it('--setting-sources loads only the named settings files (permissions and hooks)', async () => {
    const where = isolated(fake.url);
    mkdirSync(path.join(where.cwd, '.claude'));
    const marker = path.join(where.home, 'hook-ran');
    const settings = { permissions: { deny: ['ToolSearch'] }, hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch ${marker}` }] }] } };
    writeFileSync(path.join(where.cwd, '.claude', 'settings.json'), JSON.stringify(settings));
    const search = { content: [{ type: 'tool_use' as const, id: 'toolu_ss', name: 'ToolSearch', input: { query: 'select:Nothing' } }] };
    const answer = { content: [{ type: 'text' as const, text: 'ok' }] };
    fake.setScript([search, answer]);
    await runCli(['-p', 'search', '--setting-sources', 'user,local'], where);
    expect(JSON.stringify(sent().messages.at(-1))).not.toContain('denied by a rule');
    expect(existsSync(marker)).toBe(false);
    fake.setScript([search, answer]);
    await runCli(['-p', 'search', '--setting-sources', 'project'], where);
    expect(JSON.stringify(sent().messages.at(-1))).toContain('denied by a rule');
    expect(existsSync(marker)).toBe(true);
  });

  it('--dangerously-skip-permissions runs what would ask', async () => {
    const where = isolated(fake.url);
    const outside = path.join(where.home, 'outside.txt');
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: outside, content: 'yes\n' } }] }, { content: [{ type: 'text', text: 'written' }] }]);
    const run = await runCli(['-p', 'write', '--dangerously-skip-permissions', '--allow-dangerously-skip-permissions'], where);
    expect(run.stdout).toBe('written\n');
    expect(readFileSync(outside, 'utf8')).toBe('yes\n');
  });

  it('--agent runs as that agent type: its prompt and tools; an unknown one is a usage error', async () => {
    const agents = JSON.stringify({ reviewer: { description: 'Reviews', prompt: 'You are the strict reviewer.', tools: ['Read', 'Grep'] } });
    const run = await runCli(['-p', 'review', '--agents', agents, '--agent', 'reviewer'], isolated(fake.url));
    expect(run.stdout).toBe('You said: review\n');
    expect(JSON.stringify(sent().system)).toContain('You are the strict reviewer.');
    expect(sent().tools?.map((t) => t.name).sort()).toEqual(['Grep', 'Read']);
    const unknown = await runCli(['-p', 'x', '--agent', 'nobody'], isolated(fake.url));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--agent: no agent type "nobody"; known types: Explore, Plan, general-purpose (add one in .claude/agents/ or with --agents)');
  });

  it('--debug logs to stderr, filtered by its words; --debug-file writes the log there instead', async () => {
    const debug = await runCli(['-p', 'hi', '--debug', 'messages'], isolated(fake.url));
    expect(debug.stdout).toBe('You said: hi\n');
    expect(debug.stderr).toMatch(/^\[debug\] POST \/v1\/messages \(anthropic\) model=/m);
    const filtered = await runCli(['-p', 'hi', '--debug', '!messages'], isolated(fake.url));
    expect(filtered.stderr).not.toContain('/v1/messages');
    const where = isolated(fake.url);
    const file = path.join(where.home, 'debug.log');
    const toFile = await runCli(['-p', 'hi', '--debug-file', file], where);
    expect(toFile.stderr).not.toContain('[debug]');
    expect(readFileSync(file, 'utf8')).toMatch(/^\S+Z \[debug\] POST \/v1\/messages/m);
  });
});
