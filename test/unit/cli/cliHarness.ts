/** Runs the headless CLI as a real child process (through tsx), against a fake API on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeAnthropic, FakeAnthropicOptions } from '../../fixtures/fake-anthropic';
import { useSharedFake } from '../fakeApi';

const MAIN = path.resolve(__dirname, '../../../extension/cli/main.ts');
/** tsx's loader by absolute URL: the child runs in a temp folder where a bare `tsx` would not resolve. */
const TSX = pathToFileURL(path.resolve(__dirname, '../../../node_modules/tsx/dist/loader.mjs')).href;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The API key cliEnv gives the CLI, which useCliFake's fake API asks for. */
const CLI_API_KEY = 'sk-cli-test';

export function cliEnv(baseUrl: string, extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; cwd: string; home: string } {
  const cwd = mkdtempSync(path.join(tmpdir(), 'cw-cli-ws-'));
  const home = mkdtempSync(path.join(tmpdir(), 'cw-cli-home-'));
  // CLAUDE_CONFIG_DIR in the temp home: the runs never load the plugins installed on this machine.
  return { cwd, home, env: { ...process.env, ANTHROPIC_API_KEY: CLI_API_KEY, ANTHROPIC_BASE_URL: baseUrl, CODEWRIGHT_HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), ...extra } };
}

/** The describe block's fake API (useSharedFake), asking for the key cliEnv gives the CLI. */
export function useCliFake(opts: Omit<FakeAnthropicOptions, 'apiKey'> = {}): FakeAnthropic {
  return useSharedFake({ apiKey: CLI_API_KEY, ...opts });
}

/** `stdin`, when given, is written to the CLI's standard input before it is closed. */
export function startCli(args: string[], where: { env: NodeJS.ProcessEnv; cwd: string }, stdin?: string): { child: ChildProcess; done: Promise<CliRun>; stdout: () => string } {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], { cwd: where.cwd, env: where.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin!.end(stdin);
  const done = new Promise<CliRun>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done, stdout: () => stdout };
}

export function runCli(args: string[], where: { env: NodeJS.ProcessEnv; cwd: string }, stdin?: string): Promise<CliRun> {
  return startCli(args, where, stdin).done;
}

export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
