/**
 * Runs the Claude Agent SDK's `query()` (@anthropic-ai/claude-agent-sdk, a test-only dependency) against the
 * built CLI, dist/cli.js, with the fake Anthropic API as the model: what the SDK yields, the CLI's stderr and
 * the child's exit are all kept for the test to assert on. `pathToClaudeCodeExecutable` is always set, so the
 * SDK never falls back to the Claude Code binary it bundles.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  query,
  type Options,
  type Query,
  type SDKMessage,
  type SDKResultMessage,
  type SDKUserMessage,
} from '@anthropic-ai/claude-agent-sdk';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fixtures/fake-anthropic';

export const CLI_BUNDLE = path.resolve(__dirname, '../../dist/cli.js');
export const API_KEY = 'sk-agent-sdk-test';

/** A fresh workspace and home (CODEWRIGHT_HOME and HOME, so no settings of the machine's user leak in). */
export interface SdkSandbox {
  workspace: string;
  home: string;
}

export function makeSandbox(): SdkSandbox {
  return {
    workspace: mkdtempSync(path.join(tmpdir(), 'cw-agentsdk-ws-')),
    home: mkdtempSync(path.join(tmpdir(), 'cw-agentsdk-home-')),
  };
}

/**
 * The pids of the CLI processes started for this sandbox (found by their CODEWRIGHT_HOME in /proc), so a test
 * can see the process exit. Linux only, as the test machines are.
 */
export function cliProcessesOf(box: SdkSandbox): number[] {
  const marker = `CODEWRIGHT_HOME=${box.home}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(CLI_BUNDLE) && readFileSync(`/proc/${entry}/environ`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return pids;
}

/** The CLI's environment: the test's own, without provider or model overrides, pointed at the fake API. */
function cliEnv(fake: FakeAnthropic, box: SdkSandbox): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(ANTHROPIC_|CLAUDE_CODE_|CODEWRIGHT_|AWS_|CLOUD_ML_|VERTEX_)/.test(name)) delete env[name];
  }
  return { ...env, ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url, CODEWRIGHT_HOME: box.home, HOME: box.home };
}

export function sdkOptions(fake: FakeAnthropic, box: SdkSandbox, extra: Options, onStderr: (data: string) => void): Options {
  return {
    ...extra,
    pathToClaudeCodeExecutable: CLI_BUNDLE,
    executable: 'node',
    cwd: box.workspace,
    env: cliEnv(fake, box),
    stderr: onStderr,
  };
}

/** One query() in progress: the messages so far, the stderr so far, and `done` once the iterator ended. */
export interface SdkRun {
  query: Query;
  messages: SDKMessage[];
  stderr: () => string;
  /** Resolves when the SDK's iterator finished; `error` is what it threw, if it did. */
  done: Promise<{ error: unknown }>;
  results: () => SDKResultMessage[];
  /** Waits until `count` results have been yielded (the iterator failing first is an error naming stderr). */
  waitForResults: (count: number) => Promise<SDKResultMessage[]>;
  /** Polls `check` until it holds; fails at once (with stderr) if the query ends first. */
  waitUntil: (what: string, check: () => boolean) => Promise<void>;
}

/** Queries still running, so a failed test's child process does not outlive it (`closeOpenQueries`). */
const open = new Set<Query>();

/** Closes every query still running (the SDK kills its CLI process); for afterEach. */
export function closeOpenQueries(): void {
  for (const q of open) q.close();
  open.clear();
}

export function startQuery(
  fake: FakeAnthropic,
  box: SdkSandbox,
  prompt: string | AsyncIterable<SDKUserMessage>,
  options: Options = {},
): SdkRun {
  let stderr = '';
  const messages: SDKMessage[] = [];
  const q = query({ prompt, options: sdkOptions(fake, box, options, (d) => (stderr += d)) });
  open.add(q);
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  let ended = false;
  let failure: unknown;
  const done = (async () => {
    try {
      for await (const m of q) {
        messages.push(m);
        wake();
      }
    } catch (error) {
      failure = error;
    } finally {
      open.delete(q);
      ended = true;
      wake();
    }
    return { error: failure };
  })();
  const results = () => messages.filter((m): m is SDKResultMessage => m.type === 'result');
  const waitForResults = (count: number) =>
    new Promise<SDKResultMessage[]>((resolve, reject) => {
      const check = () => {
        if (results().length >= count) {
          waiters.delete(check);
          resolve(results());
        } else if (ended) {
          waiters.delete(check);
          reject(new Error(`query() ended after ${results().length} of ${count} results${describeEnd(failure, stderr)}`));
        }
      };
      waiters.add(check);
      check();
    });
  const waitUntil = async (what: string, check: () => boolean) => {
    while (!check()) {
      if (ended) throw new Error(`query() ended before ${what}${describeEnd(failure, stderr)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { query: q, messages, stderr: () => stderr, done, results, waitForResults, waitUntil };
}

function describeEnd(error: unknown, stderr: string): string {
  const why = error === undefined ? '' : `; the SDK threw: ${error instanceof Error ? error.message : String(error)}`;
  // The first lines say what went wrong; a usage text after them adds nothing.
  const shown = stderr.length > 1500 ? `${stderr.slice(0, 1500)}… (${stderr.length} characters)` : stderr;
  return `${why}\n--- CLI stderr ---\n${shown || '(empty)'}`;
}

/**
 * Whether the SDK's throw is only its way of ending a run whose last result was an error: it throws "Claude
 * Code returned an error result: …" when the process then exits non-zero, as Claude Code itself does.
 */
export function isErrorResultExit(error: unknown, result: SDKResultMessage | undefined): boolean {
  return result?.is_error === true && error instanceof Error && error.message.startsWith('Claude Code returned an error result');
}

/**
 * Runs a query to its end; fails with the SDK's error and the CLI's stderr when it yields no result or throws
 * (other than after an error result, see isErrorResultExit).
 */
export async function runQuery(
  fake: FakeAnthropic,
  box: SdkSandbox,
  prompt: string | AsyncIterable<SDKUserMessage>,
  options: Options = {},
): Promise<{ messages: SDKMessage[]; result: SDKResultMessage; stderr: string }> {
  const run = startQuery(fake, box, prompt, options);
  const { error } = await run.done;
  const result = run.results().at(-1);
  if (!result || (error !== undefined && !isErrorResultExit(error, result))) throw new Error(`query() failed${describeEnd(error, run.stderr())}`);
  return { messages: run.messages, result, stderr: run.stderr() };
}

/** Streaming input: user messages pushed one at a time, the stream ended with `end()`. */
export class InputQueue implements AsyncIterable<SDKUserMessage> {
  private readonly items: SDKUserMessage[] = [];
  private closed = false;
  private wake: (() => void) | undefined;

  push(text: string): void {
    this.items.push({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null });
    this.wake?.();
  }

  end(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<SDKUserMessage> {
    for (;;) {
      const next = this.items.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

// ---- What the fake API received ----

type Block = Record<string, unknown> & { type: string };
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: string | Block[];
}

export function messagesOf(request: RecordedRequest | undefined): ApiMessage[] {
  return ((request?.body['messages'] as ApiMessage[] | undefined) ?? []).slice();
}

export function blocksOf(message: ApiMessage | undefined): Block[] {
  if (!message) return [];
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/** The tool_result block for `id` in a request's messages, if any. */
export function toolResultIn(request: RecordedRequest | undefined, id: string): Block | undefined {
  for (const m of messagesOf(request)) {
    const hit = blocksOf(m).find((b) => b.type === 'tool_result' && b['tool_use_id'] === id);
    if (hit) return hit;
  }
  return undefined;
}

/** The text of a tool_result's content (a string, or text blocks joined). */
export function resultText(block: Block | undefined): string {
  const content = block?.['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c: { type?: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** Every text a message carries, tool results and reminders included, as one string to search. */
export function textOf(message: ApiMessage | undefined): string {
  return blocksOf(message)
    .map((b) => (b.type === 'text' ? String(b['text']) : b.type === 'tool_result' ? resultText(b) : ''))
    .join('\n');
}

/** The user/assistant texts of a request, in order: a compact view of the conversation it carried. */
export function transcriptOf(request: RecordedRequest | undefined): string[] {
  return messagesOf(request).map((m) => `${m.role}: ${textOf(m)}`);
}

/**
 * The fake API for a describe block of Agent SDK tests: started once, its recorded requests cleared before
 * each test, and any query a test left open closed after it. Call it at the top of the block.
 */
export function useFakeApi(): () => FakeAnthropic {
  let fake: FakeAnthropic | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    if (fake) fake.requests.length = 0;
  });
  afterEach(closeOpenQueries);
  return () => {
    if (!fake) throw new Error('the fake API is not started yet (useFakeApi runs in beforeAll)');
    return fake;
  };
}
