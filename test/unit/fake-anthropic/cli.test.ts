import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeScript } from '../../fixtures/fake-anthropic';
import { MODEL } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'test/fixtures/fake-anthropic/cli.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** Starts the CLI and resolves with the URL it prints, or rejects with its stderr if it exits first. */
function startCli(args: string[]): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /FAKE_ANTHROPIC_URL=(http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`cli exited with ${String(code)}: ${err}`)));
  });
  return { child, url };
}

describe('fake-anthropic cli', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGTERM');
  });

  it('echoes the user text when started without a script', async () => {
    const { child, url } = startCli(['--port', '0']);
    children.push(child);
    const client = new Anthropic({ apiKey: 'k', baseURL: await url, maxRetries: 0 });
    const text = await client.messages.stream({ model: MODEL, max_tokens: 50, messages: [{ role: 'user', content: 'ping?' }] }).finalText();
    expect(text).toBe('You said: ping?');
  }, 30_000);

  it('plays a JSON script file and then reports that it ran out', async () => {
    const script: FakeScript = [{ content: [{ type: 'text', text: 'from the file', chunks: 2 }], expect: { lastUserTextIncludes: 'go' } }];
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fake-anthropic-')), 'script.json');
    writeFileSync(file, JSON.stringify(script));
    const { child, url } = startCli(['--script', file]);
    children.push(child);
    const client = new Anthropic({ apiKey: 'k', baseURL: await url, maxRetries: 0 });
    const params = { model: MODEL, max_tokens: 50, messages: [{ role: 'user' as const, content: 'go' }] };
    expect(await client.messages.stream(params).finalText()).toBe('from the file');
    await expect(client.messages.create(params)).rejects.toThrow(/script ran out of turns/);
  }, 30_000);

  it('exits with a message naming the problem when the script file is invalid', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fake-anthropic-')), 'bad.json');
    writeFileSync(file, JSON.stringify([{ content: [{ type: 'text' }] }]));
    const { child, url } = startCli(['--script', file]);
    children.push(child);
    await expect(url).rejects.toThrow(/invalid script[\s\S]*text/);
  }, 30_000);
});
