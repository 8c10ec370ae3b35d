/**
 * The CLI's interactive mode (no -p, standard input a terminal): `codewright --resume <id>` continues a
 * session another client (the VS Code panel) wrote, one turn per typed line, with approvals asked [y/N].
 * main() runs in this process with a fake terminal, in a scratch workspace and CODEWRIGHT_HOME.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../extension/cli/args';
import { createLineReader, runInteractive, terminalAskUser } from '../../../extension/cli/interactive';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { memoryHarness } from '../tools/shared/harness';
import { makeContext } from '../tool/fixtures';
import { main } from '../../../extension/cli/main';
import { TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore, projectTranscriptsDir } from '../../../extension/host/node/transcriptStore';
import { sink, terminal } from './terminal';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../fixtures/fake-anthropic';

describe('cli/interactive', () => {
  it('takes prompts without -p only when standard input is a terminal, and only for text output', () => {
    expect(parseCliArgs(['--resume', 'abc'], { stdinIsTty: true })).toMatchObject({ ok: true, options: { interactive: true, resume: 'abc' } });
    expect(parseCliArgs(['--resume', 'abc'])).toEqual({ ok: false, error: 'a prompt is required: -p "PROMPT"' });
    expect(parseCliArgs(['-p', 'hi'], { stdinIsTty: true })).toMatchObject({ ok: true, options: { interactive: false } });
    expect(parseCliArgs(['--output-format', 'json'], { stdinIsTty: true })).toEqual({ ok: false, error: 'a prompt is required: -p "PROMPT"' });
  });

  it('runs one turn per typed line, skips empty lines and leaves on /exit', async () => {
    const prompts: string[] = [];
    const out = sink();
    const reader = createLineReader(terminal('first\n\nsecond\n/exit\nnever\n'), out.stream);
    const code = await runInteractive({ sessionId: 's-1', messageCount: 4, runPrompt: async (p) => (prompts.push(p), 0), stop: () => undefined }, reader, out.stream);
    expect(code).toBe(0);
    expect(prompts).toEqual(['first', 'second']);
    expect(out.text()).toContain('Codewright: session s-1 (4 messages so far).');
    expect(out.text()).toContain('Resume this session with: codewright --resume s-1');
  });

  it('allows on y or yes, passing text after it to the agent as a note; anything else denies', async () => {
    const answers = async (...typed: string[]) => {
      const out = sink();
      const ask = terminalAskUser(createLineReader(terminal(typed.map((t) => `${t}\n`).join('')), out.stream), out.stream);
      const prompt = { tool: WriteTool, input: { file_path: '/ws/a.txt', content: 'x' }, toolUseId: 't', message: 'Write /ws/a.txt?', assistantMessage: { role: 'assistant', content: [] } } as unknown as PermissionPrompt;
      const results = [];
      for (let i = 0; i < typed.length; i++) results.push(await ask(prompt, makeContext([WriteTool], { cwd: '/ws' })));
      return { results, text: out.text() };
    };
    const { results, text } = await answers('y', 'Yes, and add a test', 'y: keep it short', 'yesterday', 'n');
    expect(results.map((r) => [r.behavior, r.behavior === 'allow' ? r.acceptFeedback : undefined])).toEqual([
      ['allow', undefined],
      ['allow', 'and add a test'],
      ['allow', 'keep it short'],
      ['deny', undefined],
      ['deny', undefined],
    ]);
    expect(text).toContain('(y <note> allows it and passes the note to the agent)');
  });

  it('warns before a Write that would replace a file the model read, and not before a new one', async () => {
    const out = sink();
    const ask = terminalAskUser(createLineReader(terminal('n\nn\n'), out.stream), out.stream);
    const h = memoryHarness();
    h.workspace.put('/proj/a.txt', 'old\n');
    await h.run('Read', { file_path: '/proj/a.txt' });
    const prompt = (file_path: string) => ({ tool: WriteTool, input: { file_path, content: 'x' }, toolUseId: 't', message: `Write ${file_path}?`, assistantMessage: { role: 'assistant', content: [] } }) as unknown as PermissionPrompt;
    await ask(prompt('/proj/a.txt'), h.context);
    expect(out.text()).toContain('Write /proj/a.txt?\nWarning: This overwrites an existing file (destructive: its current contents are replaced).\n');
    await ask(prompt('/proj/b.txt'), h.context);
    expect(out.text().match(/Warning:/g)).toHaveLength(1);
  });

  it('leaves when the input ends (Ctrl+D)', async () => {
    const prompts: string[] = [];
    const out = sink();
    await runInteractive({ sessionId: 's', messageCount: 0, runPrompt: async (p) => (prompts.push(p), 0), stop: () => undefined }, createLineReader(terminal('only\n'), out.stream), out.stream);
    expect(prompts).toEqual(['only']);
  });
});

describe('codewright --resume <id> on a terminal', { timeout: 60_000 }, () => {
  let fake: FakeAnthropic;
  const saved = { cwd: process.cwd(), env: { ...process.env } };
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-cli-test' });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    process.chdir(saved.cwd);
    process.env = { ...saved.env };
  });

  it('continues a session the panel wrote, and asks [y/N] before it writes a file', async () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'cw-interactive-ws-'));
    const home = mkdtempSync(path.join(tmpdir(), 'cw-interactive-home-'));
    Object.assign(process.env, { CODEWRIGHT_HOME: home, ANTHROPIC_API_KEY: 'sk-cli-test', ANTHROPIC_BASE_URL: fake.url });
    process.chdir(workspace);
    // What the panel left: one exchange in the shared store.
    const store = new NodeTranscriptStore(projectTranscriptsDir(home, process.cwd()));
    const writer = new TranscriptWriter(store, 'panel-session');
    await writer.appendMessage({ role: 'user', content: 'remember the number 7' });
    await writer.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'Noted: 7.' }] });
    const file = path.join(process.cwd(), 'seven.txt');
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: file, content: '7\n' } }], expect: { messageCount: 3, lastUserTextIncludes: 'write it down' } },
      textTurn('Written.', { expect: { toolResultIds: ['toolu_w'] } }),
    ]);
    const out = sink();
    const err = sink();
    const io = { stdin: terminal('write it down\ny\n/exit\n'), stdout: out.stream, stderr: err.stream } as unknown as Parameters<typeof main>[1];
    const code = await main(['--resume', 'panel-session'], io);
    expect(err.text()).toBe('');
    expect(code).toBe(0);
    expect(out.text()).toContain('Codewright: session panel-session (2 messages so far).');
    expect(out.text()).toMatch(/Allow Write \(seven\.txt\)\? \[y\/N\]/);
    expect(out.text()).toContain('Written.');
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe('7\n');
    // The same transcript grew: the panel lists the continuation.
    expect(await store.read('panel-session')).toContain('write it down');
  });
});
