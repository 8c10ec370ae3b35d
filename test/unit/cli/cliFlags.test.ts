import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

interface SentBody {
  system: { text: string }[];
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
}

/** A workspace whose home is its own, so no real ~/.claude file takes part. */
function isolated(url: string) {
  const where = cliEnv(url);
  return { ...where, env: { ...where.env, HOME: where.home } };
}

const user = (content: string) => JSON.stringify({ type: 'user', message: { role: 'user', content } });

describe('headless CLI flags', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });
  const sent = () => fake.requests.at(-1)?.body as unknown as SentBody;

  it('--system-prompt replaces the identity, --append-system-prompt adds to it, --tools limits the tools', async () => {
    const run = await runCli(['-p', 'hi', '--system-prompt', 'You are Terse.', '--append-system-prompt', 'Always answer in French.', '--tools', 'Read,Bash'], isolated(fake.url));
    expect(run.code).toBe(0);
    const system = sent().system.map((b) => b.text);
    expect(system[0]).toBe('You are Terse.');
    expect(system.at(-1)).toBe('Always answer in French.');
    expect(system.join('\n')).not.toContain('You are Codewright');
    expect(sent().tools?.map((t) => t.name)).toEqual(['Read', 'Bash']);
  });

  it('--tools "" offers no tool at all', async () => {
    const run = await runCli(['-p', 'hi', '--tools', '', '--output-format', 'stream-json'], isolated(fake.url));
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout)[0]?.tools).toEqual([]);
    expect(sent().tools ?? []).toEqual([]);
  });

  it('--settings adds its rules for the run and reports its problems with file and line; a missing file is a usage error', async () => {
    const where = isolated(fake.url);
    const file = path.join(where.home, 'run-settings.json');
    writeFileSync(file, '{\n  "permissions": {\n    "deny": ["ToolSearch"],\n    "allow": [42]\n  }\n}\n');
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_set', name: 'ToolSearch', input: { query: 'x' } }] },
      { content: [{ type: 'text', text: 'Denied, fine.' }], expect: { toolResultIds: ['toolu_set'] } },
    ]);
    const run = await runCli(['-p', 'go', '--settings', file, '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    expect(JSON.stringify(jsonLines(run.stdout).find((l) => l.type === 'user'))).toContain('ToolSearch is denied by a rule');
    expect(run.stderr).toContain(`${file}:4: permissions.allow[0]`);
    const missing = await runCli(['-p', 'go', '--settings', 'nowhere.json'], where);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--settings: ${path.join(where.cwd, 'nowhere.json')} does not exist`);
  });

  it('--add-dir lets the tools work in another directory; a directory that does not exist is a usage error', async () => {
    const where = isolated(fake.url);
    const extra = path.join(where.home, 'extra');
    mkdirSync(extra);
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_add', name: 'Write', input: { file_path: path.join(extra, 'note.txt'), content: 'added\n' } }] },
      { content: [{ type: 'text', text: 'Written.' }], expect: { toolResultIds: ['toolu_add'] } },
    ]);
    const run = await runCli(['-p', 'write', '--permission-mode', 'acceptEdits', '--add-dir', extra], where);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(extra, 'note.txt'), 'utf8')).toBe('added\n');
    const bad = await runCli(['-p', 'write', '--add-dir', 'missing-dir'], where);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--add-dir: ${path.join(where.cwd, 'missing-dir')} does not exist`);
  });

  it('--continue resumes the most recent session of the folder, and says so when there is none', async () => {
    const where = isolated(fake.url);
    const none = await runCli(['-p', 'again', '--continue'], where);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no session to continue in this folder');
    await runCli(['-p', 'remember 7'], where);
    fake.setScript([{ content: [{ type: 'text', text: 'It was 7.' }], expect: { messageCount: 3 } }]);
    const second = await runCli(['-p', 'what was it?', '-c', '--output-format', 'json'], where);
    expect(jsonLines(second.stdout)[0]).toMatchObject({ result: 'It was 7.', is_error: false });
    expect(JSON.stringify(sent().messages)).toContain('remember 7');
  });

  it('--verbose prints tool activity to stderr in text mode, keeping stdout the answer', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_v', name: 'ToolSearch', input: { query: 'select:Nothing' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    const run = await runCli(['-p', 'look', '--verbose'], isolated(fake.url));
    expect(run.stdout).toBe('Done.\n');
    expect(run.stderr).toMatch(/\[tool\] ToolSearch/);
  });

  it('--input-format stream-json runs each user message as a turn of one session, reporting a bad line by number', async () => {
    const stdin = [user('first question'), 'this is not json', '', user('second question')].join('\n');
    const run = await runCli(['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], isolated(fake.url), stdin);
    const lines = jsonLines(run.stdout);
    const results = lines.filter((l) => l.type === 'result');
    expect(results.map((r) => r.result)).toEqual(['You said: first question', 'You said: second question']);
    expect(new Set(lines.map((l) => l.session_id)).size).toBe(1);
    expect(sent().messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(run.stderr).toContain('stdin line 2: not valid JSON');
    expect(run.code).toBe(1);
  });

  it('the Config tool reads a setting and, when allowed, changes it in .claude/settings.local.json', async () => {
    const where = isolated(fake.url);
    fake.setScript([
      // Config is deferred: the model loads it with ToolSearch first.
      { content: [{ type: 'tool_use', id: 'toolu_load', name: 'ToolSearch', input: { query: 'select:Config' } }] },
      {
        content: [
          { type: 'tool_use', id: 'toolu_cr', name: 'Config', input: { setting: 'maxTokens' } },
          { type: 'tool_use', id: 'toolu_cw', name: 'Config', input: { setting: 'diffReview.open', value: 'active' } },
          { type: 'tool_use', id: 'toolu_cm', name: 'Config', input: { setting: 'permissions.defaultMode', value: 'bypassPermissions' } },
        ],
      },
      { content: [{ type: 'text', text: 'Settings handled.' }], expect: { toolResultIds: ['toolu_cr', 'toolu_cw', 'toolu_cm'] } },
    ]);
    const run = await runCli(['-p', 'configure', '--allowedTools', 'Config', '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    // One user message per tool result, as the Agent SDK streams them.
    const results = JSON.stringify(jsonLines(run.stdout).filter((l) => l.type === 'user'));
    expect(results).toContain('maxTokens = 0');
    expect(results).toContain('Changed diffReview.open from \\"beside\\" to \\"active\\"');
    expect(results).toContain('Change setting permissions.defaultMode from \\"\\" to \\"bypassPermissions\\"');
    const local = path.join(where.cwd, '.claude', 'settings.local.json');
    expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({ codewright: { diffReview: { open: 'active' } } });
  });
});

describe('headless CLI --json-schema', { timeout: 60_000 }, () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-cli-test', fallback: 'echo' });
  });
  afterAll(() => fake.close());

  const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } }, required: ['name', 'count'], additionalProperties: false });

  it('offers StructuredOutput with the schema, lets the model retry a bad answer, and prints the valid JSON', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'StructuredOutput', input: { name: 'widgets', count: 'three' } }], expect: { toolNames: ['StructuredOutput'], systemIncludes: 'call the StructuredOutput tool' } },
      { content: [{ type: 'tool_use', id: 'toolu_good', name: 'StructuredOutput', input: { name: 'widgets', count: 3 } }], expect: { toolResultIds: ['toolu_bad'], lastUserTextIncludes: "The parameter `count` type is expected as `number` but provided as `string`" } },
    ]);
    const before = fake.requests.length;
    const run = await runCli(['-p', 'count the widgets', '--json-schema', schema], isolated(fake.url));
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('Error');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ name: 'widgets', count: 3 });
    const tool = (fake.requests[before]?.body as unknown as SentBody).tools?.find((t) => t.name === 'StructuredOutput') as { input_schema?: unknown } | undefined;
    expect(tool?.input_schema).toEqual(JSON.parse(schema));
    // The run ended with the answer: no request after the one that produced it.
    expect(fake.requests.length - before).toBe(2);
  });

  it('fails with a clear message when the model never calls StructuredOutput', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Here is some prose instead.' }] }]);
    const run = await runCli(['-p', 'count', '--json-schema', schema, '--output-format', 'json'], isolated(fake.url));
    expect(run.code).toBe(1);
    expect(jsonLines(run.stdout)[0]).toMatchObject({ is_error: true, subtype: 'error_during_execution', result: expect.stringContaining('ended without calling StructuredOutput') });
  });

  it('refuses a schema that is not an object schema before calling the API', async () => {
    const before = fake.requests.length;
    const run = await runCli(['-p', 'x', '--json-schema', '{"type":"array"}'], isolated(fake.url));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json-schema: the schema must describe an object');
    expect(fake.requests.length).toBe(before);
  });
});
