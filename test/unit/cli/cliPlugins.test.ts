/**
 * `--plugin-dir` (docs/ARCHITECTURE.md, Plugins): a Claude Code plugin folder (test/fixtures/plugins/everything)
 * works unchanged in the headless CLI, run as a real child process against the fake API: its command runs
 * with its `!` line (allowed by its `allowed-tools`), the model picks its agent, its PreToolUse hook blocks a
 * Bash command, and its MCP server's tool is called. A folder that does not load is said on stderr.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeAnthropic } from '../../fixtures/fake-anthropic';
import { cliEnv, runCli, useCliFake } from './cliHarness';

const EVERYTHING = path.resolve(__dirname, '../../fixtures/plugins/everything');
const lastMessage = (fake: FakeAnthropic) => JSON.stringify((fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1) ?? '');

describe('cli: --plugin-dir', { timeout: 60_000 }, () => {
  const fake = useCliFake();

  it("runs the plugin's command, its ! line allowed by its allowed-tools, and reports a folder that does not load", async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Hello done.' }], expect: { lastUserTextIncludes: 'Say hello.' } }]);
    const run = await runCli(['-p', '/everything:hello', '--plugin-dir', EVERYTHING, '--plugin-dir', '/no/such/plugin'], cliEnv(fake.url));
    expect(run.stdout.trim()).toBe('Hello done.');
    expect(run.code).toBe(0);
    const sent = lastMessage(fake);
    expect(sent).toContain('plugin-bang everything');
    expect(sent).not.toContain('not run');
    expect(run.stderr).toContain('/no/such/plugin: no such plugin folder');
  });

  it('offers the plugin agent as <plugin>:<agent>, and runs it when the model picks it', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_audit', name: 'Agent', input: { description: 'Audit deps', prompt: 'Audit package.json', subagent_type: 'everything:auditor' } }] },
      { content: [{ type: 'text', text: 'No known problems.' }], expect: { systemIncludes: "You are the plugin's dependency auditor." } },
      { content: [{ type: 'text', text: 'The audit is clean.' }], expect: { toolResultIds: ['toolu_audit'] } },
    ]);
    const run = await runCli(['-p', 'audit the dependencies', '--plugin-dir', EVERYTHING], cliEnv(fake.url));
    expect(run.stdout.trim()).toBe('The audit is clean.');
    expect(JSON.stringify(fake.requests.at(-3)?.body.tools)).toContain('everything:auditor');
    expect(lastMessage(fake)).toContain('No known problems.');
  });

  it("lets the plugin's PreToolUse hook block a Bash command, with CLAUDE_PLUGIN_ROOT set", async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'Bash', input: { command: 'echo forbidden', description: 'Try' } }] },
      { content: [{ type: 'text', text: 'Blocked by the plugin.' }], expect: { toolResultIds: ['toolu_bad'] } },
    ]);
    const run = await runCli(['-p', 'try it', '--plugin-dir', EVERYTHING, '--permission-mode', 'bypassPermissions'], cliEnv(fake.url));
    expect(run.stdout.trim()).toBe('Blocked by the plugin.');
    expect(lastMessage(fake)).toContain('block.js of plugin everything: forbidden commands are blocked (echo forbidden)');
  });

  it("starts the plugin's MCP server and calls its tool as mcp__plugin_<plugin>_<server>__<tool>", async () => {
    const tool = 'mcp__plugin_everything_fixture__echo';
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_echo', name: tool, input: { text: 'hello from the plugin server' } }] },
      { content: [{ type: 'text', text: 'Echoed.' }], expect: { toolResultIds: ['toolu_echo'] } },
    ]);
    const run = await runCli(['-p', 'echo it', '--plugin-dir', EVERYTHING, '--allowedTools', tool], cliEnv(fake.url));
    expect(run.stderr).not.toContain('MCP server');
    expect(run.stdout.trim()).toBe('Echoed.');
    expect(JSON.stringify(fake.requests.at(-2)?.body.tools)).toContain(tool);
    expect(lastMessage(fake)).toContain('hello from the plugin server');
  });
});
