import { describe, expect, it } from 'vitest';
import { runCliSlash } from '../../../extension/cli/slash';
import { AgentSession } from '../../../extension/core/loop/session/agentSession';
import type { PromptCommand } from '../../../extension/core/contracts/commands';
import { agentDeps, ScriptedModel, sequentialIds } from '../support';
import { cliEnv, runCli, useCliFake } from './cliHarness';

const lint: PromptCommand = {
  type: 'prompt',
  name: 'frontend:lint',
  description: 'Lint the frontend',
  source: 'project',
  loadedFrom: '/ws/.claude/commands/frontend/lint.md',
  allowedTools: ['Bash(npm run lint:*)'],
  model: 'opus',
  progressMessage: 'linting',
  contentLength: 10,
  getPromptForCommand: async (args) => [{ type: 'text', text: `Lint ${args}` }],
};

function slashDeps(loaderCommands: PromptCommand[] = []) {
  const agent = { ...agentDeps(new ScriptedModel([])), newId: sequentialIds() };
  const session = new AgentSession(agent);
  const warnings: string[] = [];
  return {
    session,
    warnings,
    deps: {
      session,
      agent,
      homeDir: '/home/u',
      loaders: [async () => ({ commands: loaderCommands, problems: [{ kind: 'command' as const, path: '/ws/.claude/commands/x.md', line: 1, message: 'bad' }] })],
      warn: (line: string) => void warnings.push(line),
    },
  };
}

describe('cli/slash', () => {
  it("turns a project command into the turn's content with its allowed tools and model, and reports skipped files", async () => {
    const { deps, warnings } = slashDeps([lint]);
    expect(await runCliSlash('/frontend:lint src/', deps)).toEqual({
      type: 'turn',
      content: [{ type: 'text', text: 'Lint src/' }],
      options: { allowedTools: ['Bash(npm run lint:*)'], model: 'opus' },
    });
    expect(warnings).toEqual(['command skipped: /ws/.claude/commands/x.md:1: bad']);
  });

  it('prints local commands and panels as text, refuses editor-only ones, and passes prose through', async () => {
    const { deps } = slashDeps();
    expect(await runCliSlash('/model', deps)).toEqual({ type: 'print', text: expect.stringMatching(/^Model: claude-test\n\nAvailable: claude-sonnet-5-5/) });
    expect(await runCliSlash('/mcp', deps)).toEqual({ type: 'print', text: 'No MCP servers are configured.' });
    expect(await runCliSlash('/clear', deps)).toEqual({ type: 'error', message: '/clear needs the editor; it does not run with -p.' });
    expect(await runCliSlash('/frontend:lnt', deps)).toEqual({ type: 'error', message: 'Unknown command: /frontend:lnt. Type /help to list the commands.' });
    expect(await runCliSlash('/usr/bin is slow', deps)).toEqual({ type: 'none' });
    expect(await runCliSlash('hello', deps)).toEqual({ type: 'none' });
  });
});

describe('headless CLI: slash commands', { timeout: 30_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  it('sends a prompt command expanded: /review reaches the model as the review prompt', async () => {
    const run = await runCli(['-p', '/review the parser'], cliEnv(fake.url));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^You said: Review the current uncommitted changes in this repository\.[\s\S]*Focus on: the parser\n$/);
  });

  it('prints a local command without calling the model, and fails on an unknown one sending nothing', async () => {
    const before = fake.requests.length;
    const cost = await runCli(['-p', '/cost'], cliEnv(fake.url));
    expect(cost).toMatchObject({ code: 0, stdout: 'No requests yet in this session: $0.00.\n' });
    const unknown = await runCli(['-p', '/deploi prod'], cliEnv(fake.url));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command: /deploi.');
    expect(fake.requests.length).toBe(before);
  });
});
