/**
 * The headless CLI in a workspace with a Claude Code `.claude` setup (test/fixtures/claude-setup), as a real
 * child process against the fake API: `-p "/command args"` runs the project's command (its `!` line through
 * the permission engine and the PreToolUse hook, its `@` file read), a skill is listed to the model, a hook
 * blocks a command, and the broken command file is reported on stderr with its line.
 */
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeAnthropic } from '../../fixtures/fake-anthropic';
import { cliEnv, runCli, useCliFake } from './cliHarness';

const FIXTURE = path.resolve(__dirname, '../../fixtures/claude-setup');

/** A scratch workspace holding the fixture setup. */
function setupWorkspace(baseUrl: string) {
  const where = cliEnv(baseUrl);
  cpSync(FIXTURE, where.cwd, { recursive: true });
  return where;
}

const lastMessage = (fake: FakeAnthropic) => JSON.stringify((fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1) ?? '');

describe('cli: a Claude Code .claude setup', () => {
  const fake = useCliFake();

  it('runs the project command of a -p prompt: arguments, ! line and @ file expanded', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Brief written.' }], expect: { lastUserTextIncludes: 'Write a brief about release for developers.' } }]);
    const run = await runCli(['-p', '/git:brief release developers'], setupWorkspace(fake.url));
    expect(run.stdout.trim()).toBe('Brief written.');
    expect(run.code).toBe(0);
    const sent = lastMessage(fake);
    expect(sent).toContain('fixture branch-main');
    expect(sent).not.toContain('not run');
    expect(sent).toContain('the project ships monthly');
    expect(run.stderr).toMatch(/broken\.md:3/);
  }, 60_000);

  it('lists the skill in the system prompt and lets the PreToolUse hook block a Bash command', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: { command: 'rm -rf dist', description: 'Clean' } }], expect: { systemIncludes: 'Prepares a release of this project' } },
      { content: [{ type: 'text', text: 'Refused by the hook.' }], expect: { toolResultIds: ['toolu_rm'] } },
    ]);
    const run = await runCli(['-p', 'clean up', '--permission-mode', 'bypassPermissions'], setupWorkspace(fake.url));
    expect(run.stdout.trim()).toBe('Refused by the hook.');
    expect(lastMessage(fake)).toContain('guard.js: recursive deletes are not allowed in this project (rm -rf dist)');
  }, 60_000);

  it('runs the hooks of a --settings file', async () => {
    const where = cliEnv(fake.url);
    const settings = path.join(where.home, 'ci-settings.json');
    const hook = { type: 'command', command: `echo "no curl in CI" >&2; exit 2` };
    writeFileSync(settings, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }));
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_curl', name: 'Bash', input: { command: 'curl example.com', description: 'Fetch' } }] },
      { content: [{ type: 'text', text: 'Blocked.' }], expect: { toolResultIds: ['toolu_curl'] } },
    ]);
    const run = await runCli(['-p', 'fetch it', '--settings', settings, '--permission-mode', 'bypassPermissions'], where);
    expect(run.stdout.trim()).toBe('Blocked.');
    expect(lastMessage(fake)).toContain('no curl in CI');
  }, 60_000);

  it("prints what a PreToolUse hook tells the user on stderr in text output, and as an informational line naming the call in stream-json", async () => {
    const where = cliEnv(fake.url);
    const settings = path.join(where.home, 'notice-settings.json');
    const hook = { type: 'command', command: `echo '{"systemMessage":"Bash calls are audited."}'` };
    writeFileSync(settings, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }));
    const script = () =>
      fake.setScript([
        { content: [{ type: 'tool_use', id: 'toolu_ls', name: 'Bash', input: { command: 'ls', description: 'List' } }] },
        { content: [{ type: 'text', text: 'Listed.' }], expect: { toolResultIds: ['toolu_ls'] } },
      ]);
    script();
    const text = await runCli(['-p', 'list', '--settings', settings, '--permission-mode', 'bypassPermissions'], where);
    expect(text.stdout.trim()).toBe('Listed.');
    expect(text.stderr).toContain('codewright: PreToolUse hook: Bash calls are audited.\n');
    script();
    const json = await runCli(['-p', 'list', '--settings', settings, '--permission-mode', 'bypassPermissions', '--output-format', 'stream-json', '--verbose'], where);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.subtype === 'informational')).toMatchObject({ content: 'PreToolUse hook: Bash calls are audited.', tag: 'hook:PreToolUse', tool_use_id: 'toolu_ls' });
  }, 60_000);

  it('says an unknown command is unknown and sends nothing', async () => {
    const before = fake.requests.length;
    const run = await runCli(['-p', '/nosuch thing'], setupWorkspace(fake.url));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Unknown command: /nosuch');
    expect(fake.requests.length).toBe(before);
  }, 60_000);
});
